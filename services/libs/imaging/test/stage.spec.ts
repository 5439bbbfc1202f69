/**
 * The engine draws what the prompt asks for. For a fixed list of everyday prompts, each thing the
 * plan names is checked in the pixels: the picture is rendered with the full plan and again with
 * that one thing taken out of the plan (same prompt, seed and trend, so everything else is the
 * same), and the pixels that differ are that thing's mask; the main subject is swapped for another
 * instead (without one the engine draws a person). The main subject's mask must be large and
 * central; every prop's must be there. Different prompts in one trend must be perceptually
 * far apart, and the style intensity must show.
 */
import sharp from 'sharp';
import { planScene, renderTrend, type RenderRequest, type ScenePlan } from '../src/index.js';
import { changedFraction, hamming, pHash } from './helpers.js';

const SIDE = 384;
const PROMPTS = [
  'a golden retriever surfing a giant wave at sunset',
  'a baby dragon reading a map',
  'a robot chef cooking pancakes',
  'two cats on a sofa at night in the rain',
  'a red vintage car in a snowy city',
  'a pirate with a parrot on a ship',
];

const request = (prompt: string, extra: Partial<RenderRequest> = {}): RenderRequest => ({ trendSlug: 'pixar', trendName: 'Pixar', prompt, seed: 7, longSide: SIDE, ...extra });

interface Mask {
  /** Share of the frame that changed. */
  area: number;
  /** Centre of the changed pixels, as fractions of the frame. */
  cx: number;
  cy: number;
}

/** Where two renders of one frame differ (summed channel difference over 48). */
async function diffMask(a: Buffer, b: Buffer): Promise<Mask> {
  const [x, y] = await Promise.all([a, b].map((p) => sharp(p).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
  const { width, height } = x.info;
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0, k = 0; i < x.data.length; i += 3, k++) {
    if (Math.abs(x.data[i] - y.data[i]) + Math.abs(x.data[i + 1] - y.data[i + 1]) + Math.abs(x.data[i + 2] - y.data[i + 2]) > 48) {
      n++;
      sx += k % width;
      sy += Math.floor(k / width);
    }
  }
  return { area: n / (width * height), cx: n ? sx / n / width : 0, cy: n ? sy / n / height : 0 };
}

const without = (plan: ScenePlan, part: 'subjects' | 'props', index: number): ScenePlan => ({ ...plan, [part]: plan[part].filter((_, i) => i !== index) });
/** The plan with its main subject swapped for another (a robot, or a bear for a robot): what differs is where the subject is drawn. */
const swapped = (plan: ScenePlan): ScenePlan => {
  const [main, ...rest] = plan.subjects;
  const other = main.figure === 'robot' ? 'bear' : 'robot';
  return { ...plan, subjects: [{ ...main, word: other, icon: other, kind: other === 'robot' ? 'creature' : 'animal', figure: other, colour: undefined }, ...rest] };
};

describe('the engine draws the plan', () => {
  const full = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const prompt of PROMPTS) full.set(prompt, (await renderTrend(request(prompt))).png);
  });

  it.each(PROMPTS)('draws every subject and prop of "%s"', async (prompt) => {
    const plan = planScene(prompt);
    expect(plan.subjects.length).toBeGreaterThan(0);
    const base = full.get(prompt)!;
    // The main subject: large and central.
    const subject = await diffMask(base, (await renderTrend(request(prompt, { plan: swapped(plan) }))).png);
    expect(subject.area).toBeGreaterThan(0.08);
    expect(Math.abs(subject.cx - 0.5)).toBeLessThan(0.2);
    // Every prop and companion: drawn (its own pixels), and in scale: smaller than the subject.
    const parts: Array<['subjects' | 'props', number, string]> = [
      ...plan.subjects.slice(1).map((s, i): ['subjects', number, string] => ['subjects', i + 1, s.word]),
      ...plan.props.map((p, i): ['props', number, string] => ['props', i, p.word]),
    ];
    for (const [part, index, word] of parts) {
      const mask = await diffMask(base, (await renderTrend(request(prompt, { plan: without(plan, part, index) }))).png);
      expect({ word, drawn: mask.area > 0.004 }).toEqual({ word, drawn: true });
    }
  });

  it('draws the setting: night and rain darken and streak the sky, sunset warms it', async () => {
    const plan = planScene('two cats on a sofa');
    const plain = (await renderTrend(request('two cats on a sofa', { plan }))).png;
    const night = (await renderTrend(request('two cats on a sofa', { plan: { ...plan, setting: { timeOfDay: 'night', weather: 'rain' } } }))).png;
    const sunset = (await renderTrend(request('two cats on a sofa', { plan: { ...plan, setting: { timeOfDay: 'sunset' } } }))).png;
    const mean = async (png: Buffer) => (await sharp(png).stats()).channels.map((c) => c.mean);
    const [p, n, s] = await Promise.all([plain, night, sunset].map(mean));
    expect(n[0] + n[1] + n[2]).toBeLessThan((p[0] + p[1] + p[2]) * 0.75);
    // Warmer: red rises against blue.
    expect(s[0] - s[2]).toBeGreaterThan(p[0] - p[2] + 10);
  });

  it('gives different prompts in one trend clearly different pictures', async () => {
    const hashes = await Promise.all(PROMPTS.map((p) => pHash(full.get(p)!)));
    let closest = Infinity;
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hamming(hashes[i], hashes[j]));
    // Of 253 bits; renders of one prompt with two seeds differ by far less (see trends.spec).
    expect(closest).toBeGreaterThan(50);
  });

  it('keeps the same bytes for the same inputs and seed', async () => {
    const again = (await renderTrend(request(PROMPTS[2]))).png;
    expect(again.equals(full.get(PROMPTS[2])!)).toBe(true);
  });

  it('shows the style intensity, and 7 is the trend as designed', async () => {
    const prompt = PROMPTS[1];
    const seven = (await renderTrend(request(prompt, { styleIntensity: 7 }))).png;
    expect(seven.equals(full.get(prompt)!)).toBe(true);
    const low = (await renderTrend(request(prompt, { styleIntensity: 2 }))).png;
    const high = (await renderTrend(request(prompt, { styleIntensity: 10 }))).png;
    expect(await changedFraction(seven, low)).toBeGreaterThan(0.3);
    expect(await changedFraction(seven, high)).toBeGreaterThan(0.1);
  });
});
