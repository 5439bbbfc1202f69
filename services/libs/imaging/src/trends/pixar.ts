/**
 * Pixar-like 3D animation still: a big-headed glossy character lit by a warm key and a rim
 * light, set in a softly defocused scene, vibrant grade and bloom. With a photo: surface
 * smoothing (median + blur blend), saturation, warm rim glow and bloom.
 */
import { backdrop, hintedBackground, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import { bloom, glows, over, renderSvgSoft, rimLight, smoothSurface, type Raw } from '../raster.js';
import { figureLayer, finalGrade, pickPalette, place, vibeGrade } from '../scene.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { svgDoc } from '../util/svg.js';
import { warp, type Warp } from '../effects.js';
import { groupCircle } from '../faces.js';

export const pixar: TrendRenderer = {
  slug: 'pixar',
  name: 'Pixar',
  aliases: ['pixar-style', 'pixar-3d', '3d-animation', 'disney-pixar', 'animated-3d'],
  render: (ctx) => (ctx.photo ? pixarPhoto(ctx) : pixarScene(ctx)),
};

async function pixarScene(ctx: TrendContext): Promise<Raw> {
  const { W, H, rng, prompt, options } = ctx;
  const S = Math.min(W, H);
  const pal = pickPalette(rng.fork('palette'));
  const bgKind: BackgroundKind = ctx.background ?? hintedBackground(prompt.text, rng.fork('bg')) ?? rng.fork('bg').pick(['studio', 'nature', 'city', 'nature'] as const);
  const bd = backdrop(bgKind, W, H, rng.fork('backdrop'), pal, `${ctx.id}b`);
  // Depth of field: the set is out of focus behind the character (rendered small, blurred, scaled up).
  const bg = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), W, H, 0.5, Math.max(2, S * 0.006));
  ctx.progress(25);

  const spec = figureFromPrompt(prompt, rng.fork('figure'), pal);
  if (options.exaggerated_eyes) spec.eyeScale = 1.28;
  if (options.emotional_expression) {
    spec.expression = 'open';
    spec.pose = spec.prop ? 'hold' : 'cheer';
    spec.tilt = spec.tilt >= 0 ? 9 : -9;
  }
  const cam = rng.fork('camera');
  // Fill the frame: the character's height follows the frame's height, capped by its width.
  const figH = W > H ? H * 0.82 : Math.min(H * cam.range(0.68, 0.78), W * 1.3);
  const cx = W / 2 + cam.range(-0.1, 0.1) * W;
  const foot = Math.min(bd.groundY + cam.range(-0.01, 0.03) * H, H * 0.97);
  const p = place('chibi', cx, foot, figH);
  const fig = await figureLayer(spec, 'chibi', 'gloss', p, `${ctx.id}f`, W, H);
  // Warm rim light from behind on the right.
  const lit = await rimLight(fig.img, options.enhance_lighting ? '#ffe9c4' : '#ffdcaa', Math.round(-S * 0.016), Math.round(S * 0.01), S * 0.005, options.enhance_lighting ? 1 : 0.9);
  ctx.progress(55);

  // Contact shadow under the feet, then the character, then a warm key light from the upper left.
  let img = glows(bg, [{ cx, cy: foot + S * 0.012, rx: p.width * 0.45, ry: S * 0.04, colour: '#1a1020', opacity: bd.dark ? 0.7 : 0.5, blend: 'multiply' }]);
  img = await over(img, [{ img: lit, left: fig.left, top: fig.top }]);
  img = glows(img, [{ cx: W * 0.28, cy: H * 0.18, rx: W * 0.75, ry: H * 0.7, colour: '#fff0d6', opacity: options.enhance_lighting ? 0.45 : 0.28, blend: 'screen' }]);
  ctx.progress(75);

  img = await bloom(img, options.enhance_lighting ? 0.6 : 0.72, options.enhance_lighting ? 0.55 : 0.35, 0.03);
  const look = { warmth: 0.35, saturation: options.vibrant_colors ? 1.4 : 1.18, contrast: 0.12, brightness: 1.02 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.28);
}

async function pixarPhoto(ctx: TrendContext): Promise<Raw> {
  const { W, H, options } = ctx;
  let photo = await ctx.photo!.crop(W, H);
  const face = ctx.photo!.faceIn(W, H);
  if (face && face.landmarks.length === 68) {
    // Landmark-driven caricature: the big eyes of 3D animation, a livelier smile.
    const lm = face.landmarks;
    const warps: Warp[] = [];
    const eyes = [groupCircle(lm, 'rightEye'), groupCircle(lm, 'leftEye')];
    for (const e of eyes) warps.push({ x: e.x, y: e.y, r: e.r * 2.4, scale: options.exaggerated_eyes ? 0.5 : 0.18 });
    if (options.emotional_expression) {
      const m = groupCircle(lm, 'mouth');
      for (const c of [lm[48], lm[54]]) warps.push({ x: c.x, y: c.y, r: m.r * 1.1, dy: -m.r * 0.35, dx: (c.x - m.x) * 0.15 });
      for (const b of [groupCircle(lm, 'rightBrow'), groupCircle(lm, 'leftBrow')]) warps.push({ x: b.x, y: b.y, r: b.r * 1.4, dy: -b.r * 0.25 });
    }
    photo = warp(photo, warps);
  }
  ctx.progress(30);
  // Smooth skin-like surfaces while keeping edges: median at half size blended with a blur.
  let img = await smoothSurface(photo, 5, Math.max(1, W / 700), 2);
  ctx.progress(55);
  // Warm rim glow from the upper right and a soft fill on the subject.
  img = glows(img, [
    { cx: W * 0.9, cy: H * 0.05, rx: W * 0.9, ry: H * 0.9, colour: '#ffc98a', opacity: 0.55, blend: 'screen' },
    { cx: W * 0.5, cy: H * 0.45, rx: W * 0.55, ry: H * 0.55, colour: '#ffffff', opacity: 0.18, blend: 'screen' },
  ]);
  img = await bloom(img, 0.65, options.enhance_lighting ? 0.6 : 0.4, 0.03);
  const look = { warmth: 0.45, saturation: options.vibrant_colors ? 1.55 : 1.35, contrast: 0.18, brightness: 1.03 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.3);
}
