/**
 * Any trend without a dedicated renderer: a stylised scene from the prompt (backdrop, glossy
 * figure) finished with one of a few looks picked from the slug, so different unknown trends
 * still look different from each other.
 */
import { backdrop, backgroundHint, BACKGROUNDS } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import { lightOf, withSetting } from '../stage.js';
import { bloom, glows, grain, inkEdges, over, posterise, renderSvgSoft, type Raw } from '../raster.js';
import { figureLayer, finalGrade, pickPalette, place, vibeGrade } from '../scene.js';
import { personOver, placeScene } from '../cutout.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { createRng, hashString } from '../util/rng.js';
import { svgDoc } from '../util/svg.js';

type Look = 'poster' | 'soft' | 'ink';

export const generic: TrendRenderer = {
  slug: 'generic',
  name: 'Studio',
  render: async (ctx) => {
    const slugRng = createRng(hashString(ctx.req.trendSlug.toLowerCase()));
    const look: Look = slugRng.pick(['poster', 'soft', 'ink'] as const);
    const bg = slugRng.pick(BACKGROUNDS);
    const base = ctx.photo ? await personOver(ctx, ctx.W, ctx.H, placeScene(ctx, bg, pickPalette(ctx.rng.fork('palette')))) : await scene(ctx, bg);
    ctx.progress(60, base);
    return finish(ctx, base, look);
  },
};

async function scene(ctx: TrendContext, slugBackground: (typeof BACKGROUNDS)[number]): Promise<Raw> {
  const { W, H, rng, prompt } = ctx;
  const pal = pickPalette(rng.fork('palette'));
  const kind = ctx.background ?? backgroundHint(prompt.text) ?? slugBackground;
  const bd = withSetting(backdrop(kind, W, H, rng.fork('backdrop'), pal, `${ctx.id}b`), ctx);
  const bg = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), W, H, 0.5, 1.5);
  ctx.progress(30);
  const S = Math.min(W, H);
  const spec = figureFromPrompt(prompt, rng.fork('figure'), pal);
  const cx = W / 2 + rng.range(-0.08, 0.08) * W;
  const foot = Math.min(bd.groundY, H * 0.97);
  const p = place('chibi', cx, foot, W > H ? H * 0.78 : Math.min(H * 0.7, W * 1.25));
  const fig = await figureLayer(spec, 'chibi', 'gloss', p, `${ctx.id}f`, W, H);
  const withShadow = glows(bg, [{ cx, cy: foot + S * 0.01, rx: p.width * 0.42, ry: S * 0.035, colour: '#1a1020', opacity: 0.45, blend: 'multiply' }]);
  return lightOf(await over(withShadow, [{ img: fig.img, left: fig.left, top: fig.top }]), ctx);
}

async function finish(ctx: TrendContext, img0: Raw, look: Look): Promise<Raw> {
  let img = img0;
  const vibe = vibeGrade(ctx.req.vibe);
  if (look === 'poster') {
    img = await posterise(img, 14);
    img = await inkEdges(img, 0.8, 0.8);
    img = await finalGrade(img, { warmth: 0.1, saturation: 1.25, contrast: 0.15, brightness: 1 }, vibe, 0.3);
  } else if (look === 'ink') {
    img = await inkEdges(img, 1.6, 1);
    img = await finalGrade(img, { warmth: 0.3, saturation: 0.9, contrast: 0.2, brightness: 1.02 }, vibe, 0.3);
    img = grain(img, ctx.rng.fork('grain'), 0.16);
  } else {
    img = await bloom(img, 0.7, 0.45, 0.03);
    img = await finalGrade(img, { warmth: 0.2, saturation: 1.1, contrast: 0.05, brightness: 1.03 }, vibe, 0.3);
    img = grain(img, ctx.rng.fork('grain'), 0.12);
  }
  return img;
}
