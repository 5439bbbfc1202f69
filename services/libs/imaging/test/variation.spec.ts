import sharp from 'sharp';
import { VariationTypes, type CatalogueSlug, type VariationType } from '@trendforge/contracts';
import { renderTrend, type RenderRequest } from '../src/index.js';
import { demoPhoto, meanAbsDiff, TREND_NAMES } from './helpers.js';

/**
 * The wizard's variations (spec part 2 section 2.3) must show in the picture: the same prompt and
 * seed in four variations give four clearly different images, each the same bytes every time.
 */
const SIDE = 512;
const req = (slug: CatalogueSlug, variation: VariationType | undefined, extra: Partial<RenderRequest> = {}): RenderRequest => ({
  trendSlug: slug, trendName: TREND_NAMES[slug], prompt: 'a brave astronaut cat exploring mars', seed: 42, longSide: SIDE, variation, ...extra,
});

/** Mean absolute Laplacian of the luminance: how much fine detail and texture there is. */
async function detail(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  let sum = 0;
  for (let y = 1; y < info.height - 1; y++) {
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      sum += Math.abs(4 * data[i] - data[i - 1] - data[i + 1] - data[i - W] - data[i + W]);
    }
  }
  return sum / ((W - 2) * (info.height - 2));
}

/** Distinct colours (5 bits a channel) of the full picture. */
async function colours(png: Buffer): Promise<number> {
  const px = await sharp(png).removeAlpha().raw().toBuffer();
  const set = new Set<number>();
  for (let i = 0; i < px.length; i += 3) set.add((px[i] >> 3) * 1024 + (px[i + 1] >> 3) * 32 + (px[i + 2] >> 3));
  return set.size;
}

/** Mean HSV saturation, 0..1. */
async function saturation(png: Buffer): Promise<number> {
  const px = await sharp(png).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < px.length; i += 3) {
    const max = Math.max(px[i], px[i + 1], px[i + 2]);
    sum += max === 0 ? 0 : (max - Math.min(px[i], px[i + 1], px[i + 2])) / max;
  }
  return sum / (px.length / 3);
}

describe.each([
  ['pixar', 'a scene'],
  ['comic', 'a scene'],
  ['ghibli', 'a photo'],
] as const)('variations of %s (%s)', (slug, input) => {
  const renders = new Map<VariationType, Buffer>();
  let extra: Partial<RenderRequest> = {};

  beforeAll(async () => {
    if (input === 'a photo') extra = { photo: await demoPhoto(3) };
    for (const variation of VariationTypes) renders.set(variation, (await renderTrend(req(slug, variation, extra))).png);
  });

  it('are four pairwise clearly different images', async () => {
    const close: string[] = [];
    for (let i = 0; i < VariationTypes.length; i++) {
      for (let j = i + 1; j < VariationTypes.length; j++) {
        const [a, b] = [VariationTypes[i], VariationTypes[j]];
        const diff = await meanAbsDiff(renders.get(a)!, renders.get(b)!);
        if (diff < 10) close.push(`${a}/${b}=${diff.toFixed(1)}`);
      }
    }
    expect(close).toEqual([]);
  });

  it('give the same bytes for the same variation; standard is the trend as it was', async () => {
    for (const variation of VariationTypes) {
      expect((await renderTrend(req(slug, variation, extra))).png.equals(renders.get(variation)!)).toBe(true);
    }
    expect((await renderTrend(req(slug, undefined, extra))).png.equals(renders.get('standard')!)).toBe(true);
  });

  it('each look as named: detailed sharper, minimalist flatter with fewer colours, artistic bolder', async () => {
    const [standard, detailedOne, minimalistOne, artisticOne] = (['standard', 'detailed', 'minimalist', 'artistic'] as const).map((variation) => renders.get(variation)!);
    expect(await detail(detailedOne)).toBeGreaterThan(1.3 * await detail(standard));
    expect(await detail(minimalistOne)).toBeLessThan(0.7 * await detail(standard));
    expect(await colours(minimalistOne)).toBeLessThan(await colours(standard));
    expect(await saturation(artisticOne)).toBeGreaterThan(await saturation(standard));
    expect(await saturation(artisticOne)).toBeGreaterThan(1.2 * await saturation(minimalistOne));
  });
});
