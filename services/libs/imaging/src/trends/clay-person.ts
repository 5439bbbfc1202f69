/**
 * The cut-out person modelled in plasticine (Claymation), not a filtered photo:
 * - the colours simplified to a few flat clay colours (k-means on a smoothed copy, the regions'
 *   borders rounded by blurring and snapping again), brighter and a little more saturated, and no
 *   clay near black (dark cloth and hair become a dark coloured clay);
 * - the silhouette rounded (strands of hair merge into one soft lump);
 * - every piece of clay rounded: a height map from the body's silhouette and each region's
 *   distance from its border (a pillow-shaped lump), pressed fingerprints, and a hand-kneaded
 *   unevenness, lit from the upper left with a broad soft sheen (plasticine's specular);
 * - creases where pieces meet and a thick, soft dark outline round the figure;
 * - the face one clay skin on which the features (eyes, brows, nostrils, mouth) are drawn by the
 *   photo's own fine light against its broad light (the eyes and brows sharper), so the person
 *   stays recognisable, even with the face tilted.
 * RGBA in, RGBA out; `photoFace` in the layer's pixels.
 */
import { fromRaw, toRaw, type Raw } from '../raster.js';
import type { Rng } from '../util/rng.js';
import type { PhotoFace } from '../types.js';
import { groupCircle } from '../faces.js';
import { alphaOf, blurPlane, clamp255, distanceToSeeds, faceWeight, flatPaints, labelBorders, lumaAt, paintLabels, personColours, skinOf, snapTo } from './person-shading.js';

/** How much of the person's own (smoothed, clay-coloured) colour the face keeps over the skin clay. */
const FACE_OWN = 0.35;
/** How many clay colours the person is made of. */
const CLAY_COLOURS = 6;
/** Key light from the upper left, and the half vector towards the viewer (the sheen). */
const LIGHT = normalise([-0.55, -0.62, 0.56]);
const HALF = normalise([LIGHT[0], LIGHT[1], LIGHT[2] + 1]);

export async function clayFigure(layer: Raw, rng: Rng, photoFace?: PhotoFace): Promise<Raw> {
  const face = photoFace?.box;
  const lm = photoFace && photoFace.landmarks.length === 68 ? photoFace.landmarks : undefined;
  const { width: W, height: H } = layer;
  const S = Math.min(W, H);
  const n = W * H;
  const alpha0 = alphaOf(layer);
  // A rounded silhouette: the matte blurred and cut again (hair strands merge into a lump).
  const soft = await blurPlane(alpha0, W, H, S * 0.008);
  const alpha = Buffer.allocUnsafe(n);
  for (let p = 0; p < n; p++) alpha[p] = clamp255((soft[p] - 128) * 3 + 128);
  const colours = await personColours(layer, S * 0.03);
  const smooth = await toRaw(fromRaw(colours).median(5).blur(Math.max(1, S * 0.006)));
  // Flat clay colours, their borders rounded: snap, blur the paint, snap again to the same colours.
  const first = flatPaints(smooth, alpha, CLAY_COLOURS, 0.7);
  const roundedPaint = await toRaw(fromRaw(paintLabels(first.labels, first.centres, W, H)).median(7).blur(Math.max(1, S * 0.014)));
  const { labels } = snapTo(roundedPaint, first.centres);
  const clay = first.centres.map(clayColour);
  // How far inside its piece each pixel lies (the lump's profile), and inside the silhouette.
  const pieceCap = S * 0.035;
  const piece = distanceToSeeds(labelBorders(labels, alpha, W, H), W, H, pieceCap);
  const silSeed = new Uint8Array(n);
  for (let p = 0; p < n; p++) silSeed[p] = alpha[p] < 128 ? 1 : 0;
  const outlineW = Math.max(2, S * 0.012);
  const inside = distanceToSeeds(silSeed, W, H, outlineW * 2);
  // The face: its fine light against its broad light draws the features on the clay skin.
  const fw = faceWeight(face);
  const L = Buffer.allocUnsafe(n);
  for (let p = 0, i = 0; p < n; p++, i += 3) L[p] = lumaAt(colours.data, i);
  const fs = face ? face.width : S * 0.2;
  const [body, fine, sharpFine, broad, lumps] = await Promise.all([
    blurPlane(alpha, W, H, S * 0.05),
    blurPlane(L, W, H, Math.max(0.6, fs * 0.014)),
    // The eyes drawn sharper (lashes, lids, irises): blurred as the rest, a tilted face is no longer found.
    blurPlane(L, W, H, Math.max(0.6, fs * 0.005)),
    blurPlane(L, W, H, Math.max(2, fs * 0.09)),
    kneaded(W, H, rng.fork('knead'), S),
  ]);
  const prints = fingerprints(W, H, rng.fork('prints'), S, face);
  // The face is one piece of skin clay: the photo's skin (the face's middle, its mid-tones) as clay.
  const photoSkin = face ? skinOf(colours, face) : FLESH;
  const skin = clayColour(mixRgb(photoSkin, FLESH, FLESH_PULL));
  const skinL = Math.max(40, 0.299 * photoSkin[0] + 0.587 * photoSkin[1] + 0.114 * photoSkin[2]);
  // The height map: the rounded body, each piece's pillow, the face's own modelling, the prints.
  const h = new Float32Array(n);
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      const t = piece[p] / pieceCap;
      const pillow = t * t * (3 - 2 * t);
      const f = fw(x, y);
      h[p] = body[p] * 0.1 + pillow * 3 * (1 - f) + (broad[p] / 255) * 3 * f + (lumps[p] - 128) * 0.008 + prints[p] * 0.28;
    }
  }
  const eyes = lm ? eyeWeights(lm, W, H) : undefined;
  const out = Buffer.alloc(n * 4);
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      if (alpha[p] === 0) continue;
      const xa = x > 0 ? p - 1 : p, xb = x < W - 1 ? p + 1 : p;
      const ya = y > 0 ? p - W : p, yb = y < H - 1 ? p + W : p;
      const gx = (h[xb] - h[xa]) / 2, gy = (h[yb] - h[ya]) / 2;
      const k = 1 / Math.sqrt(gx * gx + gy * gy + 1);
      const nx = -gx * k, ny = -gy * k, nz = k;
      const diffuse = Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]);
      const hh = Math.max(0, nx * HALF[0] + ny * HALF[1] + nz * HALF[2]);
      const h2 = hh * hh, h4 = h2 * h2, h8 = h4 * h4;
      // A broad, soft sheen (plasticine is waxy, not glossy).
      const sheen = h8 * 50;
      // Creases where two pieces meet, and the thick soft outline round the figure.
      const f = fw(x, y);
      const crease = 0.62 + 0.38 * Math.max(f, Math.min(1, piece[p] / (pieceCap * 0.25)));
      const edge = Math.min(1, inside[p] / outlineW);
      const outline = 0.3 + 0.7 * edge * edge * (3 - 2 * edge);
      const c0 = clay[labels[p]];
      // Face: the skin clay, with a little of the person's own colour kept (lips, eyes, brows' tint).
      const own = f > 0 ? clayColour([smooth.data[p * 3], smooth.data[p * 3 + 1], smooth.data[p * 3 + 2]]) : c0;
      const c = f > 0 ? c0.map((v, ch) => v + (skin[ch] - v) * f * 0.85 + (own[ch] - skin[ch]) * f * FACE_OWN) : c0;
      // On the face the features are the photo's own marks (darker or lighter than the skin round them).
      const e = eyes ? eyes[p] / 255 : 0;
      const fl = fine[p] + (sharpFine[p] - fine[p]) * e;
      const ratio = f > 0 ? Math.max(0.2, Math.min(1.35, fl / Math.max(16, broad[p]))) : 1;
      const mark = 1 + (ratio - 1) * f * (ratio < 1 ? 2 : 1);
      // and its broad modelling (cheeks, jaw, the hair's shadow round it), softened.
      const model = f > 0 ? 1 + (Math.max(0.4, Math.min(1.3, broad[p] / skinL)) - 1) * f : 1;
      const light = (0.5 + 0.62 * diffuse) * crease * outline * mark * model;
      const o = p * 4;
      for (let ch = 0; ch < 3; ch++) out[o + ch] = clamp255(c[ch] * light + sheen * crease);
      out[o + 3] = alpha[p];
    }
  }
  return { data: out, width: W, height: H, channels: 4 };
}

/** Where the eyes are (with their lids and brows: landmarks' circles, soft-edged), 0…255 over the layer. */
function eyeWeights(lm: Array<{ x: number; y: number }>, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (const g of ['rightEye', 'leftEye', 'rightBrow', 'leftBrow'] as const) {
    const c = groupCircle(lm, g);
    const r = c.r * (g.endsWith('Eye') ? 1.8 : 1.3);
    for (let y = Math.max(0, Math.floor(c.y - r)); y < Math.min(H, Math.ceil(c.y + r)); y++) {
      for (let x = Math.max(0, Math.floor(c.x - r)); x < Math.min(W, Math.ceil(c.x + r)); x++) {
        const d = Math.hypot(x - c.x, y - c.y) / r;
        if (d < 1) out[y * W + x] = Math.max(out[y * W + x], Math.min(255, ((1 - d) / 0.4) * 255));
      }
    }
  }
  return out;
}

/** How far the photo's skin is pulled towards plasticine flesh (a photo's light may tint a face violet). */
const FLESH_PULL = 0.55;

/** Plasticine flesh: the skin's own colour is pulled towards it (a photo's light may tint a face grey or violet). */
const FLESH = [232, 168, 130];
const mixRgb = (a: number[], b: number[], t: number) => a.map((v, i) => v + (b[i] - v) * t);

function normalise(v: number[]): number[] {
  const l = Math.hypot(...v);
  return v.map((x) => x / l);
}

/** A photo colour as plasticine: more saturated, never near black or burnt white. */
function clayColour([r, g, b]: number[]): number[] {
  const l = 0.299 * r + 0.587 * g + 0.114 * b;
  // Light squeezed into the clay's range (dark clay is still a colour), chroma pushed up.
  const target = 40 + (l / 255) * 195;
  const sat = 1.3;
  return [r, g, b].map((v) => clamp255(target + (v - l) * sat * (l < 50 ? 1.6 : 1)));
}

/** Hand-kneaded unevenness: soft lumps a few percent of the figure across (0…255 around 128). */
async function kneaded(W: number, H: number, rng: Rng, S: number): Promise<Buffer> {
  const cell = Math.max(4, S * 0.025);
  const w = Math.max(2, Math.round(W / cell)), h = Math.max(2, Math.round(H / cell));
  const d = Buffer.allocUnsafe(w * h);
  for (let i = 0; i < d.length; i++) d[i] = clamp255(128 + rng.range(-1, 1) * 110);
  return (await toRaw(fromRaw({ data: d, width: w, height: h, channels: 1 }).resize(W, H, { fit: 'fill', kernel: 'cubic' }).extractChannel(0))).data;
}

/**
 * Fingerprints pressed into the clay: whorls of ridges (−1…1) a thumb wide, fading at their rims,
 * scattered over the body and faint on the face's middle.
 */
function fingerprints(W: number, H: number, rng: Rng, S: number, face?: { left: number; top: number; width: number; height: number }): Float32Array {
  const ridges = new Float32Array(W * H);
  const period = Math.max(3, S * 0.013);
  const fw = faceWeight(face, 0.5, 1);
  for (let k = 0; k < 8; k++) {
    const R = S * rng.range(0.06, 0.1);
    const cx = rng.range(0.1, 0.9) * W, cy = rng.range(0.25, 0.95) * H;
    const ang = rng.range(0, Math.PI), ecc = rng.range(1.15, 1.4);
    const c = Math.cos(ang), s = Math.sin(ang);
    const x0 = Math.max(0, Math.floor(cx - R * ecc)), x1 = Math.min(W, Math.ceil(cx + R * ecc));
    const y0 = Math.max(0, Math.floor(cy - R * ecc)), y1 = Math.min(H, Math.ceil(cy + R * ecc));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const u = (x - cx) * c + (y - cy) * s;
        const v = ((y - cy) * c - (x - cx) * s) / ecc;
        const d = Math.sqrt(u * u + v * v);
        if (d >= R) continue;
        const fade = 1 - d / R;
        ridges[y * W + x] += Math.sin((d / period) * Math.PI * 2) * Math.min(1, fade * 3) * (1 - 0.8 * fw(x, y));
      }
    }
  }
  return ridges;
}
