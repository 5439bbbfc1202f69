/**
 * Pixel effects the trend looks are built from: Kuwahara (oil), XDoG ink lines, halftone screens,
 * pixelation to a palette, gradient maps, landmark warps, skin masks, scanlines and glitches.
 * All deterministic; the heavy ones run on raw buffers in one pass.
 */
import type { Rng } from './util/rng.js';
import { hexToRgb, type Rgb } from './util/color.js';
import { enlarge, fromRaw, luma, noise, shrink, toRaw, type Raw } from './raster.js';

export { median3 } from './raster.js';

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** RGB copy (drops alpha). */
export async function rgb(img: Raw): Promise<Raw> {
  return img.channels === 3 ? img : toRaw(fromRaw(img).removeAlpha());
}

/** Scratch is kept up to a 1024-px frame's worth of entries; bigger work (4K exports) gets fresh memory, not held after. */
const SCRATCH_KEPT = 1100 * 1100;
const scratch = new Map<string, Float64Array | Float32Array>();
/**
 * A typed array of at least `length` kept under `name` and reused by every call (its contents are
 * whatever the last user left): big per-render working memory that would otherwise be garbage.
 * Only for synchronous stretches of work (no await between filling and reading it).
 */
function scratchArray<T extends Float64Array | Float32Array>(Kind: { new (length: number): T }, name: string, length: number): T {
  if (length > SCRATCH_KEPT) return new Kind(length);
  const kept = scratch.get(name);
  if (kept instanceof Kind && kept.length >= length) return kept;
  const a = new Kind(length);
  scratch.set(name, a);
  return a;
}
const scratchFloat64 = (name: string, length: number) => scratchArray(Float64Array, name, length);
const scratchFloat32 = (name: string, length: number) => scratchArray(Float32Array, name, length);
const KUWAHARA_SCRATCH = ['kuwahara R', 'kuwahara G', 'kuwahara B', 'kuwahara L', 'kuwahara L²'];

/**
 * Kuwahara filter: each pixel takes the mean colour of the least-varied of its four quadrants,
 * which flattens texture into brush-like patches while keeping edges. Integral images make it
 * O(pixels) whatever the radius. Runs at 1/`factor` size and scales back up.
 */
export async function kuwahara(img0: Raw, radius: number, factor = 2): Promise<Raw> {
  const { width: W0, height: H0 } = img0;
  const img = factor > 1 ? await shrink(img0, factor) : await rgb(img0);
  const { width: W, height: H, data } = img;
  const S = (W + 1) * (H + 1);
  // The integral images live in kept scratch memory (12 MB a render at 512 px is garbage collected
  // otherwise); only their zero first row and column need clearing, the rest is written below.
  const [iR, iG, iB, iL, iL2] = KUWAHARA_SCRATCH.map((k) => scratchFloat64(k, S));
  for (const a of [iR, iG, iB, iL, iL2]) {
    a.fill(0, 0, W + 1);
    for (let y = 1; y <= H; y++) a[y * (W + 1)] = 0;
  }
  for (let y = 0; y < H; y++) {
    let sr = 0, sg = 0, sb = 0, sl = 0, sl2 = 0;
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      sr += r; sg += g; sb += b; sl += l; sl2 += l * l;
      const o = (y + 1) * (W + 1) + x + 1;
      const u = y * (W + 1) + x + 1;
      iR[o] = iR[u] + sr; iG[o] = iG[u] + sg; iB[o] = iB[u] + sb; iL[o] = iL[u] + sl; iL2[o] = iL2[u] + sl2;
    }
  }
  // A pixel's four quadrants are the (radius+1)² boxes whose corner is at the pixel or radius
  // before it; each box serves four pixels, so its variance is found once. Box (bx, by), its top
  // left corner, for bx in −radius…W−1 (clipped to the picture), at (by + radius)·BW + bx + radius.
  const BW = W + radius;
  const BH = H + radius;
  const W1 = W + 1;
  const bVar = scratchFloat64('kuwahara variance', BW * BH);
  for (let by = -radius, b = 0; by < H; by++) {
    const y0 = Math.max(0, by) * W1, y1 = Math.min(H, by + radius + 1) * W1;
    const ny = (y1 - y0) / W1;
    for (let bx = -radius; bx < W; bx++, b++) {
      const x0 = Math.max(0, bx), x1 = Math.min(W, bx + radius + 1);
      const n = (x1 - x0) * ny;
      const a = y1 + x1, c = y0 + x1, d = y1 + x0, e = y0 + x0;
      const m = (iL[a] - iL[c] - iL[d] + iL[e]) / n;
      bVar[b] = (iL2[a] - iL2[c] - iL2[d] + iL2[e]) / n - m * m;
    }
  }
  const out = Buffer.allocUnsafe(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Quadrants in the order up-left, up-right, down-left, down-right; the first least varied wins.
      const ul = y * BW + x, ur = ul + radius, dl = ul + radius * BW, dr = dl + radius;
      let best = ul;
      if (bVar[ur] < bVar[best]) best = ur;
      if (bVar[dl] < bVar[best]) best = dl;
      if (bVar[dr] < bVar[best]) best = dr;
      // The winning box's mean colour.
      const bx = best === ul || best === dl ? x - radius : x;
      const by = best === ul || best === ur ? y - radius : y;
      const x0 = Math.max(0, bx), x1 = Math.min(W, bx + radius + 1);
      const y0 = Math.max(0, by) * W1, y1 = Math.min(H, by + radius + 1) * W1;
      const n = (x1 - x0) * ((y1 - y0) / W1);
      const a = y1 + x1, c = y0 + x1, d = y1 + x0, e = y0 + x0;
      const o = (y * W + x) * 3;
      out[o] = (iR[a] - iR[c] - iR[d] + iR[e]) / n;
      out[o + 1] = (iG[a] - iG[c] - iG[d] + iG[e]) / n;
      out[o + 2] = (iB[a] - iB[c] - iB[d] + iB[e]) / n;
    }
  }
  const res: Raw = { data: out, width: W, height: H, channels: 3 };
  return factor > 1 ? enlarge(res, W0, H0, 'cubic') : res;
}

/**
 * The width (px) of the inner Gaussian the ink lines are found with: the picture is resized until
 * the caller's sigma is this wide, so a render at 512, 1024 or 3840 px finds its lines on the same
 * picture (the same lines, enlarged), and a 4K render does not blur 15 M pixels for them.
 */
const INK_SIGMA = 1;

/**
 * XDoG ink lines: the difference of two Gaussians of the luminance, thresholded softly, gives
 * clean cartoon contours (and few speckles on flat areas). Returns a line mask (255 = ink), of
 * `size` when given (lines found on a reduced picture, enlarged to the frame). `sigma` is in
 * `img`'s pixels (`factor`: find them on a picture reduced at least that much).
 */
export async function xdogMask(img: Raw, sigma: number, threshold = 4, softness = 6, factor = 1, size?: { width: number; height: number }): Promise<Raw> {
  const { width: W, height: H } = size ?? img;
  // (A small render's picture is enlarged for them: a sigma under a pixel finds hardly any line.)
  const k = factor > 1 ? Math.max(factor, sigma / INK_SIGMA) : sigma / INK_SIGMA;
  let grey = fromRaw(luma(img));
  if (k !== 1) grey = grey.resize(Math.max(1, Math.round(img.width / k)), Math.max(1, Math.round(img.height / k)), { fit: 'fill' });
  const g = await toRaw(grey);
  // Float precision: libvips' integer Gaussian is off by up to 2 % in gain depending on sigma, and
  // with the two blurs off differently a light sky's difference passed the few grey levels of the
  // threshold everywhere (a 512 px Simpsons sky came out inked black).
  const blur = async (s: number) => toRaw(fromRaw(g).blur({ sigma: s, precision: 'float' }));
  const a = await blur(Math.max(0.3, sigma / k));
  const b = await blur(Math.max(0.4, (sigma * 1.6) / k));
  const n = a.width * a.height;
  const m = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) {
    const d = b.data[i * b.channels] - a.data[i * a.channels];
    // Lines where the centre is darker than its surround.
    m[i] = d <= threshold ? 0 : clamp(((d - threshold) / softness) * 255);
  }
  const mask: Raw = { data: m, width: a.width, height: a.height, channels: 1 };
  if (mask.width === W && mask.height === H) return mask;
  return mask.width <= W && mask.height <= H ? enlarge(mask, W, H) : toRaw(fromRaw(mask).resize(W, H, { fit: 'fill', kernel: 'linear' }).extractChannel(0));
}

/** Thicken a line mask (a small blur followed by a gain). */
export async function thicken(mask: Raw, px: number): Promise<Raw> {
  if (px <= 0) return mask;
  const b = await toRaw(fromRaw(mask).blur(Math.max(0.3, px)).extractChannel(0));
  const d = Buffer.allocUnsafe(b.data.length);
  for (let i = 0; i < d.length; i++) d[i] = clamp(b.data[i] * 3);
  return { ...b, data: d };
}

/** Paint a mask onto an image in a colour (ink). */
export function inkMask(img: Raw, mask: Raw, colour = '#111111', opacity = 1): Raw {
  const [cr, cg, cb] = hexToRgb(colour);
  const { data, channels } = img;
  const out = Buffer.from(data);
  for (let i = 0, j = 0; j < mask.data.length; i += channels, j++) {
    const a = (mask.data[j] / 255) * opacity;
    if (a <= 0) continue;
    out[i] += (cr - out[i]) * a;
    out[i + 1] += (cg - out[i + 1]) * a;
    out[i + 2] += (cb - out[i + 2]) * a;
  }
  return { ...img, data: out };
}

/**
 * Quantise luminance into `levels` flat bands, keeping each pixel's hue and saturation (cel shading).
 * With `guide` (a blurred luminance, one channel) the bands follow the broad shapes of the guide
 * instead of every pixel's own noise, with a soft step between bands: clean cels on photos.
 */
export function celShade(img: Raw, levels: number, floor = 0.18, guide?: Raw): Raw {
  const { data, channels } = img;
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0, p = 0; i < data.length; i += channels, p++) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
    let q: number;
    if (guide) {
      const f = (guide.data[p * guide.channels] / 255) * levels;
      const k = Math.floor(f);
      const t = Math.max(0, (f - k - 0.8) / 0.2);
      q = Math.min(1, (k + t * t * (3 - 2 * t) + 0.5) / levels);
    } else {
      q = Math.min(1, (Math.floor(l * levels) + 0.5) / levels);
    }
    const k = l > 0.01 ? Math.max(floor, q) / l : 1;
    out[i] = clamp(r * k);
    out[i + 1] = clamp(g * k);
    out[i + 2] = clamp(b * k);
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/** Map luminance through a colour gradient, mixed with the original by `amount`. */
export function gradientMap(img: Raw, stops: Array<[number, string]>, amount = 1): Raw {
  const lut = gradientLut(stops);
  const { data, channels } = img;
  const out = Buffer.allocUnsafe(data.length);
  // v + (c − v)·t as two tables: v·(1 − t) by the value, c·t by the luma's colour.
  const keep = Float64Array.from({ length: 256 }, (_, v) => v - v * amount);
  const mix = Float64Array.from(lut, (c) => c * amount);
  // The luma's weights as tables too (the same sums, in the same order).
  const wr = Float64Array.from({ length: 256 }, (_, v) => 0.299 * v);
  const wg = Float64Array.from({ length: 256 }, (_, v) => 0.587 * v);
  const wb = Float64Array.from({ length: 256 }, (_, v) => 0.114 * v);
  for (let i = 0; i < data.length; i += channels) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    const l = ((wr[r] + wg[g] + wb[b]) | 0) * 3;
    out[i] = keep[r] + mix[l];
    out[i + 1] = keep[g] + mix[l + 1];
    out[i + 2] = keep[b] + mix[l + 2];
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/** The gradient of `gradientMap` as a 256-entry RGB table (luma → colour). */
export function gradientLut(stops: Array<[number, string]>): Uint8Array {
  const lut = new Uint8Array(256 * 3);
  const cs = stops.map(([t, c]) => [t, ...hexToRgb(c)] as [number, number, number, number]);
  for (let i = 0; i < 256; i++) {
    const t = i / 255;
    let k = 0;
    while (k < cs.length - 2 && t > cs[k + 1][0]) k++;
    const [t0, r0, g0, b0] = cs[k];
    const [t1, r1, g1, b1] = cs[Math.min(k + 1, cs.length - 1)];
    const f = t1 > t0 ? Math.max(0, Math.min(1, (t - t0) / (t1 - t0))) : 0;
    lut[i * 3] = r0 + (r1 - r0) * f;
    lut[i * 3 + 1] = g0 + (g1 - g0) * f;
    lut[i * 3 + 2] = b0 + (b1 - b0) * f;
  }
  return lut;
}

/**
 * Printed halftone. Each ink is a rotated screen of round dots whose area follows the ink's
 * coverage at that pixel (anti-aliased over one pixel). `inks` lists colour, screen angle and a
 * coverage function of the pixel (at most three inks); the paper colour shows between the dots.
 * `lines` (a one-channel mask of the frame) are inked over the print in the same pass, the same
 * bytes as `inkMask` on the result.
 */
export function halftone(img: Raw, cell: number, inks: Array<{ colour: string; angle: number; cover: (r: number, g: number, b: number) => number }>, paper: string | null = null, mix = 1, lines?: { mask: Raw; colour: string; opacity?: number }): Raw {
  const { width: W, height: H, data, channels } = img;
  const out = Buffer.allocUnsafe(W * H * 3);
  const n = inks.length;
  // Three plates at most (CMY, or a print's three colours), unrolled in the pixel loop; an absent ink never prints.
  if (n > 3) throw new Error(`halftone prints at most 3 inks, not ${n}`);
  if (lines && (lines.mask.channels !== 1 || lines.mask.width !== W || lines.mask.height !== H)) throw new Error('halftone: lines must be one channel of the picture\'s size');
  const lineMask = lines ? lines.mask.data : NO_LINES;
  const lineInk = Float64Array.from([...(lines ? hexToRgb(lines.colour) : [0, 0, 0]), lines?.opacity ?? 1]);
  const spots = inks.map((k) => spotField(W, H, cell, k.angle));
  // Per ink, what each channel keeps where the ink lies fully: inks multiply like transparent printing inks.
  const keep = new Float64Array(9);
  inks.forEach((k, j) => hexToRgb(k.colour).forEach((v, c) => { keep[j * 3 + c] = 1 - v / 255; }));
  // Dot radii per ink for a colour (−1: no ink), remembered in a small table by colour: flat areas
  // and the few blends at their edges repeat colours, so the coverage functions rarely run.
  const table: DotTable = { known: new Int32Array(RAD_SLOTS).fill(-1), rads: new Float64Array(RAD_SLOTS * 3).fill(-1) };
  const paperRgb = paper ? Float64Array.from(hexToRgb(paper)) : null;
  // The pixel loop stops at a colour missing from the table; its radii are found here and it resumes.
  for (let p = 0; p < W * H;) {
    p = printDots(data, channels, out, spots[0], spots[1] ?? spots[0], spots[2] ?? spots[0], table, keep, paperRgb, 1 / cell, mix, lineMask, lineInk, p, W * H);
    if (p === W * H) break;
    const i = p * channels, r = data[i], g = data[i + 1], b = data[i + 2];
    const key = (r << 16) | (g << 8) | b, slot = dotSlot(key);
    table.known[slot] = key;
    for (let k = 0; k < 3; k++) {
      // Single precision, as the coverages have always been kept.
      const cover = k < n ? Math.fround(inks[k].cover(r, g, b)) : 0;
      table.rads[slot * 3 + k] = cover <= 0.01 ? -1 : Math.sqrt(cover < 1 ? cover / Math.PI : 1 / Math.PI) * 1.05;
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}

/** `halftone`'s table of dot radii by colour: 2^RAD_BITS slots, three inks each. */
interface DotTable { known: Int32Array; rads: Float64Array }
const RAD_BITS = 12;
const RAD_SLOTS = 1 << RAD_BITS;
const dotSlot = (key: number) => Math.imul(key, 0x9e3779b1) >>> (32 - RAD_BITS);
const NO_LINES = new Uint8Array(0);

/**
 * `halftone`'s pixel loop from pixel `from` to `to`; returns where it stopped: `to`, or the first
 * pixel whose colour is not in `table`. (A function of its own, of typed arrays only, so the
 * engine keeps it compiled from one picture to the next.) A dot of coverage c has radius
 * sqrt(c/π) cells; `aa` is one pixel in cell units. `lines` (empty: none) are inked over in
 * `lineInk` (r, g, b, opacity).
 */
function printDots(data: Uint8Array, channels: number, out: Uint8Array, s0: Float32Array, s1: Float32Array, s2: Float32Array, table: DotTable, keep: Float64Array, paper: Float64Array | null, aa: number, mix: number, lines: Uint8Array, lineInk: Float64Array, from: number, to: number): number {
  const { known, rads } = table;
  const k0r = keep[0], k0g = keep[1], k0b = keep[2], k1r = keep[3], k1g = keep[4], k1b = keep[5], k2r = keep[6], k2g = keep[7], k2b = keep[8];
  const hasPaper = paper !== null;
  const pr = hasPaper ? paper[0] : 0, pg = hasPaper ? paper[1] : 0, pb = hasPaper ? paper[2] : 0;
  const inked = lines.length > 0;
  const lr = lineInk[0], lg = lineInk[1], lb = lineInk[2], lo = lineInk[3];
  let last = -1, r0 = -1, r1 = -1, r2 = -1;
  for (let p = from, i = from * channels, o = from * 3; p < to; p++, i += channels, o += 3) {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    const key = (r << 16) | (g << 8) | b;
    if (key !== last) {
      const slot = dotSlot(key);
      if (known[slot] !== key) return p;
      last = key;
      r0 = rads[slot * 3]; r1 = rads[slot * 3 + 1]; r2 = rads[slot * 3 + 2];
    }
    let R = hasPaper ? pr : r, G = hasPaper ? pg : g, B = hasPaper ? pb : b;
    if (r0 >= 0) {
      const a = (r0 - s0[p]) / aa + 0.5;
      if (a > 0) {
        const t = a >= 1 ? 1 : a;
        R -= R * k0r * t; G -= G * k0g * t; B -= B * k0b * t;
      }
    }
    if (r1 >= 0) {
      const a = (r1 - s1[p]) / aa + 0.5;
      if (a > 0) {
        const t = a >= 1 ? 1 : a;
        R -= R * k1r * t; G -= G * k1g * t; B -= B * k1b * t;
      }
    }
    if (r2 >= 0) {
      const a = (r2 - s2[p]) / aa + 0.5;
      if (a > 0) {
        const t = a >= 1 ? 1 : a;
        R -= R * k2r * t; G -= G * k2g * t; B -= B * k2b * t;
      }
    }
    out[o] = r + (R - r) * mix;
    out[o + 1] = g + (G - g) * mix;
    out[o + 2] = b + (B - b) * mix;
    if (inked && lines[p] > 0) {
      // As inkMask: the printed bytes moved towards the ink.
      const a = (lines[p] / 255) * lo;
      if (a > 0) {
        out[o] += (lr - out[o]) * a;
        out[o + 1] += (lg - out[o + 1]) * a;
        out[o + 2] += (lb - out[o + 2]) * a;
      }
    }
  }
  return to;
}

const SPOTS = new Map<string, Float32Array>();

/**
 * The spot function of a rotated dot screen: every pixel's distance to its dot's centre, in cells.
 * It depends only on the frame, the cell and the angle, so the few screens in use are kept
 * (frames up to 1080×1920; bigger exports compute theirs each time).
 */
function spotField(W: number, H: number, cell: number, angle: number): Float32Array {
  const key = `${W}x${H}/${cell.toFixed(4)}/${angle}`;
  const known = SPOTS.get(key);
  if (known) return known;
  const c = Math.cos((angle * Math.PI) / 180) / cell;
  const s = Math.sin((angle * Math.PI) / 180) / cell;
  const spot = new Float32Array(W * H);
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      const u = x * c + y * s;
      const v = -x * s + y * c;
      const fu = u - Math.floor(u) - 0.5;
      const fv = v - Math.floor(v) - 0.5;
      spot[p] = Math.sqrt(fu * fu + fv * fv);
    }
  }
  if (W * H <= 1080 * 1920) {
    if (SPOTS.size >= 8) SPOTS.delete(SPOTS.keys().next().value!);
    SPOTS.set(key, spot);
  }
  return spot;
}

/** CMY coverage functions for a colour halftone. */
export const CMY = {
  c: (r: number) => 1 - r / 255,
  m: (_r: number, g: number) => 1 - g / 255,
  y: (_r: number, _g: number, b: number) => 1 - b / 255,
};

const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map((v) => (v + 0.5) / 16 - 0.5);

/** A region of a pixel-art picture (an ellipse, in the picture's pixels) drawn from a palette of its own. */
export interface PaletteZone {
  x: number;
  y: number;
  rx: number;
  ry: number;
  palette: string[];
  /** Ordered-dither strength inside the zone. */
  dither: number;
}

/**
 * Pixel art: shrink to `block`-px cells (area average), snap each cell to the nearest palette
 * colour with ordered (Bayer) dithering, then scale back up with nearest-neighbour. Cells whose
 * centre lies in a `zone` snap to that zone's palette (a sprite's face drawn from its own skin ramp).
 */
export async function pixelate(img: Raw, block: number, palette: string[], dither = 0.6, zones: PaletteZone[] = []): Promise<Raw> {
  const { width: W, height: H } = img;
  const w = Math.max(8, Math.round(W / block));
  const h = Math.max(8, Math.round(H / block));
  const small = await toRaw(fromRaw(img).removeAlpha().resize(w, h, { fit: 'fill', kernel: 'cubic' }));
  const pal = palette.map(hexToRgb);
  const zonePals = zones.map((z) => z.palette.map(hexToRgb));
  const out = Buffer.allocUnsafe(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      // The cell's centre in the picture's pixels: which palette it is drawn from.
      const px = ((x + 0.5) * W) / w, py = ((y + 0.5) * H) / h;
      const z = zones.findIndex((q) => ((px - q.x) / q.rx) ** 2 + ((py - q.y) / q.ry) ** 2 < 1);
      const cells = z >= 0 ? zonePals[z] : pal;
      const t = BAYER4[(y & 3) * 4 + (x & 3)] * 48 * (z >= 0 ? zones[z].dither : dither);
      const r = small.data[i] + t, g = small.data[i + 1] + t, b = small.data[i + 2] + t;
      let best = 0;
      let bd = Infinity;
      for (let k = 0; k < cells.length; k++) {
        const [pr, pg, pb] = cells[k];
        const d = (r - pr) * (r - pr) * 0.3 + (g - pg) * (g - pg) * 0.59 + (b - pb) * (b - pb) * 0.11;
        if (d < bd) { bd = d; best = k; }
      }
      out[i] = cells[best][0]; out[i + 1] = cells[best][1]; out[i + 2] = cells[best][2];
    }
  }
  return enlarge({ data: out, width: w, height: h, channels: 3 }, W, H, 'nearest');
}

/** Darken every `period`-th group of rows (CRT scanlines). */
export function scanlines(img: Raw, period: number, strength = 0.35, thickness = 0.5): Raw {
  const { width: W, height: H, data, channels } = img;
  const out = Buffer.from(data);
  for (let y = 0; y < H; y++) {
    if ((y % period) / period < 1 - thickness) continue;
    const k = 1 - strength;
    for (let i = y * W * channels; i < (y + 1) * W * channels; i++) if (channels !== 4 || i % 4 !== 3) out[i] = data[i] * k;
  }
  return { ...img, data: out };
}

/** Glitch: bands of rows shifted sideways with the red and blue channels split. */
export function glitch(img: Raw, rng: Rng, bands: number, maxShift: number): Raw {
  const { width: W, height: H, data, channels } = img;
  const out = Buffer.from(data);
  for (let k = 0; k < bands; k++) {
    const y0 = rng.int(0, H - 1);
    const hgt = rng.int(2, Math.max(3, Math.round(H * 0.03)));
    const shift = Math.round(rng.range(-1, 1) * maxShift);
    const split = Math.round(maxShift * 0.3) + 2;
    for (let y = y0; y < Math.min(H, y0 + hgt); y++) {
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * channels;
        const sx = (x - shift + W * 4) % W;
        const sr = (sx - split + W) % W;
        const sb = (sx + split) % W;
        out[o] = data[(y * W + sr) * channels];
        out[o + 1] = data[(y * W + sx) * channels + 1];
        out[o + 2] = data[(y * W + sb) * channels + 2];
      }
    }
  }
  return { ...img, data: out };
}

/** Chromatic aberration: red and blue shifted apart horizontally by `px`. */
export function rgbSplit(img: Raw, px: number): Raw {
  const { width: W, height: H, data, channels } = img;
  const out = Buffer.from(data);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    for (let x = 0; x < W; x++) {
      const o = (row + x) * channels;
      out[o] = data[(row + Math.max(0, x - px)) * channels];
      out[o + 2] = data[(row + Math.min(W - 1, x + px)) * channels + 2];
    }
  }
  return { ...img, data: out };
}

export interface Warp {
  x: number;
  y: number;
  /** Radius of influence in px. */
  r: number;
  /** Bulge (> 0 magnifies the centre, < 0 pinches). */
  scale?: number;
  /** Translation of the content at the centre (px), fading out towards the radius. */
  dx?: number;
  dy?: number;
}

/**
 * Local warps (magnify eyes, lift mouth corners, push a lip forward) by inverse mapping with
 * bilinear sampling; only the warps' bounding boxes are touched.
 */
export function warp(img: Raw, warps: Warp[]): Raw {
  const { width: W, height: H, data, channels: C } = img;
  const out = Buffer.from(data);
  const sample = (sx: number, sy: number, o: number) => {
    const x0 = Math.max(0, Math.min(W - 2, Math.floor(sx)));
    const y0 = Math.max(0, Math.min(H - 2, Math.floor(sy)));
    const fx = Math.max(0, Math.min(1, sx - x0));
    const fy = Math.max(0, Math.min(1, sy - y0));
    const i00 = (y0 * W + x0) * C;
    const i10 = i00 + C;
    const i01 = i00 + W * C;
    const i11 = i01 + C;
    for (let c = 0; c < C; c++) {
      const top = data[i00 + c] + (data[i10 + c] - data[i00 + c]) * fx;
      const bot = data[i01 + c] + (data[i11 + c] - data[i01 + c]) * fx;
      out[o + c] = top + (bot - top) * fy;
    }
  };
  for (const w of warps) {
    const x0 = Math.max(0, Math.floor(w.x - w.r));
    const x1 = Math.min(W, Math.ceil(w.x + w.r));
    const y0 = Math.max(0, Math.floor(w.y - w.r));
    const y1 = Math.min(H, Math.ceil(w.y + w.r));
    const s = w.scale ?? 0;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const ddx = x - w.x;
        const ddy = y - w.y;
        const d = Math.sqrt(ddx * ddx + ddy * ddy) / w.r;
        if (d >= 1) continue;
        const fall = (1 - d * d) * (1 - d * d);
        // Sample closer to the centre to magnify, and against the translation to move content.
        const k = 1 - s * fall;
        sample(w.x + ddx * k - (w.dx ?? 0) * fall, w.y + ddy * k - (w.dy ?? 0) * fall, (y * W + x) * C);
      }
    }
  }
  return { ...img, data: out };
}

/**
 * Skin mask: pixels whose chroma (Cb, Cr) is close to the skin sampled between the face's
 * landmarks, blurred a little. Returns one channel, 255 = skin.
 */
export async function skinMask(img: Raw, sample: Array<{ x: number; y: number }>, tolerance = 1, near?: { x: number; y: number; rx: number; ry: number }): Promise<Raw> {
  const { width: W, height: H, data, channels } = img;
  const cbcr = (i: number) => {
    const r = data[i], g = data[i + 1], b = data[i + 2];
    return [128 - 0.168736 * r - 0.331264 * g + 0.5 * b, 128 + 0.5 * r - 0.418688 * g - 0.081312 * b, 0.299 * r + 0.587 * g + 0.114 * b];
  };
  let mb = 0, mr = 0, n = 0;
  for (const p of sample) {
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const x = Math.round(p.x) + dx, y = Math.round(p.y) + dy;
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        const [cb, cr] = cbcr((y * W + x) * channels);
        mb += cb; mr += cr; n++;
      }
    }
  }
  if (n === 0) { mb = 110; mr = 150; } else { mb /= n; mr /= n; }
  const m = Buffer.allocUnsafe(W * H);
  const sig = 9 * tolerance;
  for (let i = 0, k = 0; k < m.length; i += channels, k++) {
    const [cb, cr, l] = cbcr(i);
    const d2 = ((cb - mb) * (cb - mb) + (cr - mr) * (cr - mr)) / (sig * sig);
    let v = l < 35 ? 0 : 255 * Math.max(0, 1.6 - d2);
    if (near && v > 0) {
      // Only skin near the person: a skin-coloured wall behind them stays as it is.
      const ex = ((k % W) - near.x) / near.rx;
      const ey = (Math.floor(k / W) - near.y) / near.ry;
      const e = ex * ex + ey * ey;
      v *= e <= 0.6 ? 1 : e >= 1 ? 0 : (1 - e) / 0.4;
    }
    m[k] = clamp(v);
  }
  return toRaw(fromRaw({ data: m, width: W, height: H, channels: 1 }).blur(Math.max(0.5, Math.min(W, H) / 600)).extractChannel(0));
}

/** Recolour where the mask is set: the colour, shaded by the pixel's own luminance. */
export function recolourMasked(img: Raw, mask: Raw, colour: string, midLuma = 160): Raw {
  const [cr, cg, cb]: Rgb = hexToRgb(colour);
  const { data, channels } = img;
  const out = Buffer.from(data);
  for (let i = 0, k = 0; k < mask.data.length; i += channels, k++) {
    const a = mask.data[k] / 255;
    if (a <= 0) continue;
    const l = (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) / midLuma;
    const s = Math.min(1.25, Math.pow(l, 0.8));
    out[i] += (clamp(cr * s) - out[i]) * a;
    out[i + 1] += (clamp(cg * s) - out[i + 1]) * a;
    out[i + 2] += (clamp(cb * s) - out[i + 2]) * a;
  }
  return { ...img, data: out };
}

/** Relief from luminance (emboss), added as light and shade: impasto, clay surfaces. */
export async function relief(img: Raw, strength: number, blur = 1, source?: Raw): Promise<Raw> {
  return reliefs(img, [{ strength, blur, source }]);
}

/** One relief layer: an emboss of `source`'s luminance (the picture's own by default), or one made already (`embossMap`). */
export type ReliefLayer = { strength: number; blur?: number; source?: Raw } | { strength: number; emboss: Float32Array };

/** Several reliefs (each an emboss of its source's luminance) added in one pass over the pixels. */
export async function reliefs(img: Raw, layers: ReliefLayer[]): Promise<Raw> {
  const { data, channels } = img;
  const n = data.length / channels;
  // One relief map summed over the layers, then added to every channel. The layers' sources are
  // all made before it is cleared: no await while it is in use (see scratchFloat64).
  const ready = await Promise.all(layers.map(async (layer) => {
    if ('emboss' in layer) return layer;
    const { strength, blur = 1, source } = layer;
    const l = luma(source ?? img);
    return { strength, grey: blur > 0 ? await toRaw(fromRaw(l).blur(blur).extractChannel(0)) : l };
  }));
  // A ready emboss that comes last is added in the final pass (rounded to a float as the sum would be).
  const lastLayer = ready[ready.length - 1];
  const last = lastLayer && 'emboss' in lastLayer ? lastLayer : undefined;
  const d = scratchFloat32('reliefs', n).fill(0, 0, n);
  for (const layer of last ? ready.slice(0, -1) : ready) {
    if ('emboss' in layer) {
      const e = layer.emboss, k = layer.strength;
      for (let i = 0; i < n; i++) d[i] += e[i] * k;
      continue;
    }
    addEmboss(d, layer.grey, layer.strength);
  }
  const lastEmboss = last?.emboss ?? d, lastStrength = last ? last.strength : 0;
  const out = Buffer.allocUnsafe(data.length);
  for (let i = 0, k = 0; i < data.length; i += channels, k++) {
    const v = Math.fround(d[k] + lastEmboss[k] * lastStrength);
    out[i] = clamp(data[i] + v);
    out[i + 1] = clamp(data[i + 1] + v);
    out[i + 2] = clamp(data[i + 2] + v);
    if (channels === 4) out[i + 3] = data[i + 3];
  }
  return { ...img, data: out };
}

/** The emboss of one channel (see `addEmboss`) on its own, for a relief used again and again. */
export function embossMap(g: Raw): Float32Array {
  const out = new Float32Array(g.width * g.height);
  addEmboss(out, g, 1);
  return out;
}

/**
 * Adds `strength` times the 3×3 emboss [-2 -1 0; -1 0 1; 0 1 2] of one channel to `sum`, edges
 * repeated, clipped to −128…127 (what libvips' convolve with offset 128 gives, minus the offset);
 * a plain loop is several times cheaper than libvips' general convolution.
 */
function addEmboss(sum: Float32Array, g: Raw, strength: number): void {
  const { width: W, height: H, data } = g;
  for (let y = 0; y < H; y++) {
    const up = (y > 0 ? y - 1 : 0) * W;
    const mid = y * W;
    const dn = (y < H - 1 ? y + 1 : y) * W;
    for (let x = 0; x < W; x++) {
      const l = x > 0 ? x - 1 : 0;
      const r = x < W - 1 ? x + 1 : x;
      const v = -2 * data[up + l] - data[up + x] - data[mid + l] + data[mid + r] + data[dn + x] + 2 * data[dn + r];
      sum[mid + x] += (v < -128 ? -128 : v > 127 ? 127 : v) * strength;
    }
  }
}

/** Mix two images of the same size: a·(1−t) + b·t. */
export function blend(a: Raw, b: Raw, t: number): Raw {
  const out = Buffer.allocUnsafe(a.data.length);
  for (let i = 0; i < out.length; i++) out[i] = a.data[i] + (b.data[i] - a.data[i]) * t;
  return { ...a, data: out };
}

/**
 * Identity keeping: mix `keep` (a less stylised copy of the same picture, at the same size or
 * smaller: it is sampled bilinearly) back into `img` on the face, `amount` at its centre and fading
 * out to nothing beyond it, so a flat-colour look keeps the shading a face is recognised by. `box`
 * in the pixels of `img`. Only the face's surroundings are visited.
 */
export function keepFace(img: Raw, keep: Raw, box: { left: number; top: number; width: number; height: number }, amount: number): Raw {
  const { width: W, height: H, channels: C } = img;
  const kc = keep.channels;
  const sx = keep.width / W;
  const sy = keep.height / H;
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height * 0.55;
  const rx = box.width * 0.62;
  const ry = box.height * 0.62;
  const out = Buffer.from(img.data);
  const x0 = Math.max(0, Math.floor(cx - rx * 1.4));
  const x1 = Math.min(W, Math.ceil(cx + rx * 1.4));
  const y0 = Math.max(0, Math.floor(cy - ry * 1.4));
  const y1 = Math.min(H, Math.ceil(cy + ry * 1.4));
  const kd = keep.data;
  for (let y = y0; y < y1; y++) {
    const dy = (y - cy) / ry;
    const fy = Math.min(keep.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const ya = Math.floor(fy);
    const yb = Math.min(keep.height - 1, ya + 1);
    const ty = fy - ya;
    for (let x = x0; x < x1; x++) {
      const dx = (x - cx) / rx;
      const d = Math.sqrt(dx * dx + dy * dy);
      // Full inside 0.75 of the ellipse, none beyond 1.35, smooth between.
      if (d >= 1.35) continue;
      const u = d <= 0.75 ? 1 : 1 - (d - 0.75) / 0.6;
      const t = amount * u * u * (3 - 2 * u);
      const fx = Math.min(keep.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const xa = Math.floor(fx);
      const xb = Math.min(keep.width - 1, xa + 1);
      const tx = fx - xa;
      const i = (y * W + x) * C;
      const a = (ya * keep.width + xa) * kc;
      const b = (ya * keep.width + xb) * kc;
      const c = (yb * keep.width + xa) * kc;
      const e = (yb * keep.width + xb) * kc;
      for (let ch = 0; ch < 3; ch++) {
        const top = kd[a + ch] + (kd[b + ch] - kd[a + ch]) * tx;
        const bottom = kd[c + ch] + (kd[e + ch] - kd[c + ch]) * tx;
        const v = top + (bottom - top) * ty;
        out[i + ch] = img.data[i + ch] + (v - img.data[i + ch]) * t;
      }
    }
  }
  return { ...img, data: out };
}

/** A stroke's direction at a pixel (a unit vector), set by `StrokeDirections.at`. */
export interface StrokeDirections {
  tx: number;
  ty: number;
  at(x: number, y: number): void;
}

/**
 * Where brush strokes run (oil painting, Renaissance): along the edges of the broad light `L` (one
 * channel; across its gradient), turning to the painter's hand where the picture is flat: a
 * diagonal that wanders with `hand` (grey per pixel, ±`swing` rad about −45°). Gradients under
 * `edge` levels mix the two.
 */
export function strokeDirections(L: Raw, hand: Uint8Array, edge: number, swing: number): StrokeDirections {
  const { width: W, height: H, data } = L;
  const handCos = new Float64Array(256);
  const handSin = new Float64Array(256);
  for (let v = 0; v < 256; v++) {
    const a = -Math.PI / 4 + ((v - 128) / 128) * swing;
    handCos[v] = Math.cos(a);
    handSin[v] = Math.sin(a);
  }
  return {
    tx: 0,
    ty: 0,
    at(x: number, y: number) {
      const row = y * W;
      const gx = data[row + Math.min(W - 1, x + 1)] - data[row + Math.max(0, x - 1)];
      const gy = data[Math.min(H - 1, y + 1) * W + x] - data[Math.max(0, y - 1) * W + x];
      const g = Math.sqrt(gx * gx + gy * gy);
      const t = Math.min(1, g / edge);
      const h = hand[row + x];
      const tx = (g > 0 ? -gy / g : 0) * t + handCos[h] * (1 - t);
      const ty = (g > 0 ? gx / g : 0) * t + handSin[h] * (1 - t);
      const tn = Math.sqrt(tx * tx + ty * ty) || 1;
      this.tx = tx / tn;
      this.ty = ty / tn;
    },
  };
}

/** Where green and blue sit in a packed colour (see flowStrokes). */
const G_UNIT = 2 ** 16;
const B_UNIT = 2 ** 32;

/**
 * Brush strokes that follow the forms (oil painting): each pixel's colour is smeared along the
 * direction its edges run (perpendicular to the broad luminance's gradient, a slowly wandering
 * diagonal where the picture is flat), and a streaked noise smeared the same way is returned as the strokes' relief
 * (a height map for `relief`), so strokes wrap around a face and run along hair and folds.
 * `length` in px (each side of the pixel).
 */
export async function flowStrokes(img0: Raw, rng: Rng, length: number): Promise<{ img: Raw; strokes: Raw }> {
  const img = await rgb(img0);
  const { width: W, height: H, data } = img;
  const L = await toRaw(fromRaw(luma(img)).blur(Math.max(1, length * 0.6)).extractChannel(0));
  // Noise a few pixels across: strokes as wide as a brush's bristle bundle, not a hair.
  const n = streakReading(await enlarge(noise(Math.max(2, Math.round(W / 3)), Math.max(2, Math.round(H / 3)), rng), W, H, 'cubic'));
  // Where the picture is flat the painter's hand sets the direction: a diagonal that wanders slowly.
  const hand = streakReading(await enlarge(noise(Math.max(2, Math.round(W / 40)), Math.max(2, Math.round(H / 40)), rng), W, H, 'cubic'));
  // Along the edges; a flat area takes the painter's diagonal, turning in as an edge appears.
  const dir = strokeDirections(L, hand, 6, 0.9);
  const out = Buffer.allocUnsafe(W * H * 3);
  const strokes = Buffer.allocUnsafe(W * H);
  const steps = Math.max(2, Math.round(length));
  const k = 2 * steps + 1;
  const stretch = Math.sqrt(k) * 0.5;
  // Each pixel's colour packed in one number (16 bits a channel: sums of up to 257 samples stay
  // exact within a double's 53 bits), so a stroke's sample is one read instead of three.
  const rgbOf = scratchFloat64('flowStrokes colours', W * H);
  for (let p = 0, c = 0; p < W * H; p++, c += 3) rgbOf[p] = data[c] + data[c + 1] * G_UNIT + data[c + 2] * B_UNIT;
  for (let y = 0; y < H; y++) {
    // Rows whose strokes cannot leave the picture vertically.
    const rowInside = y >= steps && y < H - steps;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      dir.at(x, y);
      const tx = dir.tx, ty = dir.ty;
      let sum = 0, sn = 0;
      if (rowInside && x >= steps && x < W - steps) {
        // The whole stroke inside: no clamping (positions rounded half up, as Math.round does).
        for (let i = -steps; i <= steps; i++) {
          const q = ((y + ty * i + 0.5) | 0) * W + ((x + tx * i + 0.5) | 0);
          sum += rgbOf[q]; sn += n[q];
        }
      } else {
        for (let i = -steps; i <= steps; i++) {
          const sx = Math.min(W - 1, Math.max(0, Math.round(x + tx * i)));
          const sy = Math.min(H - 1, Math.max(0, Math.round(y + ty * i)));
          const q = sy * W + sx;
          sum += rgbOf[q]; sn += n[q];
        }
      }
      const b = Math.floor(sum / B_UNIT);
      const rg = sum - b * B_UNIT;
      const gg = Math.floor(rg / G_UNIT);
      const r = rg - gg * G_UNIT;
      const o = p * 3;
      out[o] = r / k;
      out[o + 1] = gg / k;
      out[o + 2] = b / k;
      // The mean of k noise samples is narrow around 128: stretched back to a full relief.
      strokes[p] = clamp(128 + (sn / k - 128) * stretch);
    }
  }
  return { img: { data: out, width: W, height: H, channels: 3 }, strokes: { data: strokes, width: W, height: H, channels: 1 } };
}

/**
 * A grey field read the way the stroke code first read it, from a three-channel copy indexed as
 * if it had one channel: pixel p takes the grey of pixel ⌊p/3⌋, so each row is a run of the
 * field three times stretched along it (fine streaks; neighbouring rows differ, rows three apart
 * alike). The strokes' texture and directions were tuned on that reading, so it is kept.
 */
export function streakReading(grey: Raw): Uint8Array {
  const n = grey.width * grey.height;
  const out = new Uint8Array(n);
  for (let p = 0; p < n; p++) out[p] = grey.data[(p / 3) | 0];
  return out;
}
