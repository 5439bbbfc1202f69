import { WizardScreen } from '@/features/wizard/WizardScreen';

export default function ForgeMojoPage() {
  return <WizardScreen />;
}
