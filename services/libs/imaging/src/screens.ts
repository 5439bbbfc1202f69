/**
 * Renders every supported trend (plus an unknown slug) into PNGs and a contact sheet so the
 * output can be looked at: `npm run screens` after a build. Output: <repo>/.screens/imaging/.
 * Optional args: a trend slug filter, e.g. `node dist/screens.js pixar`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderTrend, supportedTrendSlugs } from './index.js';
import type { Aspect, RenderRequest } from './types.js';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = process.env.SCREENS_DIR ?? resolve(here, '../../../../.screens/imaging');

const NAMES: Record<string, string> = { pixar: 'Pixar', collectible: 'Collectible Box', barbie: 'Barbie Doll', ghibli: 'Ghibli', 'magazine-cover': 'Magazine Cover' };

/** Style option flags per trend (spec part 2, section 3). */
const OPTIONS: Record<string, string[]> = {
  pixar: ['exaggerated_eyes', 'enhance_lighting', 'vibrant_colors', 'emotional_expression'],
  barbie: ['add_glitter', 'brighter_colors', 'toy_box_frame', 'shiny_blur'],
  ghibli: ['hand_painted', 'nature_focus', 'magical_elements', 'warm_lighting'],
};

interface Case {
  file: string;
  req: RenderRequest;
}

async function samplePhoto(): Promise<Buffer> {
  // A synthetic "photo": a face-like composition with real gradients (no stock pictures shipped).
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><defs><radialGradient id="s" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#f6d2b5"/><stop offset="1" stop-color="#b97a55"/></radialGradient><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6a8caf"/><stop offset="1" stop-color="#2a3a4f"/></linearGradient></defs><rect width="900" height="1200" fill="url(#b)"/><ellipse cx="450" cy="1250" rx="380" ry="330" fill="#c0392b"/><rect x="390" y="700" width="120" height="200" fill="#d9a07a"/><ellipse cx="450" cy="520" rx="200" ry="250" fill="url(#s)"/><path d="M250 480 C250 200 650 200 650 480 C600 330 300 330 250 480Z" fill="#3b2a20"/><ellipse cx="375" cy="530" rx="28" ry="16" fill="#fff"/><ellipse cx="525" cy="530" rx="28" ry="16" fill="#fff"/><circle cx="375" cy="530" r="12" fill="#4a3426"/><circle cx="525" cy="530" r="12" fill="#4a3426"/><path d="M390 660 Q450 700 510 660" stroke="#8e3b3b" stroke-width="10" fill="none" stroke-linecap="round"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

async function main(): Promise<void> {
  const filter = process.argv[2];
  await mkdir(outDir, { recursive: true });
  const slugs = [...supportedTrendSlugs(), 'cyberpunk-neon'].filter((s) => !filter || s === filter);
  const prompts = ['a brave astronaut cat exploring mars', 'a woman chef with red hair baking a cupcake', 'a friendly robot reading a book in the city'];
  const photo = await samplePhoto();
  const cases: Case[] = [];
  for (const slug of slugs) {
    const trendName = NAMES[slug] ?? 'Cyberpunk Neon';
    prompts.forEach((prompt, i) => cases.push({ file: `${slug}-${i + 1}.png`, req: { trendSlug: slug, trendName, prompt, seed: 11 + i } }));
    cases.push({ file: `${slug}-seed2.png`, req: { trendSlug: slug, trendName, prompt: prompts[0], seed: 999 } });
    cases.push({ file: `${slug}-photo.png`, req: { trendSlug: slug, trendName, prompt: 'me as a hero', seed: 5, photo } });
    const flags = OPTIONS[slug];
    if (flags) cases.push({ file: `${slug}-options.png`, req: { trendSlug: slug, trendName, prompt: 'a girl with a red umbrella and her cat', seed: 21, vibe: 'dreamy', styleOptions: Object.fromEntries(flags.map((f) => [f, true])) } });
    const aspects: Aspect[] = ['9:16', '16:9'];
    aspects.forEach((aspect, i) => cases.push({ file: `${slug}-${aspect.replace(':', 'x')}.png`, req: { trendSlug: slug, trendName, prompt: 'a happy golden retriever dog DJ at the beach', seed: 3 + i, aspect, background: i === 0 ? 'Beach' : 'Retro' } }));
  }
  const tiles: Array<{ input: Buffer; left: number; top: number }> = [];
  const T = 256;
  const cols = 8;
  let n = 0;
  for (const c of cases) {
    const t0 = performance.now();
    const out = await renderTrend(c.req);
    const ms = performance.now() - t0;
    await writeFile(join(outDir, c.file), out.png);
    console.log(`${c.file.padEnd(32)} ${out.width}x${out.height} ${ms.toFixed(0)} ms ${(out.png.length / 1024).toFixed(0)} KiB`);
    const tile = await sharp(out.png).resize(T, T, { fit: 'contain', background: '#202020' }).png().toBuffer();
    tiles.push({ input: tile, left: (n % cols) * T, top: Math.floor(n / cols) * T });
    n++;
  }
  const rows = Math.ceil(n / cols);
  const sheet = await sharp({ create: { width: cols * T, height: rows * T, channels: 3, background: '#202020' } }).composite(tiles).png().toBuffer();
  await writeFile(join(outDir, filter ? `contact-${filter}.png` : 'contact-sheet.png'), sheet);
  console.log(`wrote ${n} renders and a contact sheet to ${outDir}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
