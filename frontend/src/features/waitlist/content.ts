import type { WaitlistInterest } from '@trendforge/contracts';
import { Crown, Gift, Share2, Sparkles, UserPlus, Zap, type LucideIcon } from 'lucide-react';

/** The join form's interest options; Record keeps them in step with the server's list. */
export const INTEREST_LABELS: Record<WaitlistInterest, string> = {
  pixar: 'Pixar Style',
  ghibli: 'Ghibli Style',
  barbie: 'Barbie Doll Box',
  collectible: 'Collectible Action Figure',
  simpsons: 'Simpsons Style',
  disney: 'Disney Style',
  other: 'Something else',
};
export const INTERESTS = Object.keys(INTEREST_LABELS) as WaitlistInterest[];
export const DEFAULT_INTEREST: WaitlistInterest = 'pixar';

/** Shown until GET /api/waitlist/count answers (spec part 1 section 9). */
export const WAITLIST_COUNT_PLACEHOLDER = 487;

/** Four trends as cards; the picture is the studio engine's preview of the trend (gradient while it loads). */
export const SAMPLE_STYLES: { slug: string; name: string; text: string; from: string; via: string; to: string }[] = [
  { slug: 'pixar', name: 'Pixar Style', text: 'Big-eyed 3D animation charm', from: '#7c3aed', via: '#a855f7', to: '#ec4899' },
  { slug: 'ghibli', name: 'Ghibli Style', text: 'Hand-painted anime wonder', from: '#059669', via: '#0ea5e9', to: '#6366f1' },
  { slug: 'barbie', name: 'Barbie Doll Box', text: 'Pink doll-world glamour', from: '#db2777', via: '#f472b6', to: '#fb7185' },
  { slug: 'collectible', name: 'Collectible Figure', text: 'You, boxed as a toy', from: '#ea580c', via: '#f59e0b', to: '#d946ef' },
];

export const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: UserPlus, title: 'Join the waitlist', text: 'Add your name and email and tell us which style you can’t wait to try.' },
  { icon: Share2, title: 'Share your link', text: 'Every friend who joins through your referral link earns you 3 free credits.' },
  { icon: Zap, title: 'Get early access', text: 'Be first in when we launch, with 3 free starter credits and 50% off your first month.' },
];

export const PLANS: { name: string; price: string; period: string; credits: string; icon: LucideIcon; features: string[]; highlight?: boolean }[] = [
  {
    name: 'Free',
    price: '$0',
    period: 'forever',
    credits: '3 free starter credits',
    icon: Sparkles,
    features: ['Free trending styles', '3 free credits per friend you refer', 'Download and share'],
  },
  {
    name: 'Basic',
    price: '$9.99',
    period: 'per month',
    credits: '25 credits per month',
    icon: Gift,
    features: ['Premium trend styles', 'Selfie personalisation', '50% off your first month'],
  },
  {
    name: 'Pro',
    price: '$19.99',
    period: 'per month',
    credits: 'Unlimited generations',
    icon: Crown,
    features: ['Every premium style', 'Priority generation', '50% off your first month'],
    highlight: true,
  },
];
