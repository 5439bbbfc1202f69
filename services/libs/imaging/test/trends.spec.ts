import sharp from 'sharp';
import { CatalogueSlugs, TrendStyleFlags, type CatalogueSlug } from '@trendforge/contracts';
import { detectFaces, renderTrend, readImageInfo, EXPORT_LONG_SIDE, type RenderRequest } from '../src/index.js';
import { changedFraction, demoPhoto, hamming, meanAbsDiff, pHash, TREND_NAMES } from './helpers.js';

// Small renders keep the suite quick; every layout is relative to the frame.
const SIDE = 256;
const req = (slug: CatalogueSlug, extra: Partial<RenderRequest> = {}): RenderRequest => ({
  trendSlug: slug,
  trendName: TREND_NAMES[slug],
  prompt: 'a brave astronaut cat exploring mars',
  seed: 42,
  longSide: SIDE,
  ...extra,
});

/** Every pair of renders at least `min` bits apart (of 253). */
function expectAllApart(hashes: Array<readonly [string, boolean[]]>, min: number): void {
  const close: string[] = [];
  for (let i = 0; i < hashes.length; i++) {
    for (let j = i + 1; j < hashes.length; j++) {
      const d = hamming(hashes[i][1], hashes[j][1]);
      if (d < min) close.push(`${hashes[i][0]}/${hashes[j][0]}=${d}`);
    }
  }
  expect(close).toEqual([]);
}

describe('the 17 catalogue trends', () => {
  let photo: Buffer;
  // One render per trend and input, shared by the hash test and the determinism test.
  const scenes = new Map<CatalogueSlug, Buffer>();
  const CHEF = { prompt: 'a woman chef with red hair' };
  beforeAll(async () => {
    photo = await demoPhoto(3);
    for (const slug of CatalogueSlugs) scenes.set(slug, (await renderTrend(req(slug, CHEF))).png);
  });

  it('are told apart by a perceptual hash, without a photo and with the same photo', async () => {
    for (const withPhoto of [false, true]) {
      const hashes: Array<readonly [string, boolean[]]> = [];
      for (const slug of CatalogueSlugs) hashes.push([slug, await pHash(withPhoto ? (await renderTrend(req(slug, { photo }))).png : scenes.get(slug)!)] as const);
      // A render hashes to itself; different looks stay well apart (random pictures sit near 126).
      expect(hamming(hashes[0][1], hashes[0][1])).toBe(0);
      expectAllApart(hashes, 20);
    }
  });

  it.each(CatalogueSlugs)('%s: same inputs and seed give the same bytes; another seed a visibly different variation', async (slug) => {
    const a = scenes.get(slug)!;
    const b = await renderTrend(req(slug, CHEF));
    expect(a.equals(b.png)).toBe(true);
    const c = await renderTrend(req(slug, { ...CHEF, seed: 7 }));
    expect(await meanAbsDiff(a, c.png)).toBeGreaterThan(4);
  });

  // Each flag alone against the trend with every flag off (one shared "off" render per trend).
  // A prompt whose place is each trend's own outdoors (Ghibli's meadow too, now that it draws the place a prompt names).
  const FLAGS_BASE = { prompt: 'a girl with a book in a park' };
  const allOff = new Map<CatalogueSlug, Promise<Buffer>>();
  const offRender = (slug: CatalogueSlug) => {
    let p = allOff.get(slug);
    if (!p) {
      p = renderTrend(req(slug, { ...FLAGS_BASE, styleOptions: Object.fromEntries(TrendStyleFlags[slug].map((f) => [f, false])) })).then((r) => r.png);
      allOff.set(slug, p);
    }
    return p;
  };
  it.each(CatalogueSlugs.flatMap((slug) => TrendStyleFlags[slug].map((flag) => [slug, flag] as const)))('%s: the %s option visibly changes the picture', async (slug, flag) => {
    const off = Object.fromEntries(TrendStyleFlags[slug].map((f) => [f, false]));
    const on = await renderTrend(req(slug, { ...FLAGS_BASE, styleOptions: { ...off, [flag]: true } }));
    expect(await changedFraction(await offRender(slug), on.png)).toBeGreaterThan(0.004);
  });
});

describe('faces', () => {
  it('finds the faces of a real photo with 68 landmarks, offline, from the package models', async () => {
    const faces = await detectFaces(await demoPhoto(3), { traits: true });
    expect(faces.length).toBeGreaterThanOrEqual(2);
    const f = faces[0];
    expect(f.landmarks).toHaveLength(68);
    expect(f.box.width).toBeGreaterThan(30);
    // Landmarks sit inside the face box (eyes above the mouth).
    expect(f.landmarks[36].y).toBeLessThan(f.landmarks[57].y);
    expect(['male', 'female']).toContain(f.gender);
    expect(f.age).toBeGreaterThan(5);
    expect(typeof f.expression).toBe('string');
  });

  it('frames the render on the face: the face region of the photo is in the middle of the frame', async () => {
    const photo = await demoPhoto(1);
    const out = await renderTrend({ ...req('pixar'), photo, detectFaces: true });
    const faces = await detectFaces(out.png);
    expect(faces.length).toBeGreaterThanOrEqual(1);
    const f = faces[0];
    const cx = (f.box.left + f.box.width / 2) / out.width;
    expect(cx).toBeGreaterThan(0.3);
    expect(cx).toBeLessThan(0.7);
  });

  it('yellow_skin recolours the skin and leaves the rest of the picture', async () => {
    const photo = await demoPhoto(3);
    const off = await renderTrend(req('simpsons', { photo, styleOptions: { yellow_skin: false } }));
    const on = await renderTrend(req('simpsons', { photo, styleOptions: { yellow_skin: true } }));
    const [a, b] = await Promise.all([off.png, on.png].map((p) => sharp(p).removeAlpha().raw().toBuffer()));
    const faces = await detectFaces(await demoPhoto(3));
    expect(faces.length).toBeGreaterThan(0);
    // Yellow gains: blue drops against red+green across the changed pixels.
    let yellower = 0;
    let changed = 0;
    for (let i = 0; i < a.length; i += 3) {
      if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) < 30) continue;
      changed++;
      if (b[i] + b[i + 1] - 2 * b[i + 2] > a[i] + a[i + 1] - 2 * a[i + 2]) yellower++;
    }
    expect(changed).toBeGreaterThan(0.02 * (a.length / 3));
    expect(changed).toBeLessThan(0.6 * (a.length / 3));
    expect(yellower / changed).toBeGreaterThan(0.6);
  });

  it('renders a photo without a face', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aacc' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect x="0" y="380" width="800" height="220" fill="#5a8a3a"/><circle cx="620" cy="140" r="70" fill="#ffd84a"/></svg>') }])
      .jpeg()
      .toBuffer();
    for (const slug of ['anime', 'oil-painting', 'collectible'] as const) {
      const out = await renderTrend(req(slug, { photo }));
      const { channels } = await sharp(out.png).stats();
      expect(channels[0].stdev + channels[1].stdev + channels[2].stdev).toBeGreaterThan(40);
    }
  });
});

describe('sizes', () => {
  it('exports at 4K (3840 px long side) in the requested aspect', async () => {
    const out = await renderTrend({ ...req('pixel'), longSide: EXPORT_LONG_SIDE, aspect: '16:9' });
    expect(await readImageInfo(out.png)).toEqual({ format: 'png', width: 3840, height: 2160 });
  });

  // Ink lines are found relative to the frame: the contact sheets' 512 px, the product's 1024 px and
  // the 4K export show the same lines (at 512 a Simpsons sky once came out inked black).
  it.each(['simpsons', 'anime', 'comic', 'vintage-comic'] as const)('%s inks a scene about as much at 512 px as at 1024 px', async (slug) => {
    const inked = async (longSide: number) => {
      const out = await renderTrend({ ...req(slug), prompt: 'a golden retriever surfing a wave', seed: 41, longSide });
      const { data, info } = await sharp(out.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels) if (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2] < 60) n++;
      return n / (info.width * info.height);
    };
    const [small, large] = [await inked(512), await inked(1024)];
    expect(large).toBeGreaterThan(0.01);
    expect(small / large).toBeGreaterThan(0.75);
    expect(small / large).toBeLessThan(1.33);
  });

  // 1:1 (1024×1024, the default) is checked on every trend in engine.spec.ts.
  it.each([['4:5', 1080, 1350], ['9:16', 1080, 1920], ['16:9', 1920, 1080]] as const)('%s is %i×%i', async (aspect, w, h) => {
    const out = await renderTrend({ ...req('clay'), longSide: undefined, aspect });
    expect([out.width, out.height]).toEqual([w, h]);
  });
});
