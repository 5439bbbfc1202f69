/** The registry of trend renderers. Add a trend by adding a module and listing it here. */
import type { TrendRenderer } from '../types.js';
import { pixar } from './pixar.js';
import { generic } from './generic.js';
import { ghibli } from './ghibli.js';
import { collectible } from './collectible.js';
import { barbie } from './barbie.js';
import { magazine } from './magazine.js';
import { comic, pixel, vintageComic } from './print.js';
import { anime, clay, disney, simpsons } from './cartoon.js';
import { cyberpunk, dreamcore, vaporwave } from './neon.js';
import { oilPainting, renaissance } from './painting.js';
import { figurine } from './figurine.js';

/** The catalogue order of contracts' TrendStyleFlags. */
export const TRENDS: TrendRenderer[] = [
  pixar, barbie, ghibli, disney, simpsons, collectible, magazine, comic, pixel, clay, vaporwave, dreamcore, renaissance, anime, cyberpunk, oilPainting, vintageComic, figurine,
];

const BY_SLUG = new Map<string, TrendRenderer>();
for (const t of TRENDS) {
  BY_SLUG.set(t.slug, t);
  for (const a of t.aliases ?? []) BY_SLUG.set(a, t);
}

export function normaliseSlug(slug: string): string {
  return slug.trim().toLowerCase().replace(/[\s_]+/g, '-');
}

/** The renderer for a slug; unknown slugs get the generic stylised scene. */
export function rendererFor(slug: string): TrendRenderer {
  return BY_SLUG.get(normaliseSlug(slug)) ?? generic;
}

export function supportedTrendSlugs(): string[] {
  return TRENDS.map((t) => t.slug);
}
