import { PlansScreen } from './PlansScreen';

export default function PlansPage() {
  return <PlansScreen />;
}
