/**
 * The member's photo as a trend uses it: with the person's matte (models.ts, computed once per
 * photo by traits-worker), the person cut out and set over a scene of the trend's choosing, so the
 * photo's own background never shows; without one, the photo framed on the face as before.
 */
import { backdrop, backgroundHint, type BackgroundKind, type Tones } from './backgrounds.js';
import { fromRaw, luma, over, renderSvgSoft, rimLight, smoothSurface, toRaw, type Raw } from './raster.js';
import { lightOf, withSetting } from './stage.js';
import type { TrendContext } from './types.js';
import { svgDoc } from './util/svg.js';
import type { Rng } from './util/rng.js';
import { kuwahara } from './effects.js';

/** The person (cut out) over `scene(w, h)`, at w×h, framed on the face like `crop`. */
export async function personOver(ctx: TrendContext, w: number, h: number, scene: (w: number, h: number) => Promise<Raw>, faceFraction?: number): Promise<Raw> {
  const person = await ctx.photo!.cutout(w, h, faceFraction);
  if (!person) return ctx.photo!.crop(w, h, faceFraction);
  return over(await scene(w, h), [{ img: person }]);
}

/**
 * The place the prompt names (beach, city, space…), else the Background Style chip, else
 * `fallback`, drawn soft at w×h with the prompt's setting (time of day, weather) and its light.
 */
export function placeScene(ctx: TrendContext, fallback: BackgroundKind, tones: Tones, blur = 0.004): (w: number, h: number) => Promise<Raw> {
  return async (w, h) => {
    const kind = backgroundHint(ctx.prompt.text) ?? ctx.background ?? fallback;
    const sub = { ...ctx, W: w, H: h };
    const bd = withSetting(backdrop(kind, w, h, ctx.rng.fork('place'), tones, `${ctx.id}p`), sub);
    return lightOf(await renderSvgSoft(svgDoc(w, h, bd.defs, bd.body), w, h, 0.5, Math.min(w, h) * blur), sub);
  };
}

/** Whether the prompt names a place of its own (the trend's own scene otherwise). */
export const promptPlace = (ctx: TrendContext) => backgroundHint(ctx.prompt.text) !== undefined;

/** The colour channels of an RGBA layer, and the layer again with new colour and its own alpha. */
export function colourOf(layer: Raw): Raw {
  const n = layer.width * layer.height;
  const out = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = layer.data[i * 4];
    out[i * 3 + 1] = layer.data[i * 4 + 1];
    out[i * 3 + 2] = layer.data[i * 4 + 2];
  }
  return { data: out, width: layer.width, height: layer.height, channels: 3 };
}

export function withAlphaOf(rgb: Raw, layer: Raw): Raw {
  const n = layer.width * layer.height;
  const out = Buffer.allocUnsafe(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = rgb.data[i * 3];
    out[i * 4 + 1] = rgb.data[i * 3 + 1];
    out[i * 4 + 2] = rgb.data[i * 3 + 2];
    out[i * 4 + 3] = layer.data[i * 4 + 3];
  }
  return { ...layer, data: out };
}

/**
 * The cut-out person as a 3D-animation character (Pixar, Disney): skin and cloth become smooth
 * modelled surfaces (an edge-keeping median, not a blur: eyes, brows, lips and the silhouette stay
 * crisp), and the broad light and shade of the body are deepened so forms read round and lit, as
 * a rendered surface does. Only the person's pixels change (RGBA in, RGBA out).
 */
export async function modelledPerson(layer: Raw, S: number): Promise<Raw> {
  const rgb = colourOf(layer);
  const smooth = await smoothSurface(rgb, 7, 1.6, 2);
  // The broad form: luminance blurred over a tenth of the frame.
  const form = await toRaw(fromRaw(luma(smooth)).resize(Math.round(rgb.width / 4), Math.round(rgb.height / 4)).blur(Math.max(1, S * 0.006)).extractChannel(0));
  const fw = form.width;
  const kx = fw / rgb.width;
  const ky = form.height / rgb.height;
  const a = rgb.data, m = smooth.data, alpha = layer.data;
  // Transparent pixels (most of the frame) keep their colour: it never shows.
  const out = Buffer.from(a);
  for (let y = 0, p = 0; y < rgb.height; y++) {
    const fy = Math.min(form.height - 1, (y * ky) | 0) * fw;
    for (let x = 0; x < rgb.width; x++, p++) {
      if (alpha[p * 4 + 3] === 0) continue;
      const i = p * 3;
      // Where the smoothing took away a lot (features: eyes, lashes, lips) keep some of the photo;
      // elsewhere (skin, cloth: only grain was taken) the smooth surface.
      const d = Math.abs(a[i] - m[i]) + Math.abs(a[i + 1] - m[i + 1]) + Math.abs(a[i + 2] - m[i + 2]);
      const keep = d >= 70 ? 0.55 : (d / 70) * 0.55;
      const v = form.data[fy + Math.min(fw - 1, (x * kx) | 0)] / 255;
      // Light and shade of the form, S-shaped: lit sides lifted, turned-away sides deepened.
      const k = 1 + (v - 0.45) * 0.45;
      for (let c = 0; c < 3; c++) out[i + c] = clamp((m[i + c] + (a[i + c] - m[i + c]) * keep) * k);
    }
  }
  return withAlphaOf({ ...rgb, data: out }, layer);
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/**
 * The cut-out person cel-shaded (anime): the photo smoothed into flat regions, each pixel's light
 * snapped to a few bands of the broad form (a blurred luminance, so bands follow the face and the
 * folds, not the grain) with a short soft step between them, colours kept and brightened.
 */
export async function celPerson(layer: Raw, S: number, levels = 3): Promise<Raw> {
  const rgb = colourOf(layer);
  const smooth = await smoothSurface(rgb, 7, 1.6, 2);
  const guide = await toRaw(fromRaw(luma(smooth)).blur(Math.max(0.8, S * 0.003)).extractChannel(0));
  const a = smooth.data, g = guide.data, alpha = layer.data;
  const out = Buffer.from(a);
  for (let p = 0, i = 0; p < g.length; p++, i += 3) {
    if (alpha[p * 4 + 3] === 0) continue;
    const l = (0.299 * a[i] + 0.587 * a[i + 1] + 0.114 * a[i + 2]) / 255;
    const f = (g[p] / 255) * levels;
    const k0 = Math.floor(f);
    const t = Math.max(0, (f - k0 - 0.85) / 0.15);
    // The band's light, capped below white: lit skin never burns out.
    const q = Math.min(0.9, (k0 + t * t * (3 - 2 * t) + 0.5) / levels);
    // Pixel darker or lighter than its band by detail (eyes, lips) keeps most of that difference.
    const k = l > 0.02 ? (q + (l - g[p] / 255) * 0.7) / l : 1;
    out[i] = clamp(a[i] * k);
    out[i + 1] = clamp(a[i + 1] * k);
    out[i + 2] = clamp(a[i + 2] * k);
  }
  return withAlphaOf({ ...rgb, data: out }, layer);
}

/**
 * The cut-out person as plasticine (Claymation): the photo rounded off into smooth lumps, the
 * body shaded as one rounded form (its silhouette, blurred, is a height map lit from the upper
 * left: edges turn away from the light like a pressed clay figure's), a faint sheen on the lit
 * rims, and fingerprints pressed into the surface (concentric ridges, faint where they cross the
 * face, which keeps its own modelling so the person stays recognisable). RGBA in, RGBA out; `face` in the layer's pixels.
 */
export async function clayPerson(layer: Raw, rng: Rng, face?: { left: number; top: number; width: number; height: number }): Promise<Raw> {
  const { width: W, height: H } = layer;
  const S = Math.min(W, H);
  const rgb = colourOf(layer);
  // Flat lumps (Kuwahara keeps edges, drops grain), then softened: pressed plasticine, not paint.
  const smooth = await smoothSurface(await kuwahara(rgb, Math.max(2, Math.round(S * 0.006)), 1), 5, 1.2);
  // The broad form: the silhouette blurred (rounded body) plus a little of the blurred light (cheeks, folds).
  const alpha = Buffer.allocUnsafe(W * H);
  for (let p = 0; p < W * H; p++) alpha[p] = layer.data[p * 4 + 3];
  const [body, folds] = await Promise.all([
    toRaw(fromRaw({ data: alpha, width: W, height: H, channels: 1 }).blur(Math.max(2, S * 0.035)).extractChannel(0)),
    toRaw(fromRaw(luma(smooth)).blur(Math.max(1, S * 0.012)).extractChannel(0)),
  ]);
  // Fingerprints: a few whorls of ridges over the person, each fading out at its edge.
  const prints = Array.from({ length: 7 }, () => {
    const r = S * rng.range(0.05, 0.08);
    return { x: rng.range(0.15, 0.85) * W, y: rng.range(0.3, 0.95) * H, r, a: rng.range(0, Math.PI), k: rng.range(1.15, 1.35) };
  });
  const period = Math.max(2.5, S * 0.009);
  const ridges = new Float32Array(W * H);
  for (const f of prints) {
    const c = Math.cos(f.a), s = Math.sin(f.a);
    const x0 = Math.max(0, Math.floor(f.x - f.r * f.k)), x1 = Math.min(W, Math.ceil(f.x + f.r * f.k));
    const y0 = Math.max(0, Math.floor(f.y - f.r * f.k)), y1 = Math.min(H, Math.ceil(f.y + f.r * f.k));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const u = (x - f.x) * c + (y - f.y) * s;
        const v = ((y - f.y) * c - (x - f.x) * s) / f.k;
        const d = Math.sqrt(u * u + v * v);
        if (d >= f.r) continue;
        const fade = 1 - d / f.r;
        ridges[y * W + x] += Math.sin((d / period) * Math.PI * 2) * fade * Math.min(1, fade * 3);
      }
    }
  }
  const fx = face ? face.left + face.width / 2 : -1e9, fy = face ? face.top + face.height / 2 : -1e9;
  const frx = face ? face.width * 0.55 : 1, fry = face ? face.height * 0.6 : 1;
  const a = smooth.data, b = body.data, g = folds.data;
  const out = Buffer.from(a);
  for (let y = 3; y < H - 3; y++) {
    for (let x = 3; x < W - 3; x++) {
      const p = y * W + x;
      if (alpha[p] === 0) continue;
      const ex = (x - fx) / frx, ey = (y - fy) / fry;
      const onFace = ex * ex + ey * ey < 1;
      // Light from the upper left: where the form rises towards the lower right it faces the light
      // (the face's own modelling, which it is recognised by, relit only a little).
      const lit = Math.max(-40, (b[p + 3 * W + 3] - b[p - 3 * W - 3]) * (onFace ? 0.2 : 0.5) + (g[p + W + 1] - g[p - W - 1]) * (onFace ? 0.4 : 1.2));
      const press = (ridges[p - W - 1] - ridges[p + W + 1]) * (onFace ? 6 : 22);
      // Near the silhouette the form turns away: a soft darkening all round, as on a rounded lump.
      const turn = 1 - Math.max(0, 1 - b[p] / 255) * 0.7;
      // A soft sheen where the form faces the light most.
      const sheen = lit > 6 && !onFace ? Math.min(40, (lit - 6) * 1.6) : 0;
      const i = p * 3;
      // Light both scales and adds: dark cloth shows its roundness too.
      for (let ch = 0; ch < 3; ch++) out[i + ch] = clamp(a[i + ch] * (1 + lit * 0.008) * turn + lit * 0.6 + press + sheen);
    }
  }
  return withAlphaOf({ ...rgb, data: out }, layer);
}

/**
 * The cut-out person lit by two neon sources (Cyberpunk): the photo's own light
 * dimmed towards the scene's night colour, then a rim of one colour from the left and of the
 * other from the right, so the figure stands in the signs' light instead of under a tint.
 */
export async function neonLitPerson(layer: Raw, left: string, right: string, night: string, dim = 0.78): Promise<Raw> {
  const S = Math.min(layer.width, layer.height);
  const [nr, ng, nb] = [1, 3, 5].map((k) => parseInt(night.slice(k, k + 2), 16));
  const d = layer.data;
  const out = Buffer.from(d);
  for (let j = 0; j < out.length; j += 4) {
    if (d[j + 3] === 0) continue;
    out[j] = d[j] * dim + nr * (1 - dim);
    out[j + 1] = d[j + 1] * dim + ng * (1 - dim);
    out[j + 2] = d[j + 2] * dim + nb * (1 - dim);
  }
  const lit = await rimLight({ ...layer, data: out }, left, Math.round(S * 0.024), 0, S * 0.01, 1);
  return rimLight(lit, right, Math.round(-S * 0.024), 0, S * 0.01, 1);
}
