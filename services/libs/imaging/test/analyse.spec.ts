/**
 * Photo analysis (traits-worker's job) on the real photos that ship with face-api (demo/sample*.jpg,
 * full size as a member would upload them). The truths asserted were checked by looking at the
 * photos: sample 6's largest face (right) has brown hair and smiles; the third woman of sample 6 has
 * black hair and brown eyes and a neutral face; the curly-haired woman of sample 3 is blonde;
 * sample 2's largest face has her eyes closed (no eye colour may be read from it). Every face in
 * them is a young woman with long hair, none with glasses; glasses and a beard are drawn on a face
 * where the face mesh places them to see that they are read.
 */
import sharp from 'sharp';
import { manyFacesNote, TraitOptions } from '@trendforge/contracts';
import { analyseInWorker, analysePhoto, analyseWithMatte, decodeMatte, faceMesh, stopAnalyseWorker, warmAnalyseWorker } from '../src/index.js';
import { ageBand, photoPixels } from '../src/analyse.js';
import { demoCrop, demoFile, noFacePhoto } from './helpers.js';

/** The words analysePhoto may use: the trait options', plus what the detector reliably sees. */
const WORDS = new Set([
  ...TraitOptions.map((o) => o.label), 'smiling face', 'neutral expression', 'surprised look', 'beard',
  'child', 'teenager', 'young adult', 'middle-aged', 'senior',
]);
const HAIR = ['black hair', 'brown hair', 'blonde hair', 'red hair', 'bald'];
const EYES = ['blue eyes', 'brown eyes', 'green eyes', 'hazel eyes'];

/** One face each, cut from the demo photos (pixels of the original 1920 px wide files). */
const FACES = {
  /** Sample 6, third from the left: black hair, brown eyes, neutral. */
  blackHairBrownEyes: { sample: 6, left: 1040, top: 120, width: 470, height: 600 },
  /** Sample 3, left: blonde curls. */
  blonde: { sample: 3, left: 420, top: 150, width: 520, height: 600 },
  /** Sample 6, left: black hair, smiling. */
  blackHairSmiling: { sample: 6, left: 90, top: 280, width: 520, height: 640 },
} as const;

describe('analysePhoto', () => {
  it('reads the largest face of a group photo: traits, the face, the count and the note', async () => {
    const photo = await demoFile(6);
    const r = await analysePhoto(photo);
    expect(r.faces).toBe(4);
    expect(r.note).toBe(manyFacesNote(4));
    expect(r.traits).toEqual(expect.arrayContaining(['brown hair', 'long hair', 'feminine', 'smiling face']));
    // Her eyes are small in a group shot and lit by a flash (red-eye): no eye colour is guessed.
    expect(r.traits.filter((t) => EYES.includes(t))).toEqual([]);
    expect(r.traits.every((t) => WORDS.has(t))).toBe(true);
    expect(r.dominantColour).toMatch(/^#[0-9a-f]{6}$/);
    // The largest face is the woman on the right, in pixels of the photo.
    const f = r.face!;
    expect(f.box.left).toBeGreaterThan(1400);
    expect(f.box.width).toBeGreaterThan(150);
    expect(f.landmarks).toHaveLength(68);
    expect(f.gender).toBe('female');
    expect(f.genderProbability).toBeGreaterThanOrEqual(0.8);
    expect(f.expression).toBe('happy');
    expect(f.hairColour).toMatch(/^#[0-9a-f]{6}$/);
    expect(f.eyeColour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('names hair and eye colour, gender presentation and expression where the photo shows them', async () => {
    expect((await analysePhoto(await demoCrop(FACES.blackHairBrownEyes))).traits).toEqual(['black hair', 'long hair', 'brown eyes', 'feminine', 'young adult', 'neutral expression']);
    expect((await analysePhoto(await demoCrop(FACES.blonde))).traits).toEqual(['blonde hair', 'long hair', 'feminine', 'young adult', 'neutral expression']);
    const smiling = await analysePhoto(await demoCrop(FACES.blackHairSmiling));
    expect(smiling.traits).toEqual(['black hair', 'long hair', 'feminine', 'young adult', 'smiling face']);
    expect(smiling.faces).toBe(1);
    expect(smiling.note).toBeNull();
  });

  it('reads a photo by its EXIF orientation: the face in upright pixels', async () => {
    const upright = await demoCrop(FACES.blackHairBrownEyes);
    // Stored on its side with orientation 6 ("rotate 90° clockwise to show"), as phones do.
    const sideways = await sharp(await sharp(upright).rotate(-90).toBuffer()).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    const [a, b] = [await analysePhoto(upright), await analysePhoto(sideways)];
    expect(b.traits).toEqual(a.traits);
    expect(Math.abs(b.face!.box.left - a.face!.box.left)).toBeLessThan(12);
    expect(Math.abs(b.face!.box.top - a.face!.box.top)).toBeLessThan(12);
  });

  it('does not guess: closed eyes give no eye colour, looking down is no "sad" trait, no lighting words', async () => {
    const r = await analysePhoto(await demoFile(2));
    expect(r.faces).toBe(3);
    expect(r.traits.filter((t) => EYES.includes(t))).toEqual([]);
    expect(r.traits).toContain('feminine');
    expect(r.traits.every((t) => WORDS.has(t))).toBe(true);
    expect(r.traits.some((t) => /tone|lighting|colours|face found/.test(t))).toBe(false);
  });

  it('gives no traits for a photo without a face', async () => {
    const r = await analysePhoto(await noFacePhoto());
    expect(r).toEqual({ traits: [], faces: 0, note: null, dominantColour: expect.stringMatching(/^#[0-9a-f]{6}$/), face: null });
  });

  it('uses the larger of two faces and says so', async () => {
    const big = await demoCrop(FACES.blackHairBrownEyes);
    const small = await sharp(await demoCrop(FACES.blonde)).resize(300).jpeg({ quality: 92 }).toBuffer();
    const smallH = (await sharp(small).metadata()).height!;
    const composite = await sharp({ create: { width: 470 + 300, height: 600, channels: 3, background: '#d8d2c8' } })
      .composite([{ input: big, left: 0, top: 0 }, { input: small, left: 470, top: 600 - smallH }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await analysePhoto(composite);
    expect(r.faces).toBe(2);
    expect(r.note).toBe(manyFacesNote(2));
    expect(r.face!.box.left + r.face!.box.width).toBeLessThan(470);
    expect(r.traits).toEqual(expect.arrayContaining(['black hair', 'brown eyes']));
    expect(r.traits.filter((t) => HAIR.includes(t))).toEqual(['black hair']);
  });

  it('reads no glasses and no beard where there are none, and each when drawn where the mesh places it', async () => {
    for (const n of [1, 2, 3, 4, 6]) {
      const r = await analysePhoto(await demoFile(n));
      expect(r.traits.filter((t) => t === 'glasses' || t === 'beard')).toEqual([]);
    }
    const photo = await demoCrop(FACES.blackHairBrownEyes);
    const img = await photoPixels(photo);
    const box = (await analysePhoto(photo)).face!.box;
    const mesh = (await faceMesh(img, box))!;
    expect(mesh.points).toHaveLength(478);
    const p = mesh.points;
    const eye = (a: number, b: number) => ({ x: (p[a].x + p[b].x) / 2, y: (p[a].y + p[b].y) / 2, w: Math.hypot(p[a].x - p[b].x, p[a].y - p[b].y) });
    // Frames: a rounded rectangle around each eye and a bridge between them, in a dark frame's colour.
    const eyes = [eye(33, 133), eye(263, 362)];
    const stroke = eyes[0].w * 0.14;
    const frames = eyes.map((e) => `<rect x="${e.x - e.w * 0.85}" y="${e.y - e.w * 0.5}" width="${e.w * 1.7}" height="${e.w}" rx="${e.w * 0.25}" fill="none" stroke="#1c1a1a" stroke-width="${stroke}"/>`);
    const [l, r] = eyes[0].x < eyes[1].x ? eyes : [eyes[1], eyes[0]];
    const bridge = `<line x1="${l.x + l.w * 0.85}" y1="${l.y}" x2="${r.x - r.w * 0.85}" y2="${r.y}" stroke="#1c1a1a" stroke-width="${stroke}"/>`;
    // A beard: the lower face's outline round the chin, back along the lower lip, and a moustache.
    const pts = (ids: number[]) => ids.map((i) => `${p[i].x},${p[i].y}`).join(' ');
    const beard = `<polygon fill="#3b2a1e" points="${pts([132, 58, 172, 136, 150, 149, 176, 148, 152, 377, 400, 378, 379, 365, 397, 288, 361, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146, 61])}"/>`
      + `<polygon fill="#3b2a1e" points="${pts([61, 98, 2, 327, 291, 267, 0, 37])}"/>`;
    const draw = (svg: string) => sharp(photo).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${img.width}" height="${img.height}">${svg}</svg>`), left: 0, top: 0 }]).jpeg({ quality: 92 }).toBuffer();
    const withGlasses = (await analysePhoto(await draw(frames.join('') + bridge))).traits;
    expect(withGlasses).toContain('glasses');
    expect(withGlasses).not.toContain('beard');
    const withBeard = (await analysePhoto(await draw(beard))).traits;
    expect(withBeard).toContain('beard');
    expect(withBeard).not.toContain('glasses');
  });

  it('reads the hair length from the matte: long where it falls beside the jaw, short where it does not', async () => {
    const photo = await demoCrop(FACES.blackHairBrownEyes);
    const { result, matte } = await analyseWithMatte(photo);
    expect(result.traits).toContain('long hair');
    expect(matte!.alpha.length).toBe(matte!.width * matte!.height);
    // The same head with the wall painted over the hair beside the jaw and the neck: short hair.
    const lm = result.face!.landmarks;
    const { width, height } = (await sharp(photo).metadata()) as { width: number; height: number };
    const y = Math.round(lm[2].y);
    const wall = (left: number, right: number) => ({ input: { create: { width: Math.round(right - left), height: height - y, channels: 3 as const, background: '#d8d2c8' } }, left: Math.round(left), top: y });
    const cropped = await sharp(photo).composite([wall(0, lm[4].x - 2), wall(lm[12].x + 2, width)]).jpeg({ quality: 92 }).toBuffer();
    const short = (await analysePhoto(cropped)).traits;
    expect(short).toContain('black hair');
    expect(short).toContain('short hair');
    expect(short).not.toContain('long hair');
  });

  it('names the age band of the estimate', () => {
    expect([8, 16, 25, 45, 70].map(ageBand)).toEqual(['child', 'teenager', 'young adult', 'middle-aged', 'senior']);
  });

  it('answers on the analysis thread with the traits and the matte, once its models are warmed', async () => {
    await warmAnalyseWorker();
    const a = await analyseInWorker(await demoCrop(FACES.blonde));
    expect(a.result.traits).toEqual(['blonde hair', 'long hair', 'feminine', 'young adult', 'neutral expression']);
    // The person's matte, stored as a PNG: the person is in it.
    const matte = await decodeMatte(a.matte!);
    expect(matte.alpha.filter((v) => v > 200).length).toBeGreaterThan(matte.alpha.length * 0.1);
    await stopAnalyseWorker();
  });
});
