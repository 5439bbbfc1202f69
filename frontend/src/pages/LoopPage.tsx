import { Repeat } from 'lucide-react';
import { ComingSoon } from '@/features/coming-soon/ComingSoon';

export default function LoopPage() {
  return (
    <ComingSoon
      title="TrendLoop"
      tagline="Remix viral styles"
      description="Take any trending look and loop it into endless remixes: new subjects, new vibes, same viral energy."
      icon={Repeat}
      features={['One-tap remixes of top trends', 'Vibe sliders for every style', 'Batch variations for A/B posts']}
    />
  );
}
