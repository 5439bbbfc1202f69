import { Download, Star, Video, type LucideIcon } from 'lucide-react';

/**
 * Marketing figures (spec part 1 sections 1, 2 and 9): the hero's and the stats strip's, apart from
 * content.ts, which only the sections below the fold use (they load later: BelowTheFold.tsx).
 */
export const HERO_STATS: { value: string; label: string; icon: LucideIcon }[] = [
  { value: '4.8', label: 'rating', icon: Star },
  { value: '1M+', label: 'downloads', icon: Download },
  { value: '50K+', label: 'viral videos', icon: Video },
];

export const STATS_STRIP: { value: string; label: string }[] = [
  { value: '4.8/5', label: 'from 10K+ creators' },
  { value: '1M+', label: 'downloads' },
  { value: '#1', label: 'AI photo app' },
  { value: '120+', label: 'countries' },
];

