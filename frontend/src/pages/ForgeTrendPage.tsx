import { useParams } from 'react-router-dom';
import { CreatorScreen } from '@/features/creator';

export default function ForgeTrendPage() {
  const { id = '' } = useParams();
  return <CreatorScreen slug={id} />;
}
