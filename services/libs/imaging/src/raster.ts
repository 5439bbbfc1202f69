/**
 * Raster stages on raw pixel buffers, built on sharp/libvips. Every stage is deterministic:
 * noise comes from the seeded PRNG, never from libvips' own random source.
 */
import sharp, { type Blend, type Sharp } from 'sharp';
import type { Rng } from './util/rng.js';
import { hexToRgb } from './util/color.js';

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export const fromRaw = (img: Raw): Sharp =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });

export async function toRaw(s: Sharp): Promise<Raw> {
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as Raw['channels'] };
}

const rawInput = (img: Raw) => ({ input: img.data, raw: { width: img.width, height: img.height, channels: img.channels } });

/** Render an SVG document to RGBA at its own pixel size (times `scale`). */
export async function renderSvg(svg: string, scale = 1): Promise<Raw> {
  return toRaw(sharp(Buffer.from(svg), { density: 72 * scale }).ensureAlpha());
}

/** Render an SVG and flatten it to RGB over a colour. */
export async function renderSvgOpaque(svg: string, background = '#ffffff'): Promise<Raw> {
  return toRaw(sharp(Buffer.from(svg), { density: 72 }).flatten({ background }));
}

/**
 * Render an SVG document of W×H at a fraction of its size (librsvg work drops with the square
 * of the scale), optionally blur it there, then scale it back up to W×H. For backdrops that end
 * up out of focus this costs a quarter or less of a full-size render and looks the same.
 */
export async function renderSvgSoft(svg: string, W: number, H: number, scale: number, blurPx = 0, background = '#ffffff'): Promise<Raw> {
  let s = sharp(Buffer.from(svg), { density: 72 * scale }).flatten({ background });
  if (blurPx * scale >= 0.3) s = s.blur(blurPx * scale);
  const small = await toRaw(s);
  if (small.width === W && small.height === H) return small;
  return enlarge(small, W, H, 'cubic');
}

/**
 * Alpha-composite `top` (RGBA, same size or smaller at left/top) over `base`. Plain 'over' layers
 * are blended in JS, touching only the layers' non-transparent pixels (the same bytes as
 * libvips' composite, give or take one level, at a fraction of its float pipeline's cost); other
 * blend modes go through libvips.
 */
export async function over(base: Raw, layers: Array<{ img: Raw; left?: number; top?: number; blend?: Blend }>): Promise<Raw> {
  if ((base.channels === 3 || base.channels === 4) && layers.every((l) => (l.blend ?? 'over') === 'over' && l.img.channels === 4)) {
    const out = Buffer.from(base.data);
    for (const l of layers) overInPlace(out, base.width, base.height, base.channels, l.img, Math.round(l.left ?? 0), Math.round(l.top ?? 0));
    return { ...base, data: out };
  }
  return toRaw(
    fromRaw(base).composite(
      layers.map((l) => ({ ...rawInput(l.img), left: l.left ?? 0, top: l.top ?? 0, blend: l.blend ?? 'over' })),
    ),
  );
}

/** Straight-alpha 'over' of an RGBA layer at (left, top) onto RGB or RGBA pixels, truncating like libvips. */
function overInPlace(out: Buffer, W: number, H: number, C: number, top: Raw, left: number, y0: number): void {
  const { width: w, height: h, data } = top;
  const xa = Math.max(0, -left), xb = Math.min(w, W - left);
  const ya = Math.max(0, -y0), yb = Math.min(h, H - y0);
  for (let y = ya; y < yb; y++) {
    let j = (y * w + xa) * 4;
    let i = ((y + y0) * W + xa + left) * C;
    for (let x = xa; x < xb; x++, j += 4, i += C) {
      const a = data[j + 3];
      if (a === 0) continue;
      const t = a / 255;
      if (C === 3) {
        out[i] += (data[j] - out[i]) * t;
        out[i + 1] += (data[j + 1] - out[i + 1]) * t;
        out[i + 2] += (data[j + 2] - out[i + 2]) * t;
      } else {
        const ab = (out[i + 3] / 255) * (1 - t);
        const ao = t + ab;
        out[i] = (data[j] * t + out[i] * ab) / ao;
        out[i + 1] = (data[j + 1] * t + out[i + 1] * ab) / ao;
        out[i + 2] = (data[j + 2] * t + out[i + 2] * ab) / ao;
        out[i + 3] = ao * 255;
      }
    }
  }
}

/** Composite SVG overlays (text, gradients) rendered by librsvg onto the image (plain ones laid over in JS, touching only their own pixels). */
export async function overlaySvg(base: Raw, svgs: Array<string | { svg: string; blend: Blend }>): Promise<Raw> {
  if (svgs.every((s) => typeof s === 'string')) return over(base, await Promise.all(svgs.map(async (s) => ({ img: await renderSvg(s as string) }))));
  return toRaw(
    fromRaw(base).composite(
      svgs.map((s) => (typeof s === 'string' ? { input: Buffer.from(s) } : { input: Buffer.from(s.svg), blend: s.blend })),
    ),
  );
}

/**
 * Triangular noise in [-1, 1) per sample, from an inlined mulberry32 seeded by `rng` (one 32-bit
 * draw gives two 16-bit halves whose sum is triangular). Fast enough for full-frame grain.
 */
function triangularNoise(count: number, rng: Rng): Float32Array {
  const out = new Float32Array(count);
  let state = Math.floor(rng.next() * 4294967296) >>> 0;
  for (let i = 0; i < count; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    t = (t ^ (t >>> 14)) >>> 0;
    out[i] = ((t & 0xffff) + (t >>> 16)) / 65535 - 1;
  }
  return out;
}

/** Grey noise centred on 128 (triangular distribution), one channel. */
export function noise(width: number, height: number, rng: Rng, amplitude = 1): Raw {
  const n = triangularNoise(width * height, rng);
  const data = Buffer.allocUnsafe(width * height);
  for (let i = 0; i < data.length; i++) {
    const v = 128 + n[i] * 127 * amplitude;
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return { data, width, height, channels: 1 };
}

/** Film grain: seeded monochrome noise added to every pixel (triangular distribution). */
export function grain(img: Raw, rng: Rng, amount = 0.25): Raw {
  const { data, channels } = img;
  const out = Buffer.allocUnsafe(data.length);
  const a = amount * 64;
  const n = triangularNoise(data.length / channels, rng);
  for (let i = 0, k = 0; i < data.length; i += channels, k++) {
    const d = n[k] * a;
    for (let c = 0; c < 3; c++) {
      const v = data[i + c] + d;
      out[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/** Paper texture: multi-scale seeded noise (blotches and fibres) multiplied in with a paper tint. */
export async function paperTexture(img: Raw, rng: Rng, strength = 0.5, tint = '#f3e6cc'): Promise<Raw> {
  const { width: W, height: H, channels, data } = img;
  const coarse = await enlarge(noise(Math.ceil(W / 24), Math.ceil(H / 24), rng, 1), W, H, 'cubic');
  const fine = triangularNoise(W * H, rng);
  const [tr, tg, tb] = hexToRgb(tint).map((v) => v / 255);
  const out = Buffer.allocUnsafe(W * H * 3);
  for (let i = 0, j = 0, k = 0; i < W * H; i++, j += 3, k += channels) {
    const v = 1 - strength * (0.2 * (1 - coarse.data[i] / 255) + 0.25 * Math.abs(fine[i]));
    out[j] = data[k] * tr * v;
    out[j + 1] = data[k + 1] * tg * v;
    out[j + 2] = data[k + 2] * tb * v;
  }
  return { data: out, width: W, height: H, channels: 3 };
}

/** Radial vignette: an elliptical falloff toward the corners (curveAndVignette with no curve). */
export function vignette(img: Raw, strength = 0.45, colour = '#000000'): Raw {
  return curveAndVignette(img, null, strength, colour);
}

export interface Glow {
  cx: number;
  cy: number;
  /** Radii in px. */
  rx: number;
  ry: number;
  colour: string;
  opacity: number;
  blend: 'screen' | 'multiply' | 'over';
}

/** Smooth radial light or shadow pools, computed per pixel inside their bounding boxes. */
export function glows(img: Raw, list: Glow[]): Raw {
  const { width: W, height: H, channels } = img;
  const out = Buffer.from(img.data);
  for (const g of list) {
    const [gr, gg, gb] = hexToRgb(g.colour);
    const x0 = Math.max(0, Math.floor(g.cx - g.rx));
    const x1 = Math.min(W, Math.ceil(g.cx + g.rx));
    const y0 = Math.max(0, Math.floor(g.cy - g.ry));
    const y1 = Math.min(H, Math.ceil(g.cy + g.ry));
    const irx = 1 / g.rx;
    const mode = g.blend === 'screen' ? 0 : g.blend === 'multiply' ? 1 : 2;
    // Per-blend constants: screen adds c·(255−v)/255, multiply scales by 1−f·(1−c/255), over lerps to c.
    const sr = gr / 255;
    const sg = gg / 255;
    const sb = gb / 255;
    for (let y = y0; y < y1; y++) {
      const dy = (y - g.cy) / g.ry;
      const dy2 = dy * dy;
      if (dy2 >= 1) continue;
      let i = (y * W + x0) * channels;
      for (let x = x0; x < x1; x++, i += channels) {
        const dx = (x - g.cx) * irx;
        const d2 = dx * dx + dy2;
        if (d2 >= 1) continue;
        const q = 1 - d2;
        const f = q * q * g.opacity;
        if (mode === 0) {
          out[i] += f * sr * (255 - out[i]);
          out[i + 1] += f * sg * (255 - out[i + 1]);
          out[i + 2] += f * sb * (255 - out[i + 2]);
        } else if (mode === 1) {
          out[i] *= 1 - f * (1 - sr);
          out[i + 1] *= 1 - f * (1 - sg);
          out[i + 2] *= 1 - f * (1 - sb);
        } else {
          out[i] += (gr - out[i]) * f;
          out[i + 1] += (gg - out[i + 1]) * f;
          out[i + 2] += (gb - out[i + 2]) * f;
        }
      }
    }
  }
  return { ...img, data: out };
}

const INV255 = 1 / 255;

/**
 * Bloom/glow: bright parts extracted with a linear ramp, blurred, screened on. The looks were
 * tuned on a full-size blur whose sigma is `radius` × a quarter of the width (sharp kept only
 * the last of the pipeline's two resizes). The ramp and the blur are linear, so they run on a
 * quarter-size copy with a quarter of the sigma, and the glow is enlarged bilinearly inside the
 * screen pass: the same glow for a sixteenth of the blurring.
 */
export async function bloom(img: Raw, threshold = 0.7, strength = 0.6, radius = 0.02): Promise<Raw> {
  const { width: W, height: H, channels, data } = img;
  const sigma = Math.max(0.5, radius * Math.max(64, Math.round(W / 4)));
  const w = Math.max(8, Math.round(W / 4));
  const h = Math.max(8, Math.round(H / 4));
  const k = strength / (1 - threshold);
  const hi = await toRaw(
    fromRaw(img)
      .removeAlpha()
      .resize(w, h, { fit: 'fill' })
      .linear(k, -threshold * 255 * k)
      .blur(Math.max(0.3, (sigma * w) / W)),
  );
  const hd = hi.data;
  const hc = hi.channels;
  if (hd.length !== w * h * hc) throw new Error('bloom: the glow is not bytes');
  const { at: xAt, wt: xWt } = resampleTaps(w, W, false);
  const { at: yAt, wt: yWt } = resampleTaps(h, H, false);
  const glow = new Float32Array(w * 3);
  const out = Buffer.allocUnsafe(data.length);
  for (let y = 0, i = 0; y < H; y++) {
    // The glow's row: the two source rows mixed (linear taps are the middle two).
    const b = y * 4 + 1;
    const r0 = yAt[b] * w * hc, r1 = yAt[b + 1] * w * hc, a0 = yWt[b], a1 = yWt[b + 1];
    for (let x = 0, p = 0, q = 0; x < w; x++, p += 3, q += hc) {
      // Kept as 255 − glow, what the screen multiplies by.
      glow[p] = 255 - (a0 * hd[r0 + q] + a1 * hd[r1 + q]);
      glow[p + 1] = 255 - (a0 * hd[r0 + q + 1] + a1 * hd[r1 + q + 1]);
      glow[p + 2] = 255 - (a0 * hd[r0 + q + 2] + a1 * hd[r1 + q + 2]);
    }
    for (let x = 0, t = 1; x < W; x++, t += 4, i += channels) {
      const p0 = xAt[t] * 3, p1 = xAt[t + 1] * 3, b0 = xWt[t], b1 = xWt[t + 1];
      // Screen: 255 − (255 − v)(255 − glow)/255.
      out[i] = (255 - (255 - data[i]) * (b0 * glow[p0] + b1 * glow[p1]) * INV255) | 0;
      out[i + 1] = (255 - (255 - data[i + 1]) * (b0 * glow[p0 + 1] + b1 * glow[p1 + 1]) * INV255) | 0;
      out[i + 2] = (255 - (255 - data[i + 2]) * (b0 * glow[p0 + 2] + b1 * glow[p1 + 2]) * INV255) | 0;
      if (channels === 4) out[i + 3] = data[i + 3];
    }
  }
  return { ...img, data: out };
}

/**
 * Posterise by quantising to a palette (libimagequant via the PNG palette encoder) and decoding
 * again. `factor` > 1 quantises a reduced copy and scales it back up, which also softens the
 * colour boundaries like pigment bleeding into wet paper. `size` enlarges the result to another
 * size (work begun at reduced size ends at the frame's).
 */
export async function posterise(img: Raw, colours: number, factor = 1, dither = 0, size?: { width: number; height: number }): Promise<Raw> {
  const { width: W, height: H } = size ?? img;
  let s = fromRaw(img).removeAlpha();
  if (factor > 1) s = s.resize(Math.round(img.width / factor), Math.round(img.height / factor));
  const png = await s.png({ palette: true, colours, dither, effort: 1, compressionLevel: 0 }).toBuffer();
  const flat = await toRaw(sharp(png).removeAlpha().toColourspace('srgb'));
  return flat.width !== W || flat.height !== H ? enlarge(flat, W, H) : flat;
}

/** The picture at w×h (RGB): as it is when it already has that size (see StyleDef.workScale), else resized. */
export async function atSize(img: Raw, w: number, h: number): Promise<Raw> {
  if (img.width === w && img.height === h && img.channels === 3) return img;
  if (img.width === w && img.height === h) return toRaw(fromRaw(img).removeAlpha());
  return toRaw(fromRaw(img).removeAlpha().resize(w, h));
}

/**
 * Enlarged (bilinear, or bicubic) to w×h: the end of work done at reduced size. Grey stays one
 * channel. Grey and RGB are resampled here, two separable passes a few times cheaper than
 * libvips' enlargement (which also turned grey into RGB); RGBA (alpha to premultiply) and
 * reductions go to libvips.
 */
export async function enlarge(img: Raw, w: number, h: number, kernel: 'linear' | 'cubic' | 'nearest' = 'linear'): Promise<Raw> {
  if (kernel === 'nearest' && w >= img.width && h >= img.height) return repeatPixels(img, w, h);
  if (kernel !== 'nearest' && (img.channels === 1 || img.channels === 3) && w >= img.width && h >= img.height) return resampleUp(img, w, h, kernel === 'cubic');
  return toRaw(fromRaw(img).resize(w, h, { fit: 'fill', kernel }));
}

/** Nearest-neighbour enlargement (pixel x takes source ⌊x·w/W⌋: the same bytes as libvips'). */
function repeatPixels(img: Raw, W: number, H: number): Raw {
  const { width: w, height: h, channels: C, data } = img;
  const from = Int32Array.from({ length: W }, (_, x) => Math.min(w - 1, Math.floor((x * w) / W)) * C);
  const out = Buffer.allocUnsafe(W * H * C);
  const RW = W * C;
  for (let y = 0, last = -1; y < H; y++) {
    const sy = Math.min(h - 1, Math.floor((y * h) / H));
    const o = y * RW;
    // A row repeating the previous one is copied whole.
    if (sy === last) { out.copyWithin(o, o - RW, o); continue; }
    last = sy;
    const row = sy * w * C;
    for (let x = 0, i = o; x < W; x++) for (let c = 0; c < C; c++, i++) out[i] = data[row + from[x] + c];
  }
  return { data: out, width: W, height: H, channels: C };
}

/** Per output pixel, four source indices (clamped at the edges) and their weights; pixel centres aligned. */
function resampleTaps(src: number, dst: number, cubic: boolean): { at: Int32Array; wt: Float32Array } {
  const at = new Int32Array(dst * 4);
  const wt = new Float32Array(dst * 4);
  const s = src / dst;
  for (let x = 0; x < dst; x++) {
    const f = (x + 0.5) * s - 0.5;
    const i = Math.floor(f);
    const t = f - i;
    // Catmull-Rom (libvips' bicubic), or the two linear taps in the middle.
    const w = cubic
      ? [((-0.5 * t + 1) * t - 0.5) * t, (1.5 * t - 2.5) * t * t + 1, ((-1.5 * t + 2) * t + 0.5) * t, (0.5 * t - 0.5) * t * t]
      : [0, 1 - t, t, 0];
    for (let k = 0; k < 4; k++) {
      at[x * 4 + k] = Math.min(src - 1, Math.max(0, i - 1 + k));
      wt[x * 4 + k] = w[k];
    }
  }
  return { at, wt };
}

function resampleUp(img: Raw, W: number, H: number, cubic: boolean): Raw {
  if (!cubic) return resampleUpLinear(img, W, H);
  const { width: w, height: h, channels: C, data } = img;
  const tx = resampleTaps(w, W, true);
  const ty = resampleTaps(h, H, true);
  const { at, wt } = tx;
  const rw = w * C;
  // Per output row: the column taps into one source-width row (small, stays in cache), then the row taps.
  const row = new Float32Array(rw);
  const out = Buffer.allocUnsafe(H * W * C);
  const double = W === 2 * w;
  for (let y = 0, o = 0; y < H; y++) {
    const b = y * 4;
    const r0 = ty.at[b] * rw, r1 = ty.at[b + 1] * rw, r2 = ty.at[b + 2] * rw, r3 = ty.at[b + 3] * rw;
    const w0 = ty.wt[b], w1 = ty.wt[b + 1], w2 = ty.wt[b + 2], w3 = ty.wt[b + 3];
    for (let i = 0; i < rw; i++) row[i] = w0 * data[r0 + i] + w1 * data[r1 + i] + w2 * data[r2 + i] + w3 * data[r3 + i];
    if (double && w >= 5) {
      o = doubleRow(row, w, C, out, o, at, wt);
      continue;
    }
    if (C === 1) {
      for (let x = 0, t = 0; x < W; x++, t += 4, o++) {
        const v = wt[t] * row[at[t]] + wt[t + 1] * row[at[t + 1]] + wt[t + 2] * row[at[t + 2]] + wt[t + 3] * row[at[t + 3]] + 0.5;
        out[o] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
      continue;
    }
    for (let x = 0, t = 0; x < W; x++, t += 4, o += 3) {
      const a0 = wt[t], a1 = wt[t + 1], a2 = wt[t + 2], a3 = wt[t + 3];
      const i0 = at[t] * 3, i1 = at[t + 1] * 3, i2 = at[t + 2] * 3, i3 = at[t + 3] * 3;
      const r = a0 * row[i0] + a1 * row[i1] + a2 * row[i2] + a3 * row[i3] + 0.5;
      const g = a0 * row[i0 + 1] + a1 * row[i1 + 1] + a2 * row[i2 + 1] + a3 * row[i3 + 1] + 0.5;
      const bl = a0 * row[i0 + 2] + a1 * row[i1 + 2] + a2 * row[i2 + 2] + a3 * row[i3 + 2] + 0.5;
      out[o] = r < 0 ? 0 : r > 255 ? 255 : r;
      out[o + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
      out[o + 2] = bl < 0 ? 0 : bl > 255 ? 255 : bl;
    }
  }
  return { data: out, width: W, height: H, channels: C };
}

/** Catmull-Rom weights of an exact doubling: even outputs sit ¾ of the way from source x−1 to x, odd ones ¼ past x. */
const EVEN = [-0.0234375, 0.2265625, 0.8671875, -0.0703125];

/**
 * One row of `row` (w source pixels of C channels) doubled into `out` at `o`: each source pixel's
 * two outputs from five neighbours read once (the edges through the general taps). Returns the next `o`.
 */
function doubleRow(row: Float32Array, w: number, C: number, out: Buffer, o: number, at: Int32Array, wt: Float32Array): number {
  const [e0, e1, e2, e3] = EVEN;
  const W = 2 * w;
  const edge = (x: number) => {
    const t = x * 4;
    for (let c = 0; c < C; c++, o++) {
      const v = wt[t] * row[at[t] * C + c] + wt[t + 1] * row[at[t + 1] * C + c] + wt[t + 2] * row[at[t + 2] * C + c] + wt[t + 3] * row[at[t + 3] * C + c] + 0.5;
      out[o] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  };
  for (let x = 0; x < 4; x++) edge(x);
  // Source pixels 2…w−3: outputs 2i (taps i−2…i+1) and 2i+1 (taps i−1…i+2, the weights mirrored).
  for (let i = 2; i < w - 2; i++) {
    const even = o, odd = o + C;
    for (let c = 0, p = i * C; c < C; c++, p++) {
      const a = row[p - 2 * C], b = row[p - C], m = row[p], d = row[p + C], e = row[p + 2 * C];
      const v0 = e0 * a + e1 * b + e2 * m + e3 * d + 0.5;
      const v1 = e3 * b + e2 * m + e1 * d + e0 * e + 0.5;
      out[even + c] = v0 < 0 ? 0 : v0 > 255 ? 255 : v0;
      out[odd + c] = v1 < 0 ? 0 : v1 > 255 ? 255 : v1;
    }
    o += 2 * C;
  }
  for (let x = W - 4; x < W; x++) edge(x);
  return o;
}

/** Bilinear: two taps each way (the middle two of `resampleTaps`), never outside 0…255. */
function resampleUpLinear(img: Raw, W: number, H: number): Raw {
  const { width: w, height: h, channels: C, data } = img;
  const tx = resampleTaps(w, W, false);
  const ty = resampleTaps(h, H, false);
  // Per output column: its left source byte offset and the right one's weight.
  const left = new Int32Array(W), right = new Int32Array(W), t1 = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    left[x] = tx.at[x * 4 + 1] * C;
    right[x] = tx.at[x * 4 + 2] * C;
    t1[x] = tx.wt[x * 4 + 2];
  }
  const rw = w * C;
  const row = new Float32Array(rw);
  const out = Buffer.allocUnsafe(H * W * C);
  for (let y = 0, o = 0; y < H; y++) {
    const r1 = ty.at[y * 4 + 1] * rw, r2 = ty.at[y * 4 + 2] * rw, v2 = ty.wt[y * 4 + 2];
    for (let i = 0; i < rw; i++) row[i] = data[r1 + i] + (data[r2 + i] - data[r1 + i]) * v2;
    if (C === 3) {
      for (let x = 0; x < W; x++, o += 3) {
        const a = left[x], b = right[x], t = t1[x];
        out[o] = row[a] + (row[b] - row[a]) * t + 0.5;
        out[o + 1] = row[a + 1] + (row[b + 1] - row[a + 1]) * t + 0.5;
        out[o + 2] = row[a + 2] + (row[b + 2] - row[a + 2]) * t + 0.5;
      }
    } else {
      for (let x = 0; x < W; x++) for (let c = 0; c < C; c++, o++) out[o] = row[left[x] + c] + (row[right[x] + c] - row[left[x] + c]) * t1[x] + 0.5;
    }
  }
  return { data: out, width: W, height: H, channels: C };
}

/** 1/`factor` size (RGB), its own pipeline: the start of work done at reduced size. */
export async function shrink(img: Raw, factor: number): Promise<Raw> {
  return toRaw(fromRaw(img).removeAlpha().resize(Math.round(img.width / factor), Math.round(img.height / factor)));
}

/**
 * Luma (Rec. 601 weights on the sRGB values) as one channel: a plain loop is several times
 * cheaper than libvips' greyscale, which goes through linear light.
 */
export function luma(img: Raw): Raw {
  if (img.channels === 1) return img;
  const { data, channels, width, height } = img;
  const out = Buffer.allocUnsafe(width * height);
  for (let i = 0, k = 0; k < out.length; i += channels, k++) out[k] = (data[i] * 4899 + data[i + 1] * 9617 + data[i + 2] * 1868 + 8192) >> 14;
  return { data: out, width, height, channels: 1 };
}

/** Dark ink edges from a Laplacian convolution on luminance, multiplied onto the image. */
export async function inkEdges(img: Raw, strength = 1, blur = 0): Promise<Raw> {
  let s = fromRaw(luma(img));
  if (blur > 0) s = s.blur(blur);
  const e = await toRaw(s.convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1], scale: 1 }).extractChannel(0));
  const { data, channels } = img;
  const out = Buffer.allocUnsafe(data.length);
  const ed = e.data;
  const ec = e.channels;
  for (let i = 0, j = 0; i < data.length; i += channels, j += ec) {
    const v = ed[j] * strength;
    const m = v >= 255 ? 0 : 1 - v / 255;
    out[i] = data[i] * m;
    out[i + 1] = data[i + 1] * m;
    out[i + 2] = data[i + 2] * m;
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/**
 * 3×3 median of every channel (RGB out), edges repeated: the same bytes as libvips' median(3)
 * at a fraction of its cost. Each column of three is sorted once; the median of the window is
 * then the median of (largest low, middle median, smallest high) of its three sorted columns.
 */
export function median3(img: Raw): Raw {
  const { width: W, height: H, data, channels: C } = img;
  const out = Buffer.allocUnsafe(W * H * 3);
  const lo = new Uint8Array(W), md = new Uint8Array(W), hi = new Uint8Array(W);
  for (let c = 0; c < 3; c++) {
    for (let y = 0; y < H; y++) {
      const r0 = (y > 0 ? y - 1 : 0) * W * C + c;
      const r1 = y * W * C + c;
      const r2 = (y < H - 1 ? y + 1 : y) * W * C + c;
      for (let x = 0, i = 0; x < W; x++, i += C) {
        let a = data[r0 + i], b = data[r1 + i], d = data[r2 + i], t: number;
        if (a > b) { t = a; a = b; b = t; }
        if (b > d) { t = b; b = d; d = t; }
        if (a > b) { t = a; a = b; b = t; }
        lo[x] = a; md[x] = b; hi[x] = d;
      }
      let o = y * W * 3 + c;
      for (let x = 0; x < W; x++, o += 3) {
        const l = x > 0 ? x - 1 : 0, r = x < W - 1 ? x + 1 : x;
        let a = lo[l], b = lo[x], d = lo[r];
        const maxLo = a > b ? (a > d ? a : d) : b > d ? b : d;
        a = hi[l]; b = hi[x]; d = hi[r];
        const minHi = a < b ? (a < d ? a : d) : b < d ? b : d;
        a = md[l]; b = md[x]; d = md[r];
        const mn = a < b ? a : b, mx = a < b ? b : a;
        const medMd = mx < d ? mx : mn > d ? mn : d;
        const p = maxLo < medMd ? maxLo : medMd, q = maxLo < medMd ? medMd : maxLo;
        out[o] = q < minHi ? q : p > minHi ? p : minHi;
      }
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}

/**
 * Edge-preserving-ish smoothing: a median blended with a soft blur. (The median once sat between
 * a shrink and an enlargement, but sharp keeps only a pipeline's last resize, so it always ran at
 * full size; that is the look the barbie and collectible photos were tuned on.) With `factor` > 1
 * the work runs at 1/`factor` size in its own pipeline (median and blur scaled to match) and is
 * enlarged once: for looks whose colour is posterised at reduced size anyway, it looks the same
 * at a fraction of a full-size median's cost.
 */
export async function smoothSurface(img: Raw, median = 5, blur = 1.2, factor = 1): Promise<Raw> {
  const { width: W, height: H } = img;
  const src = factor > 1 ? await shrink(img, factor) : img;
  const m = factor > 1 ? Math.max(3, 2 * Math.round((median / factor - 1) / 2) + 1) : median;
  const med = m === 3 ? median3(src) : await toRaw(fromRaw(src).removeAlpha().median(m));
  const soft = await toRaw(fromRaw(src).removeAlpha().blur(Math.max(0.3, blur / factor)));
  const out = Buffer.allocUnsafe(med.data.length);
  for (let i = 0; i < out.length; i++) out[i] = (med.data[i] * 0.6 + soft.data[i] * 0.4) | 0;
  const res: Raw = { data: out, width: src.width, height: src.height, channels: 3 };
  return factor > 1 ? enlarge(res, W, H) : res;
}

/**
 * Tone curve (256-entry lookup, same for R, G, B) and a radial vignette in one pass over the
 * pixels. The vignette weight comes from a lookup on the squared distance to the centre.
 */
export function curveAndVignette(img: Raw, lut: Uint8Array | null, strength: number, colour = '#000000'): Raw {
  return recombCurveVignette(img, null, lut, strength, colour);
}

export type Matrix3 = [[number, number, number], [number, number, number], [number, number, number]];

/**
 * A 3×3 colour matrix (like libvips recomb: truncated and clipped to bytes; RGB out), then the tone
 * curve and the vignette, all in one pass. The matrix goes through nine 256-entry tables, so a
 * pixel costs nine lookups instead of a float image round trip through libvips.
 */
export function recombCurveVignette(img: Raw, m: Matrix3 | null, lut: Uint8Array | null, strength: number, colour = '#000000'): Raw {
  const { width: W, height: H, channels, data } = img;
  const [vr, vg, vb] = hexToRgb(colour);
  const oc = m ? 3 : channels;
  const out = Buffer.allocUnsafe(W * H * oc);
  const N = 4096;
  const MAXD2 = 2.2;
  const wl = new Float32Array(N + 1);
  for (let k = 0; k <= N; k++) {
    const d = Math.sqrt((k / N) * MAXD2) / 1.414;
    const t = d <= 0.45 ? 0 : Math.min(1, (d - 0.45) / 0.55);
    wl[k] = strength * t * t * (3 - 2 * t);
  }
  const L = lut ?? IDENTITY;
  // Tables of m[i][j]·v, one flat array (entry n·256 + v).
  const T = m ? Float64Array.from({ length: 9 * 256 }, (_, k) => m[Math.floor(k / 768)][Math.floor(k / 256) % 3] * (k % 256)) : null;
  // The matrix's output range, and the curve over it with the clipping folded in (entry v − lo).
  let lo = 0, hi = 255;
  if (m) {
    for (const row of m) {
      lo = Math.min(lo, Math.floor(row.reduce((a, v) => a + Math.min(0, v) * 255, 0)) - 1);
      hi = Math.max(hi, Math.ceil(row.reduce((a, v) => a + Math.max(0, v) * 255, 0)) + 1);
    }
  }
  const CL = Uint8Array.from({ length: hi - lo + 1 }, (_, k) => L[Math.max(0, Math.min(255, k + lo))]);
  const cx = W / 2;
  const cy = H * 0.48;
  const sx = 1 / (W * 0.5);
  const sy = 1 / (H * 0.5);
  const kscale = N / MAXD2;
  const vig = strength !== 0;
  // The vignette's horizontal term per column.
  const dxx = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    const dx = (x - cx) * sx;
    dxx[x] = dx * dx;
  }
  for (let y = 0; y < H; y++) {
    const dy = (y - cy) * sy;
    const dy2 = dy * dy;
    let i = y * W * channels;
    let o = y * W * oc;
    for (let x = 0; x < W; x++, i += channels, o += oc) {
      let r0: number, g0: number, b0: number;
      if (T) {
        const r = data[i], g = data[i + 1] + 256, b = data[i + 2] + 512;
        // Truncated towards zero, as a byte cast would; anything below zero reads the curve at 0.
        r0 = CL[((T[r] + T[g] + T[b]) | 0) - lo];
        g0 = CL[((T[768 + r] + T[768 + g] + T[768 + b]) | 0) - lo];
        b0 = CL[((T[1536 + r] + T[1536 + g] + T[1536 + b]) | 0) - lo];
      } else {
        r0 = L[data[i]];
        g0 = L[data[i + 1]];
        b0 = L[data[i + 2]];
      }
      const k = vig ? ((dxx[x] + dy2) * kscale) | 0 : 0;
      const w = vig ? wl[k > N ? N : k] : 0;
      if (w > 0) {
        out[o] = r0 + (vr - r0) * w;
        out[o + 1] = g0 + (vg - g0) * w;
        out[o + 2] = b0 + (vb - b0) * w;
      } else {
        out[o] = r0;
        out[o + 1] = g0;
        out[o + 2] = b0;
      }
      if (oc === 4) out[o + 3] = data[i + 3];
    }
  }
  return { data: out, width: W, height: H, channels: oc as Raw['channels'] };
}

const IDENTITY = Uint8Array.from({ length: 256 }, (_, i) => i);

/** Per-channel 256-entry tone curves applied in JS (exact, cheap: one pass over the bytes). */
export function applyCurves(img: Raw, curves: [Uint8Array, Uint8Array, Uint8Array]): Raw {
  const { data, channels } = img;
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0; i < data.length; i += channels) {
    out[i] = curves[0][data[i]];
    out[i + 1] = curves[1][data[i + 1]];
    out[i + 2] = curves[2][data[i + 2]];
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/** An S-shaped contrast curve with lift (shadows) and gain (highlights), per channel. */
export function curve(contrast = 0, lift = 0, gain = 1, gamma = 1): Uint8Array {
  const lut = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    let x = i / 255;
    x = Math.pow(x, 1 / gamma);
    const s = x < 0.5 ? 0.5 * Math.pow(2 * x, 1 + contrast) : 1 - 0.5 * Math.pow(2 * (1 - x), 1 + contrast);
    const y = lift + (gain - lift) * s;
    lut[i] = Math.max(0, Math.min(255, Math.round(y * 255)));
  }
  return lut;
}

export interface GradeOptions {
  saturation?: number;
  brightness?: number;
  hue?: number;
  /** 3×3 colour matrix (rows give output R, G, B). */
  recomb?: [[number, number, number], [number, number, number], [number, number, number]];
  /** Per-channel multiply and add (tone curve lines). */
  linear?: { a: number[]; b: number[] };
  /** A light 3×3 sharpening convolution first. */
  sharpen?: boolean;
}

/** Colour grade in one libvips pipeline. */
export async function grade(img: Raw, o: GradeOptions): Promise<Raw> {
  let s = fromRaw(img).removeAlpha();
  if (o.sharpen) s = s.convolve({ width: 3, height: 3, kernel: [0, -0.25, 0, -0.25, 2, -0.25, 0, -0.25, 0] });
  if (o.recomb) s = s.recomb(o.recomb);
  if (o.linear) s = s.linear(o.linear.a, o.linear.b);
  if (o.saturation !== undefined || o.brightness !== undefined || o.hue !== undefined) {
    s = s.modulate({ saturation: o.saturation ?? 1, brightness: o.brightness ?? 1, hue: o.hue ?? 0 });
  }
  return toRaw(s);
}

/** Saturation through a colour matrix: cheaper than modulate (no LCh round trip). */
export function saturationMatrix(s: number): [[number, number, number], [number, number, number], [number, number, number]] {
  const lr = 0.2126 * (1 - s);
  const lg = 0.7152 * (1 - s);
  const lb = 0.0722 * (1 - s);
  return [
    [lr + s, lg, lb],
    [lr, lg + s, lb],
    [lr, lg, lb + s],
  ];
}

/** Warm (+) or cool (−) white balance as a diagonal matrix. */
export function warmthMatrix(t: number): [[number, number, number], [number, number, number], [number, number, number]] {
  return [
    [1 + 0.08 * t, 0, 0],
    [0, 1 + 0.02 * t, 0],
    [0, 0, 1 - 0.1 * t],
  ];
}

export function multiply3(
  a: [[number, number, number], [number, number, number], [number, number, number]],
  b: [[number, number, number], [number, number, number], [number, number, number]],
): [[number, number, number], [number, number, number], [number, number, number]] {
  const m = [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i][0] * b[0][j] + a[i][1] * b[1][j] + a[i][2] * b[2][j]));
  return m as [[number, number, number], [number, number, number], [number, number, number]];
}

/**
 * Rim light: where the subject's alpha exceeds a copy shifted away from the light, blurred
 * (libvips) and screened onto the subject in the light's colour, clipped to the silhouette.
 */
export async function rimLight(layer: Raw, colour: string, dx: number, dy: number, blur = 2, opacity = 0.9): Promise<Raw> {
  const { width: W, height: H, data } = layer;
  const rim = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++) {
    const sy = y - dy;
    const rowOk = sy >= 0 && sy < H;
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = data[i * 4 + 3];
      if (v === 0) continue;
      const sx = x - dx;
      const shifted = rowOk && sx >= 0 && sx < W ? data[(sy * W + sx) * 4 + 3] : 0;
      if (v > shifted) rim[i] = v - shifted;
    }
  }
  const soft = await toRaw(fromRaw({ data: rim, width: W, height: H, channels: 1 }).blur(Math.max(0.3, blur)).extractChannel(0));
  const [cr, cg, cb] = hexToRgb(colour);
  const out = Buffer.from(data);
  const sd = soft.data;
  for (let i = 0, j = 0; i < sd.length; i++, j += 4) {
    const a = out[j + 3];
    if (a === 0 || sd[i] === 0) continue;
    const f = ((sd[i] / 255) * opacity * a) / 255;
    out[j] = out[j] + (255 - ((255 - out[j]) * (255 - cr)) / 255 - out[j]) * f;
    out[j + 1] = out[j + 1] + (255 - ((255 - out[j + 1]) * (255 - cg)) / 255 - out[j + 1]) * f;
    out[j + 2] = out[j + 2] + (255 - ((255 - out[j + 2]) * (255 - cb)) / 255 - out[j + 2]) * f;
  }
  return { ...layer, data: out };
}

export async function encodePng(img: Raw): Promise<Buffer> {
  // Level 3 without adaptive filtering: half the encode time of level 2 with it, files ~15% larger.
  return fromRaw(img).removeAlpha().png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

export function blank(width: number, height: number, colour: string): Raw {
  const [r0, g0, b0] = hexToRgb(colour);
  const data = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = r0;
    data[i + 1] = g0;
    data[i + 2] = b0;
  }
  return { data, width, height, channels: 3 };
}
