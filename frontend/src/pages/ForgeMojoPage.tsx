import { Wand2 } from 'lucide-react';
import { ComingSoon } from '@/features/coming-soon/ComingSoon';

export default function ForgeMojoPage() {
  return (
    <ComingSoon
      title="Mojo Wizard"
      tagline="Guided generation, one step at a time"
      description="Choose a trend, describe it, personalise it and pick a variation — the wizard walks you through every step."
      icon={Wand2}
      features={['Prompt enhancement', 'Personal touches', 'Four style variations']}
    />
  );
}
