/**
 * The catalogue's trend slugs and the style option flags each one honours. One list for the
 * trends service (which seeds labels and descriptions for these keys) and the studio engine
 * (which renders each flag visibly). Flags for pixar, barbie, ghibli, disney and simpsons are the
 * spec's (part 2 section 3); the rest were chosen to fit their look.
 */
export const TrendStyleFlags = {
  pixar: ['exaggerated_eyes', 'enhance_lighting', 'vibrant_colors', 'emotional_expression'],
  barbie: ['add_glitter', 'brighter_colors', 'toy_box_frame', 'shiny_blur'],
  ghibli: ['hand_painted', 'nature_focus', 'magical_elements', 'warm_lighting'],
  disney: ['magical_forest', 'fairytale_castle', 'animal_companions', 'magical_glow'],
  simpsons: ['yellow_skin', 'overbite', 'simpson_house', 'springfield_scene'],
  collectible: ['toy_box_frame', 'accessory_pack', 'glossy_plastic', 'limited_edition'],
  'magazine-cover': ['bold_masthead', 'cover_lines', 'studio_lighting', 'barcode'],
  comic: ['halftone_dots', 'speech_bubble', 'action_lines', 'bold_inks'],
  pixel: ['retro_palette', 'scanlines', 'pixel_border', 'chunky_pixels'],
  clay: ['fingerprint_texture', 'soft_shadows', 'pastel_clay', 'stop_motion_set'],
  vaporwave: ['neon_grid', 'sunset_sun', 'glitch_lines', 'chrome_text'],
  dreamcore: ['soft_haze', 'floating_clouds', 'surreal_doors', 'pastel_glow'],
  renaissance: ['gilded_frame', 'craquelure', 'chiaroscuro', 'sfumato'],
  anime: ['speed_lines', 'sparkle_eyes', 'cel_shading', 'sakura_petals'],
  cyberpunk: ['neon_rim_light', 'rain_streaks', 'holo_glitch', 'city_signs'],
  'oil-painting': ['thick_impasto', 'gilded_frame', 'canvas_texture', 'warm_palette'],
  'vintage-comic': ['halftone_dots', 'aged_paper', 'ben_day_colors', 'caption_box'],
} as const satisfies Record<string, readonly string[]>;

export type CatalogueSlug = keyof typeof TrendStyleFlags;
export const CatalogueSlugs = Object.keys(TrendStyleFlags) as CatalogueSlug[];
