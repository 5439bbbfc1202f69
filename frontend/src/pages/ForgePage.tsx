import { ForgeScreen } from '@/features/forge/ForgeScreen';

export default function ForgePage() {
  return <ForgeScreen />;
}
