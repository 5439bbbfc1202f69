/**
 * The review contact sheet: every catalogue trend, with and without a photo, into one PNG
 * (`npm run screens` after a build; output in <repo>/.screens/imaging/). The photos are the
 * sample pictures that ship inside @vladmandic/face-api's package (demo/sample*.jpg); nothing
 * is downloaded. Columns: two composed scenes, a scene with every flag, two photos, a photo with
 * every flag, a photo without a face. Optional arg: slugs to render, comma separated. A second
 * page, prompt-sheet.png, renders a dozen everyday prompts in eight trends (`prompts` as the arg:
 * that page alone). A third, selfie-sheet.png, puts the sample photos (each with its person's matte,
 * as traits-worker computes it) into every trend with prompts that name a place (`selfies`: that
 * page alone). A fourth, action-sheet.png (screens-actions.ts), renders prompts with an action and a
 * place in eight trends (`actions`: that page alone).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { CatalogueSlugs, TrendStyleFlags, type CatalogueSlug } from '@trendforge/contracts';
import { detectFaces, encodeMatte, personMatte, renderTrend } from './index.js';
import type { RenderRequest } from './types.js';
import { esc } from './util/svg.js';
import { actionSheet } from './screens-actions.js';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = process.env.SCREENS_DIR ?? resolve(here, '../../../../.screens/imaging');
const require = createRequire(import.meta.url);

/** Display names (the trends service seeds the real ones; these only label the sheet). */
export const TREND_NAMES: Record<CatalogueSlug, string> = {
  pixar: 'Pixar', barbie: 'Barbie Doll', ghibli: 'Ghibli', disney: 'Disney', simpsons: 'Simpsons', collectible: 'Collectible Box',
  'magazine-cover': 'Magazine Cover', comic: 'Comic', pixel: 'Pixel Art', clay: 'Clay', vaporwave: 'Vaporwave', dreamcore: 'Dreamcore',
  renaissance: 'Renaissance', anime: 'Anime', cyberpunk: 'Cyberpunk', 'oil-painting': 'Oil Painting', 'vintage-comic': 'Vintage Comic',
  '3d-figurine': '3D Figurine',
};

/** The face-api demo photos with their person's mattes (as traits-worker stores them), and a crop of one with no face in it. */
export async function samplePhotos(): Promise<{ faces: Buffer[]; mattes: Buffer[]; noFace: Buffer }> {
  const demo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
  const faces = await Promise.all([1, 3, 6].map((i) => readFile(join(demo, `sample${i}.jpg`))));
  const mattes: Buffer[] = [];
  for (const photo of faces) {
    const [main, ...others] = await detectFaces(photo);
    mattes.push(await encodeMatte(await personMatte(photo, main?.box, others.map((f) => f.box))));
  }
  const noFace = await sharp(await readFile(join(demo, 'sample5.jpg'))).extract({ left: 0, top: 0, width: 560, height: 700 }).jpeg().toBuffer();
  return { faces, mattes, noFace };
}

/** Prompts that put the person somewhere: the selfie page's columns (each with every photo). */
export const SELFIE_PROMPTS = ['me on a sunny beach', 'me in a city at night', 'me cooking in a kitchen'];

/** The selfie page: every trend (rows) with each photo and its matte in each place prompt (columns), at half size. */
async function selfieSheet(slugs: CatalogueSlug[]): Promise<void> {
  const { faces, mattes } = await samplePhotos();
  const T = 240;
  const labelW = 170;
  const head = 30;
  const tiles: OverlayOptions[] = [];
  const columns = SELFIE_PROMPTS.flatMap((prompt) => faces.map((photo, i) => ({ prompt, photo, matte: mattes[i], label: `${prompt.replace(/^me /, '')} · ${i + 1}` })));
  for (let row = 0; row < slugs.length; row++) {
    const slug = slugs[row];
    for (let c = 0; c < columns.length; c++) {
      const { prompt, photo, matte } = columns[c];
      const out = await renderTrend({ trendSlug: slug, trendName: TREND_NAMES[slug], prompt, seed: 31 + c, photo, matte, longSide: 512 });
      tiles.push({ input: await sharp(out.png).resize(T, T, { fit: 'contain', background: '#202020' }).png().toBuffer(), left: labelW + c * T, top: head + row * T });
    }
    tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${labelW}" height="${T}"><text x="10" y="${T / 2}" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#fff">${esc(TREND_NAMES[slug])}</text></svg>`), left: 0, top: head + row * T });
    console.log(`selfies ${row + 1}/${slugs.length}: ${slug}`);
  }
  const W = labelW + columns.length * T;
  const header = columns.map((c, i) => `<text x="${labelW + i * T + 8}" y="21" font-family="DejaVu Sans" font-size="15" fill="#ccc">${esc(c.label)}</text>`).join('');
  tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${head}">${header}</svg>`), left: 0, top: 0 });
  const sheet = await sharp({ create: { width: W, height: head + slugs.length * T, channels: 3, background: '#202020' } }).composite(tiles).png().toBuffer();
  const file = join(outDir, 'selfie-sheet.png');
  await writeFile(file, sheet);
  console.log(`wrote ${file}`);
}

interface Column {
  label: string;
  req: (slug: CatalogueSlug, name: string) => RenderRequest;
}

/** Everyday prompts for the prompt page: animals doing things, people with objects, places at a time of day, creatures, food, vehicles. */
export const SHEET_PROMPTS = [
  'a golden retriever surfing a giant wave at sunset',
  'a baby dragon reading a map',
  'a robot chef cooking pancakes',
  'two cats on a sofa at night in the rain',
  'a red vintage car in a snowy city',
  'a little girl holding a red balloon in the rain',
  'an astronaut riding a bicycle on the moon',
  'a fox wearing a scarf in an autumn forest',
  'a wizard casting spells in a castle at midnight',
  'three kittens playing with yarn',
  'a pirate with a parrot on a ship in a storm',
  'a cupcake with a candle on a table',
];
const SHEET_TRENDS: CatalogueSlug[] = ['pixar', 'ghibli', 'simpsons', 'comic', 'pixel', 'vaporwave', 'oil-painting', 'magazine-cover'];

/** The prompt page: every sheet prompt (rows) in several trends (columns), at half size. */
async function promptSheet(): Promise<void> {
  const T = 260;
  const labelW = 260;
  const head = 30;
  const tiles: OverlayOptions[] = [];
  for (let row = 0; row < SHEET_PROMPTS.length; row++) {
    for (let c = 0; c < SHEET_TRENDS.length; c++) {
      const slug = SHEET_TRENDS[c];
      const out = await renderTrend({ trendSlug: slug, trendName: TREND_NAMES[slug], prompt: SHEET_PROMPTS[row], seed: 21 + row, longSide: 512 });
      tiles.push({ input: await sharp(out.png).resize(T, T, { fit: 'contain', background: '#202020' }).png().toBuffer(), left: labelW + c * T, top: head + row * T });
    }
    const words = SHEET_PROMPTS[row].split(' ');
    const lines: string[] = [];
    for (const w of words) {
      if (lines.length && (lines[lines.length - 1] + ' ' + w).length <= 22) lines[lines.length - 1] += ` ${w}`;
      else lines.push(w);
    }
    const text = lines.map((l, i) => `<text x="10" y="${T / 2 - (lines.length - 1) * 12 + i * 24}" font-family="DejaVu Sans" font-size="18" fill="#fff">${esc(l)}</text>`).join('');
    tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${labelW}" height="${T}">${text}</svg>`), left: 0, top: head + row * T });
    console.log(`prompt ${row + 1}/${SHEET_PROMPTS.length}: ${SHEET_PROMPTS[row]}`);
  }
  const W = labelW + SHEET_TRENDS.length * T;
  const header = SHEET_TRENDS.map((slug, i) => `<text x="${labelW + i * T + 8}" y="21" font-family="DejaVu Sans" font-size="16" fill="#ccc">${esc(TREND_NAMES[slug])}</text>`).join('');
  tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${head}">${header}</svg>`), left: 0, top: 0 });
  const sheet = await sharp({ create: { width: W, height: head + SHEET_PROMPTS.length * T, channels: 3, background: '#202020' } }).composite(tiles).png().toBuffer();
  const file = join(outDir, 'prompt-sheet.png');
  await writeFile(file, sheet);
  console.log(`wrote ${file}`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'prompts') {
    await mkdir(outDir, { recursive: true });
    return promptSheet();
  }
  if (process.argv[2] === 'actions') {
    await mkdir(outDir, { recursive: true });
    await actionSheet(outDir, TREND_NAMES);
    return;
  }
  if (process.argv[2] === 'selfies') {
    await mkdir(outDir, { recursive: true });
    return selfieSheet(process.argv[3] ? CatalogueSlugs.filter((s) => process.argv[3].split(',').includes(s)) : CatalogueSlugs);
  }
  const only = process.argv[2]?.split(',');
  const slugs = CatalogueSlugs.filter((s) => !only || only.includes(s));
  await mkdir(outDir, { recursive: true });
  const photos = await samplePhotos();
  const all = (slug: CatalogueSlug) => Object.fromEntries(TrendStyleFlags[slug].map((f) => [f, true]));
  const columns: Column[] = [
    { label: 'scene', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'a brave astronaut cat exploring mars', seed: 11 }) },
    { label: 'scene, Nature', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'a woman chef with red hair baking a cupcake', seed: 12, background: 'Nature', vibe: 'warm' }) },
    { label: 'scene, all flags', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'a friendly robot reading a book in the city', seed: 13, styleOptions: all(slug) }) },
    { label: 'photo 1', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'me as a hero', seed: 5, photo: photos.faces[0], matte: photos.mattes[0] }) },
    { label: 'photo 2', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'my best friend', seed: 6, photo: photos.faces[1], matte: photos.mattes[1] }) },
    { label: 'photo 3, all flags', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'party queen', seed: 7, photo: photos.faces[2], matte: photos.mattes[2], styleOptions: all(slug) }) },
    { label: 'photo, no face', req: (slug, name) => ({ trendSlug: slug, trendName: name, prompt: 'a cosy staircase', seed: 8, photo: photos.noFace }) },
  ];
  const T = 300;
  const labelW = 170;
  const head = 30;
  const tiles: OverlayOptions[] = [];
  let row = 0;
  for (const slug of slugs) {
    const name = TREND_NAMES[slug];
    for (let c = 0; c < columns.length; c++) {
      const t0 = performance.now();
      const out = await renderTrend(columns[c].req(slug, name));
      const ms = performance.now() - t0;
      await writeFile(join(outDir, `${slug}-${c + 1}.png`), out.png);
      console.log(`${slug.padEnd(16)} ${columns[c].label.padEnd(20)} ${ms.toFixed(0).padStart(5)} ms`);
      tiles.push({ input: await sharp(out.png).resize(T, T, { fit: 'contain', background: '#202020' }).png().toBuffer(), left: labelW + c * T, top: head + row * T });
    }
    tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${labelW}" height="${T}"><text x="10" y="${T / 2}" font-family="DejaVu Sans" font-weight="bold" font-size="20" fill="#fff">${esc(name)}</text></svg>`), left: 0, top: head + row * T });
    row++;
  }
  const W = labelW + columns.length * T;
  const header = columns.map((c, i) => `<text x="${labelW + i * T + 8}" y="21" font-family="DejaVu Sans" font-size="16" fill="#ccc">${esc(c.label)}</text>`).join('');
  tiles.push({ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${head}">${header}</svg>`), left: 0, top: 0 });
  const sheet = await sharp({ create: { width: W, height: head + row * T, channels: 3, background: '#202020' } }).composite(tiles).png().toBuffer();
  const file = join(outDir, only ? `contact-${only.join('-')}.png` : 'contact-sheet.png');
  await writeFile(file, sheet);
  console.log(`wrote ${row * columns.length} renders and ${file}`);
  if (!only) {
    await promptSheet();
    await actionSheet(outDir, TREND_NAMES);
    await selfieSheet(slugs);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
