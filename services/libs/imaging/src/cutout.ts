/**
 * The member's photo as a trend uses it: with the person's matte (models.ts, computed once per
 * photo by traits-worker), the person cut out and set over a scene of the trend's choosing, so the
 * photo's own background never shows; without one, the photo framed on the face as before.
 */
import { backdrop, backgroundHint, type BackgroundKind, type Tones } from './backgrounds.js';
import { fromRaw, luma, over, renderSvgSoft, smoothSurface, toRaw, type Raw } from './raster.js';
import { lightOf, withSetting } from './stage.js';
import type { TrendContext } from './types.js';
import { svgDoc } from './util/svg.js';

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
