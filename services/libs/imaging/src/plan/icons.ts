/**
 * The Fluent Emoji icons (`@iconify-json/fluent-emoji`, MIT) as standalone SVG documents, for the
 * engine to rasterise and restyle. The whole set (100 MB of JSON) is a build-time dependency only:
 * the build keeps the icons the vocabulary draws in dist/plan/emoji.json (scripts/emoji-subset.mjs),
 * which is all the renderer reads, once, on first use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';

type IconifyJSON = Parameters<typeof getIconData>[0];
let drawn: IconifyJSON | undefined;

/** The vocabulary's icons: the build's subset beside this module (or, run from the sources, in dist/). */
function drawnSet(): IconifyJSON {
  if (drawn) return drawn;
  const here = dirname(fileURLToPath(import.meta.url));
  const file = [join(here, 'emoji.json'), join(here, '../../dist/plan/emoji.json')].find((f) => existsSync(f));
  if (!file) throw new Error('dist/plan/emoji.json is missing: build @trendforge/imaging first (npx nx run @trendforge/imaging:build)');
  drawn = JSON.parse(readFileSync(file, 'utf8')) as IconifyJSON;
  return drawn;
}

/** Whether the engine has an icon (or alias) of this name. */
export function hasEmojiIcon(name: string): boolean {
  return getIconData(drawnSet(), name) !== null;
}

/** A complete SVG document for the icon at its own size (32×32 for this set), or null if unknown. */
export function iconSvg(name: string): string | null {
  const data = getIconData(drawnSet(), name);
  if (!data) return null;
  const svg = iconToSVG(data);
  return iconToHTML(svg.body, { ...svg.attributes, width: String(data.width), height: String(data.height) });
}

/** The icon's SVG body (defs included) and its box, for the engine to place and restyle; null if unknown. */
export function iconBody(name: string): { body: string; width: number; height: number } | null {
  const data = getIconData(drawnSet(), name);
  if (!data) return null;
  const svg = iconToSVG(data);
  return { body: svg.body, width: data.width ?? 16, height: data.height ?? 16 };
}
