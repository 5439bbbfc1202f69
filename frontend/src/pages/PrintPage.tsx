import { Printer } from 'lucide-react';
import { ComingSoon } from '@/features/coming-soon/ComingSoon';

export default function PrintPage() {
  return (
    <ComingSoon
      title="TrendPrint"
      tagline="Your creations as physical merchandise"
      description="Turn your best creations into posters, tees, stickers and phone cases, shipped to your door."
      icon={Printer}
      features={['Posters and canvas prints', 'Tees, hoodies and stickers', 'Phone cases and mugs']}
    />
  );
}
