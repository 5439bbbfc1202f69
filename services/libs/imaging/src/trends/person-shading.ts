/**
 * Building blocks for restyling a cut-out person (RGBA, the matte as alpha): the person's own
 * colours spread past the matte's edge (so nothing of the photo's background bleeds in), wide
 * blurs of one channel, the person's colours simplified to a few flat paints, distances inside
 * regions and normals from a height map. Used by the clay, neon, painting and Ghibli restyles.
 */
import { fromRaw, toRaw, type Raw } from '../raster.js';

export const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** The matte of an RGBA layer (one byte a pixel). */
export function alphaOf(layer: Raw): Buffer {
  const n = layer.width * layer.height;
  const a = Buffer.allocUnsafe(n);
  for (let p = 0; p < n; p++) a[p] = layer.data[p * 4 + 3];
  return a;
}

/** A one-channel byte image blurred by `sigma` px, at a quarter of the size when it is wide (cheap), back at w×h. */
export async function blurPlane(data: Buffer, W: number, H: number, sigma: number): Promise<Buffer> {
  const img: Raw = { data, width: W, height: H, channels: 1 };
  if (sigma < 6) return (await toRaw(fromRaw(img).blur(Math.max(0.3, sigma)).extractChannel(0))).data;
  const q = await toRaw(fromRaw(img).resize(Math.max(2, Math.round(W / 4)), Math.max(2, Math.round(H / 4))).blur(Math.max(0.3, sigma / 4)).extractChannel(0));
  return (await toRaw(fromRaw(q).resize(W, H, { fit: 'fill', kernel: 'linear' }).extractChannel(0))).data;
}

/**
 * The person's colours (RGB) with the photo's background replaced by the person's own nearby
 * colour (a blur weighted by the matte), so smoothing and strokes near the silhouette never pick
 * up the room behind them.
 */
export async function personColours(layer: Raw, spread: number): Promise<Raw> {
  const { width: W, height: H, data } = layer;
  const n = W * H;
  const pre = Buffer.allocUnsafe(n * 4);
  for (let p = 0, j = 0; p < n; p++, j += 4) {
    const a = data[j + 3] / 255;
    pre[j] = data[j] * a; pre[j + 1] = data[j + 1] * a; pre[j + 2] = data[j + 2] * a; pre[j + 3] = data[j + 3];
  }
  const s = Math.max(1, spread);
  const q = await toRaw(fromRaw({ data: pre, width: W, height: H, channels: 4 }).resize(Math.max(2, Math.round(W / 4)), Math.max(2, Math.round(H / 4))).blur(Math.max(0.5, s / 4)));
  const wide = await toRaw(fromRaw(q).resize(W, H, { fit: 'fill', kernel: 'linear' }));
  const out = Buffer.allocUnsafe(n * 3);
  const w = wide.data;
  for (let p = 0, j = 0, i = 0; p < n; p++, j += 4, i += 3) {
    const a = data[j + 3];
    if (a >= 250) { out[i] = data[j]; out[i + 1] = data[j + 1]; out[i + 2] = data[j + 2]; continue; }
    const wa = w[j + 3];
    const t = a / 255;
    for (let c = 0; c < 3; c++) {
      const fill = wa > 0 ? Math.min(255, (w[j + c] * 255) / wa) : data[j + c];
      out[i + c] = fill + (data[j + c] - fill) * t;
    }
  }
  return { data: out, width: W, height: H, channels: 3 };
}

/** Luma of an RGB buffer at pixel i (byte offset). */
export const lumaAt = (d: Buffer, i: number) => 0.299 * d[i] + 0.587 * d[i + 1] + 0.114 * d[i + 2];

/**
 * The person's colours clustered into `n` paints (k-means, materials told apart by hue and
 * saturation more than by light, `lumaWeight`), sampled where `alpha` is solid. Returns the
 * centres and, for every pixel, the index of its paint.
 */
export function flatPaints(img: Raw, alpha: Buffer, n: number, lumaWeight = 0.3): { centres: number[][]; labels: Uint8Array } {
  const { width: W, height: H, data } = img;
  const samples: number[] = [];
  const step = Math.max(1, Math.round(Math.sqrt((W * H) / 5000)));
  for (let y = 0; y < H; y += step) for (let x = 0; x < W; x += step) if (alpha[y * W + x] > 200) samples.push(y * W + x);
  if (samples.length < n) samples.push(...Array.from({ length: n }, (_, k) => Math.floor(((k + 0.5) / n) * W * H)));
  const lum = (p: number) => lumaAt(data, p * 3);
  const sorted = [...samples].sort((a, b) => lum(a) - lum(b));
  const centres = Array.from({ length: n }, (_, k) => { const p = sorted[Math.floor(((k + 0.5) / n) * sorted.length)]; return [data[p * 3], data[p * 3 + 1], data[p * 3 + 2]]; });
  const nearest = (r: number, g: number, b: number) => {
    let best = 0, bd = Infinity;
    for (let k = 0; k < n; k++) {
      const c = centres[k];
      const dr = r - c[0], dg = g - c[1], db = b - c[2];
      const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
      const d = (dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2 + dy * dy * lumaWeight;
      if (d < bd) { bd = d; best = k; }
    }
    return best;
  };
  for (let it = 0; it < 7; it++) {
    const sum = Array.from({ length: n }, () => [0, 0, 0, 0]);
    for (const p of samples) {
      const k = nearest(data[p * 3], data[p * 3 + 1], data[p * 3 + 2]);
      sum[k][0] += data[p * 3]; sum[k][1] += data[p * 3 + 1]; sum[k][2] += data[p * 3 + 2]; sum[k][3]++;
    }
    for (let k = 0; k < n; k++) if (sum[k][3] > 0) centres[k] = [sum[k][0] / sum[k][3], sum[k][1] / sum[k][3], sum[k][2] / sum[k][3]];
  }
  const labels = new Uint8Array(W * H);
  for (let p = 0, i = 0; p < W * H; p++, i += 3) labels[p] = nearest(data[i], data[i + 1], data[i + 2]);
  return { centres, labels };
}

/** Paint every pixel its label's colour (RGB). */
export function paintLabels(labels: Uint8Array, centres: number[][], W: number, H: number): Raw {
  const out = Buffer.allocUnsafe(W * H * 3);
  for (let p = 0, i = 0; p < W * H; p++, i += 3) {
    const c = centres[labels[p]];
    out[i] = c[0]; out[i + 1] = c[1]; out[i + 2] = c[2];
  }
  return { data: out, width: W, height: H, channels: 3 };
}

/**
 * Distance (px, chamfer 1/√2) from each pixel to the nearest seed (a region's border), capped at
 * `cap`: how far inside its piece a pixel lies.
 */
export function distanceToSeeds(seed: Uint8Array, W: number, H: number, cap: number): Float32Array {
  const d = new Float32Array(W * H);
  for (let p = 0; p < W * H; p++) d[p] = seed[p] ? 0 : cap;
  const D = Math.SQRT2;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      let v = d[p];
      if (v === 0) continue;
      if (x > 0 && d[p - 1] + 1 < v) v = d[p - 1] + 1;
      if (y > 0) {
        if (d[p - W] + 1 < v) v = d[p - W] + 1;
        if (x > 0 && d[p - W - 1] + D < v) v = d[p - W - 1] + D;
        if (x < W - 1 && d[p - W + 1] + D < v) v = d[p - W + 1] + D;
      }
      d[p] = v;
    }
  }
  for (let y = H - 1; y >= 0; y--) {
    for (let x = W - 1; x >= 0; x--) {
      const p = y * W + x;
      let v = d[p];
      if (v === 0) continue;
      if (x < W - 1 && d[p + 1] + 1 < v) v = d[p + 1] + 1;
      if (y < H - 1) {
        if (d[p + W] + 1 < v) v = d[p + W] + 1;
        if (x < W - 1 && d[p + W + 1] + D < v) v = d[p + W + 1] + D;
        if (x > 0 && d[p + W - 1] + D < v) v = d[p + W - 1] + D;
      }
      d[p] = v;
    }
  }
  return d;
}

/** Border seeds of a label map: pixels whose right or lower neighbour has another label, and pixels off the matte. */
export function labelBorders(labels: Uint8Array, alpha: Buffer, W: number, H: number): Uint8Array {
  const seed = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (alpha[p] < 128) { seed[p] = 1; continue; }
      const l = labels[p];
      if ((x < W - 1 && labels[p + 1] !== l) || (y < H - 1 && labels[p + W] !== l)) { seed[p] = 1; if (x < W - 1) seed[p + 1] = 1; if (y < H - 1) seed[p + W] = 1; }
    }
  }
  return seed;
}

/** The face's ellipse as a weight (1 inside, fading out beyond), in the layer's pixels. */
export function faceWeight(face: { left: number; top: number; width: number; height: number } | undefined, inner = 0.7, outer = 1.2): (x: number, y: number) => number {
  if (!face) return () => 0;
  const cx = face.left + face.width / 2, cy = face.top + face.height * 0.55;
  const rx = face.width * 0.6, ry = face.height * 0.7;
  return (x, y) => {
    const ex = (x - cx) / rx, ey = (y - cy) / ry;
    const e = ex * ex + ey * ey;
    return e <= inner ? 1 : e >= outer ? 0 : (outer - e) / (outer - inner);
  };
}

/** Each pixel of an RGB picture snapped to the nearest of `centres`. */
export function snapTo(img: Raw, centres: number[][]): { labels: Uint8Array } {
  const { data } = img;
  const labels = new Uint8Array(img.width * img.height);
  for (let p = 0, i = 0; p < labels.length; p++, i += 3) {
    let best = 0, bd = Infinity;
    for (let k = 0; k < centres.length; k++) {
      const c = centres[k];
      const d = (data[i] - c[0]) ** 2 + (data[i + 1] - c[1]) ** 2 + (data[i + 2] - c[2]) ** 2;
      if (d < bd) { bd = d; best = k; }
    }
    labels[p] = best;
  }
  return { labels };
}

/** The skin's colour: the mean of the face's middle, its darkest and lightest quarters (eyes, hair, highlights) left out. */
export function skinOf(img: Raw, face: { left: number; top: number; width: number; height: number }): number[] {
  const { width: W, height: H, data } = img;
  const px: number[] = [];
  for (let y = Math.max(0, Math.round(face.top + face.height * 0.45)); y < Math.min(H, face.top + face.height * 0.75); y++) {
    for (let x = Math.max(0, Math.round(face.left + face.width * 0.25)); x < Math.min(W, face.left + face.width * 0.75); x++) px.push((y * W + x) * 3);
  }
  if (px.length < 8) return [220, 170, 140];
  px.sort((a, b) => lumaAt(data, a) - lumaAt(data, b));
  const mid = px.slice(Math.floor(px.length * 0.25), Math.ceil(px.length * 0.75));
  return [0, 1, 2].map((c) => mid.reduce((s, i) => s + data[i + c], 0) / mid.length);
}

