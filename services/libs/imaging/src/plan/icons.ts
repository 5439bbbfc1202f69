/**
 * The Fluent Emoji icons (`@iconify-json/fluent-emoji`, MIT) as standalone SVG documents, for the
 * engine to rasterise and restyle. The renderer reads the build's subset of the icons the
 * vocabulary draws (dist/plan/emoji.json, scripts/emoji-subset.mjs); the whole set (100 MB) only
 * when there is no build. Each is read once, on first use.
 */
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';

const require = createRequire(import.meta.url);
type IconifyJSON = Parameters<typeof getIconData>[0];
let set: IconifyJSON | undefined;
let drawn: IconifyJSON | undefined;

function iconSet(): IconifyJSON {
  set ??= JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji/icons.json'), 'utf8')) as IconifyJSON;
  return set;
}

/** The vocabulary's icons: the build's subset beside this module (or, run from the sources, in dist/). */
function drawnSet(): IconifyJSON {
  if (drawn) return drawn;
  const here = dirname(fileURLToPath(import.meta.url));
  const file = [join(here, 'emoji.json'), join(here, '../../dist/plan/emoji.json')].find((f) => existsSync(f));
  drawn = file ? (JSON.parse(readFileSync(file, 'utf8')) as IconifyJSON) : iconSet();
  return drawn;
}

/** Whether the set has an icon (or alias) of this name. */
export function hasEmojiIcon(name: string): boolean {
  return getIconData(iconSet(), name) !== null;
}

/** A complete SVG document for the icon at its own size (32×32 for this set), or null if unknown. */
export function iconSvg(name: string): string | null {
  const data = getIconData(iconSet(), name);
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
