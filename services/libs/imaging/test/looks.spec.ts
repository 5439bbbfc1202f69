/**
 * The person restyles as plain pixel code (no model): a cut-out layer in, the restyled layer out.
 * A flat grey disc on transparency stands in for the person.
 */
import { clayPerson, neonLitPerson } from '../src/cutout.js';
import type { Raw } from '../src/raster.js';
import { createRng } from '../src/util/rng.js';

const N = 200;
function disc(): Raw {
  const data = Buffer.alloc(N * N * 4);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      const i = (y * N + x) * 4;
      if (Math.hypot(x - N / 2, y - N / 2) > N * 0.4) continue;
      data[i] = data[i + 1] = data[i + 2] = 140;
      data[i + 3] = 255;
    }
  }
  return { data, width: N, height: N, channels: 4 };
}
const px = (img: Raw, x: number, y: number) => Array.from(img.data.subarray((y * N + x) * 4, (y * N + x) * 4 + 4));
const lum = (p: number[]) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];

describe('clay person', () => {
  it('shades the figure as a rounded lump lit from the upper left, presses fingerprints into it, and keeps its outline', async () => {
    const layer = disc();
    const out = await clayPerson(layer, createRng(3));
    for (let i = 3; i < out.data.length; i += 4) expect(out.data[i]).toBe(layer.data[i]);
    // Near the outline the form turns: the upper-left rim lit, the lower-right one shaded.
    const o = (N * 0.4 * 0.9) / Math.SQRT2;
    expect(lum(px(out, Math.round(N / 2 - o), Math.round(N / 2 - o)))).toBeGreaterThan(lum(px(out, Math.round(N / 2 + o), Math.round(N / 2 + o))) + 20);
    // The flat grey is no longer flat: ridges make a texture across the disc.
    let textured = 0;
    for (let y = 40; y < 160; y++) for (let x = 40; x < 160; x++) if (layer.data[(y * N + x) * 4 + 3] && Math.abs(px(out, x, y)[0] - px(out, x + 1, y)[0]) > 3) textured++;
    expect(textured).toBeGreaterThan(500);
  });
});

describe('neon-lit person', () => {
  it('rims the figure in one colour from the left and the other from the right, leaving the background transparent', async () => {
    const out = await neonLitPerson(disc(), '#ff2fb0', '#2fe0ff', '#141030', 0.75);
    const left = px(out, Math.round(N * 0.11), N / 2);
    const right = px(out, Math.round(N * 0.89), N / 2);
    expect(left[0]).toBeGreaterThan(left[1] + 30);
    expect(right[1]).toBeGreaterThan(right[0] + 30);
    expect(px(out, 2, 2)[3]).toBe(0);
  });
});
