/** Shared by the imaging tests: names, sample photos from face-api's package, perceptual hashes. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { CatalogueSlug } from '@trendforge/contracts';

export const TREND_NAMES: Record<CatalogueSlug, string> = {
  pixar: 'Pixar', barbie: 'Barbie Doll', ghibli: 'Ghibli', disney: 'Disney', simpsons: 'Simpsons', collectible: 'Collectible Box',
  'magazine-cover': 'Magazine Cover', comic: 'Comic', pixel: 'Pixel Art', clay: 'Clay', vaporwave: 'Vaporwave', dreamcore: 'Dreamcore',
  renaissance: 'Renaissance', anime: 'Anime', cyberpunk: 'Cyberpunk', 'oil-painting': 'Oil Painting', 'vintage-comic': 'Vintage Comic',
  '3d-figurine': '3D Figurine',
};

const require = createRequire(import.meta.url);

/** A real photo shipped inside @vladmandic/face-api (demo/sample{n}.jpg), reduced to keep tests quick. */
export async function demoPhoto(n: number, width = 960): Promise<Buffer> {
  const file = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);
  return sharp(await readFile(file)).resize(width).jpeg({ quality: 90 }).toBuffer();
}

/** A demo photo as it ships (1920 px wide): what a member would upload. */
export async function demoFile(n: number): Promise<Buffer> {
  return readFile(join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`));
}

/** A rectangle of a full-size demo photo, as a JPEG. */
export async function demoCrop(c: { sample: number; left: number; top: number; width: number; height: number }): Promise<Buffer> {
  return sharp(await demoFile(c.sample)).extract({ left: c.left, top: c.top, width: c.width, height: c.height }).jpeg({ quality: 92 }).toBuffer();
}

/** The contact sheet's photo without a face (src/screens.ts samplePhotos): the staircase corner of sample 5. */
export async function noFacePhoto(): Promise<Buffer> {
  return sharp(await demoFile(5)).extract({ left: 0, top: 0, width: 560, height: 700 }).jpeg().toBuffer();
}

const N = 32;

/** 2-D DCT of a 32×32 channel; the 8×8 lowest frequencies (without DC) against their median. */
function dctBits(ch: Float64Array): boolean[] {
  const cos = (i: number, u: number) => Math.cos(((2 * i + 1) * u * Math.PI) / (2 * N));
  const coeffs: number[] = [];
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      if (u === 0 && v === 0) continue;
      let sum = 0;
      for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) sum += ch[y * N + x] * cos(x, v) * cos(y, u);
      coeffs.push(sum);
    }
  }
  const median = [...coeffs].sort((a, b) => a - b)[Math.floor(coeffs.length / 2)];
  return coeffs.map((c) => c > median);
}

/**
 * A perceptual hash of 253 bits: the classic pHash (DCT of the luminance: structure), the same on
 * the two chroma channels (colour layout) and a texture hash (where the fine detail is: halftone
 * dots, pixel blocks, ink lines, brush patches). Stylised renders of one photo share their
 * structure, so the colour and texture parts are what tell two looks apart.
 */
export async function pHash(png: Buffer): Promise<boolean[]> {
  const px = await sharp(png).removeAlpha().resize(N, N, { fit: 'fill' }).raw().toBuffer();
  const Y = new Float64Array(N * N);
  const Cb = new Float64Array(N * N);
  const Cr = new Float64Array(N * N);
  for (let i = 0, k = 0; k < N * N; i += 3, k++) {
    const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
    Y[k] = 0.299 * r + 0.587 * g + 0.114 * b;
    Cb[k] = -0.1687 * r - 0.3313 * g + 0.5 * b;
    Cr[k] = 0.5 * r - 0.4187 * g - 0.0813 * b;
  }
  const M = 256;
  const g = await sharp(png).greyscale().resize(M, M, { fit: 'fill' }).raw().toBuffer();
  const tex = new Array<number>(64).fill(0);
  for (let y = 1; y < M - 1; y++) {
    for (let x = 1; x < M - 1; x++) {
      const i = y * M + x;
      tex[Math.floor(y / 32) * 8 + Math.floor(x / 32)] += Math.abs(4 * g[i] - g[i - 1] - g[i + 1] - g[i - M] - g[i + M]);
    }
  }
  const tm = [...tex].sort((a, b) => a - b)[32];
  return [...dctBits(Y), ...dctBits(Cb), ...dctBits(Cr), ...tex.map((v) => v > tm)];
}

export const hamming = (a: boolean[], b: boolean[]) => a.reduce((n, bit, i) => n + (bit !== b[i] ? 1 : 0), 0);

export async function meanAbsDiff(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i] - y[i]);
  return sum / x.length;
}

/** Share of pixels whose colour changed visibly (summed channel difference over 24). */
export async function changedFraction(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
  let n = 0;
  for (let i = 0; i < x.length; i += 3) if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 24) n++;
  return n / (x.length / 3);
}
