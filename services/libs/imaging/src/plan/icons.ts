/**
 * The Fluent Emoji icons (`@iconify-json/fluent-emoji`, MIT) as standalone SVG documents, for the
 * engine to rasterise and restyle. The set is read once, on first use.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { getIconData, iconToHTML, iconToSVG } from '@iconify/utils';

const require = createRequire(import.meta.url);
type IconifyJSON = Parameters<typeof getIconData>[0];
let set: IconifyJSON | undefined;

function iconSet(): IconifyJSON {
  set ??= JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji/icons.json'), 'utf8')) as IconifyJSON;
  return set;
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
