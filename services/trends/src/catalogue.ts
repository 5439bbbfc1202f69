import type { TrendEntity } from './trend.entity.js';

type Seed = Pick<TrendEntity, 'slug' | 'name' | 'description' | 'prompt' | 'promptTemplate' | 'category' | 'isWeeklyTrend' | 'premium' | 'creditsRequired' | 'verified' | 'available'>;

/**
 * The seeded catalogue. Seeding upserts by slug, so it is safe on every start and keeps counters.
 * DESIGN.md: ghibli costs 3 credits everywhere; weekly trends are free.
 */
export const catalogue: Seed[] = [
  {
    slug: 'pixar', name: 'Pixar', category: 'Trend of the Week', isWeeklyTrend: true, premium: false, creditsRequired: 0, verified: true, available: true,
    description: 'Turn anything into a warm, glossy 3D-animation film still with big expressive eyes and cinematic lighting.',
    prompt: 'A 3D animated movie still in the style of a modern animation studio',
    promptTemplate: 'A 3D animated movie still of {subject}, soft global illumination, expressive features, vibrant colours',
  },
  {
    slug: 'collectible', name: 'Collectible Action Figure', category: 'Bestseller', isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: true, available: true,
    description: 'You, boxed as a collectible action figure: blister pack, backing card, your name in big letters and accessories.',
    prompt: 'A collectible action figure in a blister pack on a printed backing card',
    promptTemplate: 'A collectible action figure of {subject} in a blister pack with accessories and bold packaging text',
  },
  {
    slug: 'barbie', name: 'Doll Box', category: 'Premium', isWeeklyTrend: false, premium: true, creditsRequired: 1, verified: true, available: true,
    description: 'A fashion doll in a pink window box, glossy and glamorous, with your name on the logo.',
    prompt: 'A fashion doll in a pink toy box with a window and a glamorous logo',
    promptTemplate: 'A fashion doll version of {subject} in a pink window toy box, glossy plastic, glamorous logo',
  },
  {
    slug: 'ghibli', name: 'Ghibli', category: 'Premium', isWeeklyTrend: false, premium: true, creditsRequired: 3, verified: true, available: true,
    description: 'Hand-painted pastoral anime scenes: soft skies, rolling hills and warm afternoon light.',
    prompt: 'A hand-painted anime film scene with watercolour skies and rolling hills',
    promptTemplate: 'A hand-painted anime film scene of {subject}, watercolour sky, soft hills, warm light',
  },
  {
    slug: 'magazine-cover', name: 'Magazine Cover', category: 'New', isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: false, available: true,
    description: 'Front-page glamour: a bold masthead, cover lines and you as the star of the issue.',
    prompt: 'A glossy fashion magazine cover with a bold masthead and cover lines',
    promptTemplate: 'A glossy magazine cover featuring {subject}, bold masthead, cover lines, studio lighting',
  },
];
