/**
 * The contact sheet's "action prompts × trends" page (action-sheet.png): prompts that name an
 * action and a place (a board game between two, surfing a wave, cooking in a kitchen, sitting on a
 * throne, lying on a towel or in a hammock, riding through a city or a park, flying, running,
 * holding) in eight trends, rendered without a photo. `npx nx screens @trendforge/imaging` renders
 * it with the other pages; `actions` as the arg renders it alone. Each row is also written on its
 * own (action-<n>.png) for a closer look.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { CatalogueSlug } from '@trendforge/contracts';
import { renderTrend } from './index.js';
import { esc } from './util/svg.js';

/** Prompts whose action and place must show in the picture. */
export const ACTION_PROMPTS = [
  'two cats playing chess',
  'a golden retriever surfing a wave',
  'a robot chef cooking pancakes in a tiny kitchen',
  'a knight sitting on a throne',
  'a girl riding a bicycle through a city at night',
  'an astronaut flying over the moon',
  'a boy running through a city',
  'a grandmother holding a birthday cake',
  'a woman lying on a beach towel reading a book',
  'a man sleeping in a hammock between palm trees',
  'an astronaut flying through space',
  'a girl running through a city at night',
  'a boy riding a bicycle in the park',
];
export const ACTION_TRENDS: CatalogueSlug[] = ['pixar', 'ghibli', 'simpsons', 'comic', 'pixel', 'clay', 'oil-painting', 'anime'];

/** Writes action-sheet.png (and one strip per prompt) into `outDir`; `names` labels the columns. */
export async function actionSheet(outDir: string, names: Record<CatalogueSlug, string>): Promise<string> {
  const T = 260;
  const labelW = 260;
  const head = 30;
  const tiles: OverlayOptions[] = [];
  for (let row = 0; row < ACTION_PROMPTS.length; row++) {
    const strip: OverlayOptions[] = [];
    for (let c = 0; c < ACTION_TRENDS.length; c++) {
      const slug = ACTION_TRENDS[c];
      const out = await renderTrend({ trendSlug: slug, trendName: names[slug], prompt: ACTION_PROMPTS[row], seed: 41 + row, longSide: 512 });
      const tile = await sharp(out.png).resize(T, T, { fit: 'contain', background: '#202020' }).png().toBuffer();
      tiles.push({ input: tile, left: labelW + c * T, top: head + row * T });
      strip.push({ input: tile, left: c * T, top: 0 });
    }
    await writeFile(join(outDir, `action-${row + 1}.png`), await sharp({ create: { width: ACTION_TRENDS.length * T, height: T, channels: 3, background: '#202020' } }).composite(strip).png().toBuffer());
    const lines: string[] = [];
    for (const w of ACTION_PROMPTS[row].split(' ')) {
      if (lines.length && (lines[lines.length - 1] + ' ' + w).length <= 22) lines[lines.length - 1] += ` ${w}`;
      else lines.push(w);
    }
    const text = lines.map((l, i) => `<text x="10" y="${T / 2 - (lines.length - 1) * 12 + i * 24}" font-family="DejaVu Sans" font-size="18" fill="#fff">${esc(l)}</text>`).join('');
    tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${labelW}" height="${T}">${text}</svg>`), left: 0, top: head + row * T });
    console.log(`action ${row + 1}/${ACTION_PROMPTS.length}: ${ACTION_PROMPTS[row]}`);
  }
  const W = labelW + ACTION_TRENDS.length * T;
  const header = ACTION_TRENDS.map((slug, i) => `<text x="${labelW + i * T + 8}" y="21" font-family="DejaVu Sans" font-size="16" fill="#ccc">${esc(names[slug])}</text>`).join('');
  tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${head}">${header}</svg>`), left: 0, top: 0 });
  const sheet = await sharp({ create: { width: W, height: head + ACTION_PROMPTS.length * T, channels: 3, background: '#202020' } }).composite(tiles).png().toBuffer();
  const file = join(outDir, 'action-sheet.png');
  await writeFile(file, sheet);
  console.log(`wrote ${file}`);
  return file;
}
