/**
 * The member's photo as a trend uses it: with the person's matte (models.ts, computed once per
 * photo by traits-worker), the person cut out and set over a scene of the trend's choosing, so the
 * photo's own background never shows; without one, the photo framed on the face as before.
 */
import { backdrop, backgroundHint, type BackgroundKind, type Tones } from './backgrounds.js';
import { over, renderSvgSoft, type Raw } from './raster.js';
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
