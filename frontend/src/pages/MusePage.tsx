import { Lightbulb } from 'lucide-react';
import { ComingSoon } from '@/features/coming-soon/ComingSoon';

export default function MusePage() {
  return (
    <ComingSoon
      title="TrendMuse"
      tagline="AI inspiration, captions and strategy"
      description="Never stare at a blank prompt again. TrendMuse suggests ideas, writes captions and plans when to post."
      icon={Lightbulb}
      features={['Daily idea drops per trend', 'Captions in five voices', 'Posting strategy that fits your audience']}
    />
  );
}
