/**
 * A picture repainted with brush strokes (oil painting, Renaissance), not filtered: each stroke is
 * a short, wide dab of one colour (the picture's, blurred to the brush's size, at the stroke's
 * middle), laid along the forms (across the broad light's gradient; a slowly wandering diagonal
 * where the picture is flat), in a random order, coarse brushes everywhere first, then smaller ones
 * where the coarse layer misses the picture (edges, features), and the finest over the face, so its
 * eyes, brows and mouth stay the person's. Each stroke also leaves its paint's relief (a ridge
 * across it with bristle grooves along it): the impasto height map for `reliefs`.
 */
import { strokeDirections, streakReading } from '../effects.js';
import { enlarge, fromRaw, luma, noise, toRaw, type Raw } from '../raster.js';
import type { Rng } from '../util/rng.js';
import { clamp255 } from './person-shading.js';

export interface BrushOptions {
  /** The coarse brush's width, px. */
  width: number;
  /** A stroke's length as a multiple of its width. */
  length?: number;
  /** Where the face is (in the picture's pixels): the finest brush paints it. */
  face?: { left: number; top: number; width: number; height: number };
  /** How much a stroke's colour varies (0…1): the painter's mixing on the palette. */
  jitter?: number;
}

interface Layer { width: number; spacing: number; blur: number; threshold: number; region?: (x: number, y: number) => boolean }

export async function brushStrokes(img0: Raw, rng: Rng, o: BrushOptions): Promise<{ img: Raw; height: Raw }> {
  const img = img0.channels === 3 ? img0 : await toRaw(fromRaw(img0).removeAlpha());
  const { width: W, height: H } = img;
  const n = W * H;
  const bw = Math.max(2, o.width);
  const lengthK = o.length ?? 3.2;
  const jitter = (o.jitter ?? 0.5) * 14;
  const f = o.face;
  const inFace = f ? (x: number, y: number) => ((x - f.left - f.width / 2) / (f.width * 0.62)) ** 2 + ((y - f.top - f.height * 0.55) / (f.height * 0.7)) ** 2 < 1 : () => false;
  const layers: Layer[] = [
    { width: bw, spacing: bw * 0.75, blur: bw * 0.5, threshold: -1 },
    { width: bw * 0.55, spacing: bw * 0.42, blur: bw * 0.25, threshold: 22 },
  ];
  if (f) layers.push({ width: Math.max(1.6, bw * 0.3), spacing: Math.max(1, bw * 0.22), blur: Math.max(0.4, bw * 0.1), threshold: 8, region: inFace });
  // The strokes' direction: along the edges of the broad light.
  const L = await toRaw(fromRaw(luma(img)).blur(Math.max(1, bw * 0.9)).extractChannel(0));
  const hand = streakReading(await enlarge(noise(Math.max(2, Math.round(W / 60)), Math.max(2, Math.round(H / 60)), rng.fork('hand')), W, H, 'cubic'));
  const dir = strokeDirections(L, hand, 5, 1.2);
  const canvas = Buffer.from(img.data);
  const height = new Float32Array(n);
  const painted = new Uint8Array(n);
  const refs = await Promise.all(layers.map((l) => toRaw(fromRaw(img).blur(Math.max(0.3, l.blur)))));
  for (let li = 0; li < layers.length; li++) {
    const layer = layers[li];
    const ref = refs[li].data;
    const hw = layer.width / 2, hl = (layer.width * lengthK) / 2;
    const centres: number[] = [];
    const step = layer.spacing;
    for (let gy = step / 2; gy < H; gy += step) {
      for (let gx = step / 2; gx < W; gx += step) {
        const x = Math.min(W - 1, Math.max(0, Math.round(gx + rng.range(-0.5, 0.5) * step)));
        const y = Math.min(H - 1, Math.max(0, Math.round(gy + rng.range(-0.5, 0.5) * step)));
        if (layer.region && !layer.region(x, y)) continue;
        const p = y * W + x;
        if (layer.threshold >= 0) {
          // Only where the canvas still differs from the picture at this brush's detail.
          const i = p * 3;
          const e = Math.abs(canvas[i] - ref[i]) + Math.abs(canvas[i + 1] - ref[i + 1]) + Math.abs(canvas[i + 2] - ref[i + 2]);
          if (painted[p] && e < layer.threshold * 3) continue;
        }
        centres.push(p);
      }
    }
    // A painter's order, not a scan.
    for (let k = centres.length - 1; k > 0; k--) {
      const j = Math.floor(rng.next() * (k + 1));
      const t = centres[k]; centres[k] = centres[j]; centres[j] = t;
    }
    for (const p of centres) {
      const x = p % W, y = (p - x) / W;
      dir.at(x, y);
      const tx = dir.tx, ty = dir.ty;
      const i = p * 3;
      const v = rng.range(-1, 1) * jitter;
      const cr = clamp255(ref[i] + v), cg = clamp255(ref[i + 1] + v), cb = clamp255(ref[i + 2] + v * 0.8);
      const bristle = rng.range(0, Math.PI * 2);
      const load = rng.range(0.7, 1);
      const ext = hl + hw;
      const x0 = Math.max(0, Math.floor(x - ext)), x1 = Math.min(W - 1, Math.ceil(x + ext));
      const y0 = Math.max(0, Math.floor(y - ext)), y1 = Math.min(H - 1, Math.ceil(y + ext));
      for (let yy = y0; yy <= y1; yy++) {
        const dy = yy - y;
        for (let xx = x0; xx <= x1; xx++) {
          const dx = xx - x;
          const u = dx * tx + dy * ty;
          const w = -dx * ty + dy * tx;
          const au = Math.abs(u), aw = Math.abs(w);
          if (au > hl + hw || aw > hw) continue;
          // A rounded end: the dab's tip.
          const over = au - hl;
          if (over > 0 && over * over + aw * aw > hw * hw) continue;
          const q = yy * W + xx, c = q * 3;
          // Soft at the sides (a pixel's anti-aliasing), the paint thinning towards the tail.
          const edge = Math.min(1, (hw - aw) + 0.5);
          const tail = u > 0 ? 1 - 0.35 * (u / (hl + hw)) : 1;
          const cov = edge * tail * load;
          canvas[c] += (cr - canvas[c]) * cov;
          canvas[c + 1] += (cg - canvas[c + 1]) * cov;
          canvas[c + 2] += (cb - canvas[c + 2]) * cov;
          // Impasto: a ridge across the stroke, grooved by the bristles along it.
          const across = aw / hw;
          const ridge = (1 - across * across) * (0.65 + 0.35 * Math.sin(w * 2.2 + bristle));
          height[q] += (ridge * tail - height[q]) * Math.min(1, cov * 1.2);
          painted[q] = 1;
        }
      }
    }
  }
  const h = Buffer.allocUnsafe(n);
  for (let p = 0; p < n; p++) h[p] = clamp255(90 + height[p] * 120);
  return { img: { data: canvas, width: W, height: H, channels: 3 }, height: { data: h, width: W, height: H, channels: 1 } };
}
