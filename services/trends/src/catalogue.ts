import { TrendStyleFlags, type CatalogueSlug, type StyleOption } from '@trendforge/contracts';

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

/** Label and description of every style flag the catalogue uses (keys from contracts' trend-looks). */
export const StyleOptionTexts: Record<string, StyleOption> = {
  exaggerated_eyes: { label: 'Exaggerated Eyes', description: 'Big, sparkling animated-film eyes full of personality' },
  enhance_lighting: { label: 'Enhanced Lighting', description: 'Soft cinematic key light with a warm rim glow' },
  vibrant_colors: { label: 'Vibrant Colors', description: 'Saturated, candy-bright colours that pop on any feed' },
  emotional_expression: { label: 'Emotional Expression', description: 'A stronger, more expressive face and pose' },
  add_glitter: { label: 'Add Glitter', description: 'Sprinkles sparkling glitter across the scene' },
  brighter_colors: { label: 'Brighter Colors', description: 'Pushes the pinks and pastels even brighter' },
  toy_box_frame: { label: 'Toy Box Frame', description: 'Puts the figure inside its retail packaging with a window' },
  shiny_blur: { label: 'Shiny Blur', description: 'A dreamy glossy bloom around the highlights' },
  hand_painted: { label: 'Hand Painted', description: 'Visible watercolour brushwork and soft edges' },
  nature_focus: { label: 'Nature Focus', description: 'Rolling hills, tall grass and big summer clouds' },
  magical_elements: { label: 'Magical Elements', description: 'Floating spirits, glowing motes and gentle magic' },
  warm_lighting: { label: 'Warm Lighting', description: 'Golden afternoon light over the whole scene' },
  magical_forest: { label: 'Magical Forest', description: 'An enchanted forest backdrop with glowing trees' },
  fairytale_castle: { label: 'Fairytale Castle', description: 'A storybook castle on the horizon' },
  animal_companions: { label: 'Animal Companions', description: 'Friendly woodland animals keep you company' },
  magical_glow: { label: 'Magical Glow', description: 'A soft sparkle of fairy dust around the subject' },
  yellow_skin: { label: 'Yellow Skin', description: 'The classic bright yellow cartoon skin tone' },
  overbite: { label: 'Overbite', description: 'The signature cartoon overbite and round eyes' },
  simpson_house: { label: 'Family House', description: 'The famous suburban family house behind you' },
  springfield_scene: { label: 'Hometown Scene', description: 'A sunny cartoon small-town street scene' },
  accessory_pack: { label: 'Accessory Pack', description: 'Adds a row of mini accessories next to the figure' },
  glossy_plastic: { label: 'Glossy Plastic', description: 'Shiny moulded-plastic skin and hair' },
  limited_edition: { label: 'Limited Edition', description: 'A numbered limited-edition sticker on the box' },
  bold_masthead: { label: 'Bold Masthead', description: 'A huge magazine title across the top' },
  cover_lines: { label: 'Cover Lines', description: 'Catchy headlines around the cover star' },
  studio_lighting: { label: 'Studio Lighting', description: 'Clean fashion-shoot lighting with a soft backdrop' },
  barcode: { label: 'Barcode', description: 'A price tag and barcode in the corner' },
  halftone_dots: { label: 'Halftone Dots', description: 'Printed halftone dot shading' },
  speech_bubble: { label: 'Speech Bubble', description: 'A speech bubble with a punchy line' },
  action_lines: { label: 'Action Lines', description: 'Dynamic speed and impact lines' },
  bold_inks: { label: 'Bold Inks', description: 'Thick black ink outlines' },
  retro_palette: { label: 'Retro Palette', description: 'A limited 8-bit console colour palette' },
  scanlines: { label: 'Scanlines', description: 'CRT scanlines over the picture' },
  pixel_border: { label: 'Pixel Border', description: 'A chunky pixel-art frame' },
  chunky_pixels: { label: 'Chunky Pixels', description: 'Bigger, more visible pixels' },
  fingerprint_texture: { label: 'Fingerprint Texture', description: 'Tiny thumbprints pressed into the clay' },
  soft_shadows: { label: 'Soft Shadows', description: 'Soft studio shadows under every shape' },
  pastel_clay: { label: 'Pastel Clay', description: 'Gentle pastel plasticine colours' },
  stop_motion_set: { label: 'Stop-Motion Set', description: 'A handmade miniature set behind you' },
  neon_grid: { label: 'Neon Grid', description: 'A glowing synthwave floor grid' },
  sunset_sun: { label: 'Sunset Sun', description: 'A striped retro sun on the horizon' },
  glitch_lines: { label: 'Glitch Lines', description: 'VHS glitch bands across the frame' },
  chrome_text: { label: 'Chrome Text', description: 'Shiny chrome lettering' },
  soft_haze: { label: 'Soft Haze', description: 'A milky, dreamlike haze' },
  floating_clouds: { label: 'Floating Clouds', description: 'Puffy clouds drifting indoors' },
  surreal_doors: { label: 'Surreal Doors', description: 'Doors that open onto nowhere' },
  pastel_glow: { label: 'Pastel Glow', description: 'A soft pastel light from everywhere at once' },
  gilded_frame: { label: 'Gilded Frame', description: 'An ornate gold museum frame' },
  craquelure: { label: 'Craquelure', description: 'Fine cracks of centuries-old varnish' },
  chiaroscuro: { label: 'Chiaroscuro', description: 'Dramatic light against deep shadow' },
  sfumato: { label: 'Sfumato', description: 'Smoky, softly blended edges' },
  speed_lines: { label: 'Speed Lines', description: 'Radiating anime speed lines' },
  sparkle_eyes: { label: 'Sparkle Eyes', description: 'Big shining anime eyes with highlights' },
  cel_shading: { label: 'Cel Shading', description: 'Flat, crisp two-tone shading' },
  sakura_petals: { label: 'Sakura Petals', description: 'Cherry blossom petals in the air' },
  neon_rim_light: { label: 'Neon Rim Light', description: 'Pink and cyan neon outlining the subject' },
  rain_streaks: { label: 'Rain Streaks', description: 'Night rain streaking past' },
  holo_glitch: { label: 'Holo Glitch', description: 'Holographic glitches and HUD fragments' },
  city_signs: { label: 'City Signs', description: 'Glowing signs of a megacity behind you' },
  thick_impasto: { label: 'Thick Impasto', description: 'Heavy, textured paint strokes' },
  canvas_texture: { label: 'Canvas Texture', description: 'The weave of the canvas showing through' },
  warm_palette: { label: 'Warm Palette', description: 'Ochres, umbers and warm reds' },
  aged_paper: { label: 'Aged Paper', description: 'Yellowed newsprint with worn edges' },
  ben_day_colors: { label: 'Ben-Day Colors', description: 'Flat primary colours of old comic printing' },
  caption_box: { label: 'Caption Box', description: 'A narration box in the corner' },
};

/** The style options of a catalogue slug: exactly the flags trend-looks lists for it. */
export function styleOptionsOf(slug: CatalogueSlug): Array<StyleOption & { key: string }> {
  return TrendStyleFlags[slug].map((flag) => ({ key: flag, ...StyleOptionTexts[flag] }));
}

/** The week the seeded catalogue starts with pixar as its free Trend of the Week (DESIGN.md). */
export const InitialWeeklySlug: CatalogueSlug = 'pixar';

/**
 * The seeded catalogue, the 17 slugs of contracts' trend-looks. Seeding inserts missing trends and
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
];
