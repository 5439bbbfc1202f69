/**
 * Photo analysis (traits-worker's job) on the real photos that ship with face-api (demo/sample*.jpg,
 * full size as a member would upload them). The truths asserted were checked by looking at the
 * photos: sample 6's largest face (right) has brown hair and smiles; the third woman of sample 6 has
 * black hair and brown eyes and a neutral face; the curly-haired woman of sample 3 is blonde;
 * sample 2's largest face has her eyes closed (no eye colour may be read from it).
 */
import sharp from 'sharp';
import { manyFacesNote, TraitOptions } from '@trendforge/contracts';
import { analysePhoto } from '../src/index.js';
import { demoCrop, demoFile, noFacePhoto } from './helpers.js';

/** The words analysePhoto may use: the trait options', plus what the detector reliably sees. */
const WORDS = new Set([...TraitOptions.map((o) => o.label), 'smiling face', 'neutral expression', 'surprised look']);
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
    expect(r.traits).toEqual(expect.arrayContaining(['brown hair', 'feminine', 'smiling face']));
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
    expect((await analysePhoto(await demoCrop(FACES.blackHairBrownEyes))).traits).toEqual(['black hair', 'brown eyes', 'feminine', 'neutral expression']);
    expect((await analysePhoto(await demoCrop(FACES.blonde))).traits).toEqual(['blonde hair', 'feminine', 'neutral expression']);
    const smiling = await analysePhoto(await demoCrop(FACES.blackHairSmiling));
    expect(smiling.traits).toEqual(['black hair', 'feminine', 'smiling face']);
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
});
