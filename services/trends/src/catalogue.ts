import { StyleOptionTexts, TrendStyleFlags, type CatalogueSlug, type StyleOption } from '@trendforge/contracts';

export interface CatalogueTrend {
  slug: CatalogueSlug;
  name: string;
  description: string;
  prompt: string;
  promptTemplate: string;
  /** The trend's own category; the weekly trend is shown as "Trend of the Week" on top of it. */
  category: string;
  premium: boolean;
  creditsRequired: number;
  verified: boolean;
  available: boolean;
  vibes: string[];
  personalizationSupported: boolean;
  /** When the trend joined the catalogue (the Board's "Newest" tab). */
  addedAt: string;
}

/** The style options of a catalogue slug: exactly the flags trend-looks lists for it (its prompt phrase stays server-side). */
export function styleOptionsOf(slug: CatalogueSlug): Array<StyleOption & { key: string }> {
  return TrendStyleFlags[slug].map((flag) => ({ key: flag, label: StyleOptionTexts[flag].label, description: StyleOptionTexts[flag].description }));
}

/** The week the seeded catalogue starts with pixar as its free Trend of the Week (DESIGN.md). */
export const InitialWeeklySlug: CatalogueSlug = 'pixar';

/**
 * The seeded catalogue, the 18 slugs of contracts' trend-looks. Seeding inserts missing trends and
 * refreshes untouched ones; a trend an admin edited is never overwritten (see TrendsService.seed).
 * DESIGN.md: ghibli costs 3 credits everywhere; weekly trends are free.
 */
export const catalogue: CatalogueTrend[] = [
  {
    slug: 'pixar', name: 'Pixar', category: 'Free', premium: false, creditsRequired: 0, verified: true, available: true, addedAt: '2025-09-01',
    description: 'Turn anything into a warm, glossy 3D-animation film still with big expressive eyes and cinematic lighting.',
    prompt: 'A 3D animated movie still in the style of a modern animation studio',
    promptTemplate: 'A 3D animated movie still of {subject}, soft global illumination, expressive features, vibrant colours',
    vibes: ['Heartwarming', 'Adventurous', 'Playful', 'Cinematic'], personalizationSupported: true,
  },
  {
    slug: 'collectible', name: 'Collectible Action Figure', category: 'Bestseller', premium: false, creditsRequired: 0, verified: true, available: true, addedAt: '2025-09-02',
    description: 'You, boxed as a collectible action figure: blister pack, backing card, your name in big letters and accessories.',
    prompt: 'A collectible action figure in a blister pack on a printed backing card',
    promptTemplate: 'A collectible action figure of {subject} in a blister pack with accessories and bold packaging text',
    vibes: ['Heroic', 'Nostalgic', 'Collector grade', 'Office life'], personalizationSupported: true,
  },
  {
    slug: 'barbie', name: 'Doll Box', category: 'Premium', premium: true, creditsRequired: 1, verified: true, available: true, addedAt: '2025-09-03',
    description: 'A fashion doll in a pink window box, glossy and glamorous, with your name on the logo.',
    prompt: 'A fashion doll in a pink toy box with a window and a glamorous logo',
    promptTemplate: 'A fashion doll version of {subject} in a pink window toy box, glossy plastic, glamorous logo',
    vibes: ['Glamorous', 'Dreamy', 'Sassy', 'Beach day'], personalizationSupported: true,
  },
  {
    slug: 'ghibli', name: 'Ghibli', category: 'Premium', premium: true, creditsRequired: 3, verified: true, available: true, addedAt: '2025-09-04',
    description: 'Hand-painted pastoral anime scenes: soft skies, rolling hills and warm afternoon light.',
    prompt: 'A hand-painted anime film scene with watercolour skies and rolling hills',
    promptTemplate: 'A hand-painted anime film scene of {subject}, watercolour sky, soft hills, warm light',
    vibes: ['Peaceful', 'Nostalgic', 'Whimsical', 'Summer breeze'], personalizationSupported: true,
  },
  {
    slug: 'magazine-cover', name: 'Magazine Cover', category: 'New', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2025-11-10',
    description: 'Front-page glamour: a bold masthead, cover lines and you as the star of the issue.',
    prompt: 'A glossy fashion magazine cover with a bold masthead and cover lines',
    promptTemplate: 'A glossy magazine cover featuring {subject}, bold masthead, cover lines, studio lighting',
    vibes: ['Iconic', 'Editorial', 'Power pose', 'Red carpet'], personalizationSupported: true,
  },
  {
    slug: 'comic', name: 'Comic Hero', category: 'Featured', premium: false, creditsRequired: 0, verified: true, available: true, addedAt: '2025-09-08',
    description: 'Leap off the page as a modern comic hero with bold inks, halftone shading and a punchy speech bubble.',
    prompt: 'A modern comic book panel with bold inks and halftone shading',
    promptTemplate: 'A comic book panel of {subject}, bold ink outlines, halftone dots, dynamic action lines',
    vibes: ['Action-packed', 'Funny', 'Dramatic', 'Heroic'], personalizationSupported: true,
  },
  {
    slug: 'pixel', name: 'Pixel Art', category: 'Limited', premium: false, creditsRequired: 0, verified: true, available: true, addedAt: '2025-09-15',
    description: 'Retro 8-bit sprite art straight out of a classic console game, scanlines included.',
    prompt: 'A retro 8-bit pixel art game scene with a limited colour palette',
    promptTemplate: '8-bit pixel art of {subject} as a video game sprite, retro palette, crisp pixels',
    vibes: ['Retro gaming', 'Arcade', 'Boss fight', 'Cozy'], personalizationSupported: true,
  },
  {
    slug: 'clay', name: 'Claymation', category: 'New', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2025-11-03',
    description: 'Handmade plasticine charm: soft shapes, fingerprint texture and a tiny stop-motion set.',
    prompt: 'A claymation stop-motion scene made of soft plasticine',
    promptTemplate: 'A claymation figure of {subject}, plasticine texture, soft shadows, miniature stop-motion set',
    vibes: ['Cute', 'Quirky', 'Handmade', 'Cozy'], personalizationSupported: true,
  },
  {
    slug: 'vaporwave', name: 'Vaporwave', category: 'Experimental', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2025-10-06',
    description: 'Neon grids, a striped sunset and chrome lettering: pure 80s internet nostalgia.',
    prompt: 'A vaporwave aesthetic scene with a neon grid and a retro sunset',
    promptTemplate: 'A vaporwave scene with {subject}, neon grid floor, striped sunset, glitch effects, chrome text',
    vibes: ['Nostalgic', 'Chill', 'Surreal', 'Night drive'], personalizationSupported: false,
  },
  {
    slug: 'dreamcore', name: 'Dreamcore', category: 'Experimental', premium: false, creditsRequired: 0, verified: false, available: false, addedAt: '2025-11-17',
    description: 'Soft, surreal, half-remembered places: pastel haze, floating clouds and doors to nowhere.',
    prompt: 'A dreamcore surreal scene in soft pastel haze',
    promptTemplate: 'A dreamcore scene with {subject}, pastel haze, floating clouds, surreal doors',
    vibes: ['Liminal', 'Dreamy', 'Eerie', 'Soft'], personalizationSupported: false,
  },
  {
    slug: 'renaissance', name: 'Renaissance Portrait', category: 'Premium', premium: true, creditsRequired: 2, verified: true, available: true, addedAt: '2025-09-22',
    description: 'An old-master oil portrait in a gilded frame, lit like a museum treasure.',
    prompt: 'A Renaissance old-master oil portrait in a gilded frame',
    promptTemplate: 'A Renaissance oil portrait of {subject}, chiaroscuro lighting, sfumato, gilded frame',
    vibes: ['Regal', 'Timeless', 'Dramatic', 'Museum piece'], personalizationSupported: true,
  },
  {
    slug: 'anime', name: 'Anime Character', category: 'Bestseller', premium: false, creditsRequired: 0, verified: true, available: true, addedAt: '2025-09-10',
    description: 'Become the lead of your own anime: sparkling eyes, cel shading and drifting sakura petals.',
    prompt: 'An anime key visual of a main character',
    promptTemplate: 'An anime character portrait of {subject}, cel shading, sparkling eyes, sakura petals',
    vibes: ['Shonen energy', 'Slice of life', 'Romantic', 'Epic'], personalizationSupported: true,
  },
  {
    slug: 'cyberpunk', name: 'Cyberpunk', category: 'Pro Only', premium: true, creditsRequired: 2, verified: true, available: true, addedAt: '2025-10-13',
    description: 'Rain-soaked neon streets of a future megacity, with holographic glitches and rim light.',
    prompt: 'A cyberpunk night street scene with neon signs and rain',
    promptTemplate: 'A cyberpunk portrait of {subject}, neon rim light, rain streaks, holographic glitches, city signs',
    vibes: ['Gritty', 'Futuristic', 'Mysterious', 'Rebel'], personalizationSupported: true,
  },
  {
    slug: 'oil-painting', name: 'Oil Painting', category: 'Premium', premium: true, creditsRequired: 1, verified: false, available: true, addedAt: '2025-10-20',
    description: 'Rich, textured brushwork on canvas in a warm classical palette.',
    prompt: 'A classical oil painting with thick impasto brushwork on canvas',
    promptTemplate: 'An oil painting of {subject}, thick impasto brushstrokes, canvas texture, warm palette',
    vibes: ['Classic', 'Romantic', 'Moody', 'Gallery'], personalizationSupported: true,
  },
  {
    slug: 'vintage-comic', name: 'Vintage Comic', category: 'Limited', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2025-10-27',
    description: 'A golden-age comic page on yellowed paper with Ben-Day dots and a narration box.',
    prompt: 'A 1950s vintage comic book panel on aged newsprint',
    promptTemplate: 'A 1950s vintage comic panel of {subject}, Ben-Day dots, aged paper, caption box',
    vibes: ['Retro', 'Pulp adventure', 'Romance', 'Sci-fi serial'], personalizationSupported: true,
  },
  {
    slug: 'disney', name: 'Disney', category: 'Premium', premium: true, creditsRequired: 2, verified: true, available: true, addedAt: '2025-09-05',
    description: 'A classic fairytale animation look: storybook castles, enchanted forests and a touch of magic.',
    prompt: 'A classic fairytale animated film scene with storybook magic',
    promptTemplate: 'A fairytale animated film character of {subject}, enchanted setting, magical glow, expressive eyes',
    vibes: ['Enchanting', 'Romantic', 'Brave', 'Musical'], personalizationSupported: true,
  },
  {
    slug: 'simpsons', name: 'Simpsons', category: 'New', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2025-11-14',
    description: 'Yellow skin, an overbite and a sunny cartoon hometown: you as a classic sitcom character.',
    prompt: 'A classic yellow-skinned animated sitcom character scene',
    promptTemplate: 'A yellow-skinned animated sitcom character of {subject}, overbite, bold outlines, sunny cartoon town',
    vibes: ['Funny', 'Sarcastic', 'Family time', 'Couch gag'], personalizationSupported: true,
  },
  {
    slug: '3d-figurine', name: '3D Figurine', category: 'New', premium: false, creditsRequired: 0, verified: false, available: true, addedAt: '2026-11-25',
    description: 'You as a 1/7-scale collectible figure on a clear acrylic base, on a desk beside its box and the screen it was modelled on.',
    prompt: 'A 1/7 scale collectible figurine on a round clear acrylic base on a desk',
    promptTemplate: 'A 1/7 scale commercialized collectible figurine of {subject}, realistic PVC finish, standing on a round transparent acrylic base on a computer desk, its printed collector box beside it, a monitor showing the figure being modelled in 3D software',
    vibes: ['Collector', 'Desk setup', 'Premium', 'Playful'], personalizationSupported: true,
  },
];
