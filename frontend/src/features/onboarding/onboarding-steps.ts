import type { Role } from '@/lib/types';

export interface TourStep {
  id: 'styles' | 'forge' | 'creations' | 'visibility';
  title: string;
  description: string;
}

const STEPS: TourStep[] = [
  { id: 'styles', title: 'Try Trending Styles', description: 'Pick a viral look — 3D animation, anime, doll box, toy box and more — and see it come alive.' },
  { id: 'forge', title: 'Forge with AI', description: 'Describe your idea, add your photo or a few words about yourself, and the Forge does the rest.' },
  { id: 'creations', title: 'Track Your Creations', description: 'Everything you make lands on your dashboard, ready to save, favourite, download and share.' },
  { id: 'visibility', title: 'Boost Visibility', description: 'Your Pro plan puts your creations first in line: priority generation and early access to new drops.' },
];

/** Spec part 1 section 2: Boost Visibility is only for pro and pro_unlimited. */
export function tourStepsFor(role: Role): TourStep[] {
  const pro = role === 'pro' || role === 'pro_unlimited';
  return STEPS.filter((step) => step.id !== 'visibility' || pro);
}

/** Spec part 2 section 9: onboarding timings. */
export const WELCOME_AUTO_ADVANCE_MS = 4000;
export const WELCOME_FADE_MS = 500;
export const START_CREATING_DELAY_MS = 300;
export const FIRST_TREND_DELAY_MS = 500;
export const FIRST_TREND_PATH = '/forge/pixar?autoGenerate=true';
