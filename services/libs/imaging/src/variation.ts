/**
 * The wizard's style variations (spec part 2 section 3) as the studio engine draws them: a
 * finishing treatment over the trend's picture, so the same prompt and seed give four clearly
 * different images. Standard is the trend as it is; every treatment scales with the frame (the
 * 4K export looks like the creation) and is deterministic (its noise comes from the seed).
 */
import type { VariationType } from '@trendforge/contracts';
import { kuwahara, rgb } from './effects.js';
import {
  curve, enlarge, fromRaw, grain, paperTexture, posterise, recombCurveVignette, saturationMatrix, shrink, smoothSurface, toRaw, type Raw,
} from './raster.js';
import type { Rng } from './util/rng.js';

/** The frame's scale against the 1024 px the treatments were tuned on. */
const scaleOf = (img: Raw) => Math.max(img.width, img.height) / 1024;

/** The picture with the variation's treatment; standard (or none) gives it back untouched. */
export async function applyVariation(img: Raw, variation: VariationType | undefined, rng: Rng): Promise<Raw> {
  switch (variation) {
    case 'detailed': return detailed(img, rng);
    case 'minimalist': return minimalist(img);
    case 'artistic': return artistic(img, rng);
    default: return img;
  }
}

/** Sharper, with richer local contrast and texture, lit like a film still (deeper shadows, a vignette). */
async function detailed(img: Raw, rng: Rng): Promise<Raw> {
  const k = scaleOf(img);
  const clear = await clarity(await rgb(img), 0.8, 24 * k);
  const crisp = await toRaw(fromRaw(clear).sharpen({ sigma: Math.max(0.5, 1.1 * k), m1: 1.5, m2: 4 }));
  const lit = recombCurveVignette(crisp, saturationMatrix(1.25), curve(0.4, 0, 1.02), 0.42);
  return grain(lit, rng.fork('detailed'), 0.14);
}

/** Flatter and quieter: smoothed, a few softer colours, the edges of the frame fading into one plain ground. */
async function minimalist(img: Raw): Promise<Raw> {
  const k = scaleOf(img);
  const smooth = await smoothSurface(await rgb(img), 7, 2.5 * k, 2);
  const flat = await posterise(smooth, 12, 2);
  const quiet = recombCurveVignette(flat, saturationMatrix(0.9), null, 0);
  return plainGround(quiet);
}

/** Painterly: brush patches (Kuwahara), a bolder, more saturated palette and canvas under the paint. */
async function artistic(img: Raw, rng: Rng): Promise<Raw> {
  const k = scaleOf(img);
  const painted = await kuwahara(img, Math.max(2, Math.round(3 * k)), 2);
  const bold = recombCurveVignette(painted, saturationMatrix(1.8), curve(0.6, 0.02, 1), 0.2);
  return paperTexture(bold, rng.fork('artistic'), 0.4, '#fbf4e8');
}

/**
 * Local contrast ("clarity"): each pixel pushed away from a wide blur of its surroundings by
 * `amount`. The blur runs at a quarter size (its own pipeline), which at that radius looks the same.
 */
async function clarity(img: Raw, amount: number, radius: number): Promise<Raw> {
  const small = await shrink(img, 4);
  const wide = await enlarge(await toRaw(fromRaw(small).blur(Math.max(0.5, radius / 4))), img.width, img.height);
  const out = Buffer.allocUnsafe(img.data.length);
  for (let i = 0; i < out.length; i++) {
    const v = img.data[i] + amount * (img.data[i] - wide.data[i]);
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return { ...img, data: out };
}

/**
 * The frame's edges blended toward the average colour of its border: one plain background around
 * the subject, which stays in the middle of the frame.
 */
function plainGround(img: Raw): Raw {
  const { width: W, height: H, data } = img;
  const band = Math.max(1, Math.round(Math.min(W, H) * 0.06));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (y >= band && y < H - band && x === band) x = W - band;
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] += data[i + c];
      n++;
    }
  }
  const ground = sum.map((v) => v / n);
  const out = Buffer.allocUnsafe(W * H * 3);
  for (let y = 0; y < H; y++) {
    const dy = (y - H * 0.5) / (H * 0.5);
    for (let x = 0; x < W; x++) {
      const dx = (x - W * 0.5) / (W * 0.5);
      const d = Math.sqrt(dx * dx + dy * dy) / 1.2;
      const t = d <= 0.65 ? 0 : Math.min(1, (d - 0.65) / 0.35);
      const w = 0.6 * t * t * (3 - 2 * t);
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = data[i + c] + (ground[c] - data[i + c]) * w;
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}
