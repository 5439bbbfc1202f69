/**
 * Pixar-like 3D animation still: a big-headed glossy character lit by a warm key and a rim
 * light, set in a softly defocused scene, vibrant grade and bloom. With a photo and its matte: the
 * person re-rendered as a 3D character (cutout.ts animatedPerson) in a defocused set, a warm rim
 * light and bloom; without a matte: bigger eyes from the landmarks, smooth modelled surfaces
 * (edge-aware blur), a defocused set, saturated warm key and cool fill, a warm rim light and bloom.
 */
import { backdrop, hintedBackground, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import { bloom, fromRaw, glows, luma, over, renderSvgSoft, rimLight, toRaw, type Raw } from '../raster.js';
import { figureLayer, finalGrade, pickPalette, place, vibeGrade } from '../scene.js';
import { animatedPerson, personOver, placeScene } from '../cutout.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { svgDoc } from '../util/svg.js';
import { gradientLut, gradientMap, warp, type Warp } from '../effects.js';
import { hexToRgb } from '../util/color.js';
import { groupCircle } from '../faces.js';
import { lightOf, stagePhoto, withSetting } from '../stage.js';

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
  const bd = withSetting(backdrop(bgKind, W, H, rng.fork('backdrop'), pal, `${ctx.id}b`), ctx);
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
  img = lightOf(glows(img, [{ cx: W * 0.28, cy: H * 0.18, rx: W * 0.75, ry: H * 0.7, colour: '#fff0d6', opacity: options.enhance_lighting ? 0.45 : 0.28, blend: 'screen' }]), ctx);
  ctx.progress(75, img);

  img = await bloom(img, options.enhance_lighting ? 0.6 : 0.72, options.enhance_lighting ? 0.55 : 0.35, 0.03);
  const look = { warmth: 0.35, saturation: options.vibrant_colors ? 1.4 : 1.18, contrast: 0.12, brightness: 1.02 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.28);
}

async function pixarPhoto(ctx: TrendContext): Promise<Raw> {
  const { W, H, options } = ctx;
  const S = Math.min(W, H);
  const face = ctx.photo!.faceIn(W, H);
  const scene = placeScene(ctx, 'nature', { primary: '#4fa3ff', secondary: '#ffd27a' }, 0.004);
  const person = await ctx.photo!.cutout(W, H);
  if (person) return pixarCutout(ctx, person, await scene(W, H), face);
  // The photo framed on the face (no matte came with it), defocused below.
  let photo = await personOver(ctx, W, H, scene);
  // The subject: the head and the shoulders below it (or the centre of a photo without a face).
  let head = { x: W / 2, y: H * 0.42, rx: S * 0.22, ry: S * 0.28 };
  if (face && face.landmarks.length === 68) {
    // Landmark-driven caricature: the big eyes of 3D animation, a livelier smile.
    const lm = face.landmarks;
    const warps: Warp[] = [];
    const eyes = [groupCircle(lm, 'rightEye'), groupCircle(lm, 'leftEye')];
    for (const e of eyes) warps.push({ x: e.x, y: e.y, r: e.r * 2.7, scale: options.exaggerated_eyes ? 0.62 : 0.4 });
    if (options.emotional_expression) {
      const m = groupCircle(lm, 'mouth');
      for (const c of [lm[48], lm[54]]) warps.push({ x: c.x, y: c.y, r: m.r * 1.1, dy: -m.r * 0.35, dx: (c.x - m.x) * 0.15 });
      for (const b of [groupCircle(lm, 'rightBrow'), groupCircle(lm, 'leftBrow')]) warps.push({ x: b.x, y: b.y, r: b.r * 1.4, dy: -b.r * 0.25 });
    }
    photo = warp(photo, warps);
    const b = face.box;
    head = { x: b.left + b.width / 2, y: b.top + b.height * 0.4, rx: b.width * 0.95, ry: b.height * 1.15 };
  }
  // The prompt's props and setting around the person.
  photo = await stagePhoto(ctx, photo, face?.box);
  ctx.progress(30);
  // Depth of field: the set behind the subject goes soft, as through a long lens.
  const mask = subjectMask(W, H, head);
  // Both blurs run at full size (sharp keeps only a pipeline's last resize; these once ended at W×H).
  const defocus = await toRaw(fromRaw(photo).blur(Math.max(0.6, S * 0.0035)));
  // Simplified, smooth surfaces: flat regions (skin, cloth) take a wide blur, edges (eyes, mouth,
  // the silhouette) keep their detail, so shapes read as modelled rather than photographed.
  const wide = await toRaw(fromRaw(photo).blur(Math.max(0.6, S * 0.0028)));
  // Saturated, warm key from the upper left, cool fill in the shadows (split toning, mixed in
  // the same pass), then a warm rim of light along the right edges of the subject and a soft bloom.
  let img = surfaceMix(photo, wide, defocus, mask, gradientLut([[0, '#14204a'], [0.35, '#5a4a6a'], [0.7, '#f0a070'], [1, '#fff4dc']]), 0.2);
  ctx.progress(55, img);
  img = glows(img, [
    { cx: W * 0.2, cy: H * 0.1, rx: W * 0.8, ry: H * 0.8, colour: '#ffd9a0', opacity: options.enhance_lighting ? 0.55 : 0.35, blend: 'screen' },
    { cx: head.x, cy: head.y, rx: head.rx * 1.3, ry: head.ry * 1.2, colour: '#fff1e0', opacity: 0.22, blend: 'screen' },
  ]);
  img = await rimFromLight(img, mask, S, options.enhance_lighting ? '#ffe2b0' : '#ffc98a');
  img = await bloom(img, 0.66, options.enhance_lighting ? 0.6 : 0.42, 0.03);
  const look = { warmth: 0.35, saturation: options.vibrant_colors ? 1.7 : 1.45, contrast: 0.2, brightness: 1.04 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.32);
}

/** A livelier smile and raised brows (emotional_expression), from the landmarks. */
function expression(img: Raw, lm: Array<{ x: number; y: number }>): Raw {
  const warps: Warp[] = [];
  const m = groupCircle(lm, 'mouth');
  for (const c of [lm[48], lm[54]]) warps.push({ x: c.x, y: c.y, r: m.r * 1.1, dy: -m.r * 0.35, dx: (c.x - m.x) * 0.15 });
  for (const b of [groupCircle(lm, 'rightBrow'), groupCircle(lm, 'leftBrow')]) warps.push({ x: b.x, y: b.y, r: b.r * 1.4, dy: -b.r * 0.25 });
  return warp(img, warps);
}

/**
 * The member cut out (their matte) as an animated character: the person re-made as a rendered
 * 3D surface (animatedPerson: bigger eyes with catchlights, a softer nose, smooth surfaces relit
 * by a warm key and a cool fill, gloss), a warm rim light along the silhouette away from the key,
 * standing in the defocused set; then the film's key light, bloom and grade.
 */
async function pixarCutout(ctx: TrendContext, person0: Raw, set: Raw, face: ReturnType<NonNullable<TrendContext['photo']>['faceIn']>): Promise<Raw> {
  const { W, H, options } = ctx;
  const S = Math.min(W, H);
  let person = await animatedPerson(person0, face, { eyes: options.exaggerated_eyes ? 0.56 : 0.46 });
  if (options.emotional_expression && face && face.landmarks.length === 68) person = expression(person, face.landmarks);
  ctx.progress(30);
  person = await rimLight(person, options.enhance_lighting ? '#ffe2b0' : '#ffc98a', Math.round(-S * 0.012), Math.round(S * 0.006), S * 0.006, options.enhance_lighting ? 0.95 : 0.8);
  let img = await over(set, [{ img: person }]);
  img = await stagePhoto(ctx, img, face?.box);
  ctx.progress(55, img);
  // Warm key from the upper left, cool shadows (split tone). (The face is lit already, as a
  // modelled head: more light on it washed its features out.)
  img = gradientMap(img, [[0, '#14204a'], [0.35, '#5a4a6a'], [0.7, '#f0a070'], [1, '#fff4dc']], 0.12);
  img = glows(img, [{ cx: W * 0.2, cy: H * 0.1, rx: W * 0.8, ry: H * 0.8, colour: '#ffd9a0', opacity: options.enhance_lighting ? 0.4 : 0.22, blend: 'screen' }]);
  img = await bloom(img, 0.72, options.enhance_lighting ? 0.5 : 0.3, 0.03);
  const look = { warmth: 0.18, saturation: options.vibrant_colors ? 1.45 : 1.22, contrast: 0.14, brightness: 1.03 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.3);
}

/** 255 on the head and shoulders, falling off softly outside them. */
function subjectMask(W: number, H: number, h: { x: number; y: number; rx: number; ry: number }): Raw {
  const m = Buffer.allocUnsafe(W * H);
  const body = { x: h.x, y: h.y + h.ry * 2.2, rx: h.rx * 2.1, ry: h.ry * 1.9 };
  for (let y = 0, k = 0; y < H; y++) {
    const hy = (y - h.y) / h.ry;
    const by = (y - body.y) / body.ry;
    for (let x = 0; x < W; x++, k++) {
      const hx = (x - h.x) / h.rx;
      const bx = (x - body.x) / body.rx;
      const d = Math.min(hx * hx + hy * hy, bx * bx + by * by);
      m[k] = d <= 0.8 ? 255 : d >= 1.6 ? 0 : 255 * (1 - (d - 0.8) / 0.8);
    }
  }
  return { data: m, width: W, height: H, channels: 1 };
}

/**
 * Per pixel: on the subject, the smooth image where its local contrast is high (features) and the
 * wide blur where it is low (skin, cloth); off the subject, the defocused set. Then the gradient
 * `lut` mixed in by `amount` (what gradientMap does, in the same pass).
 */
function surfaceMix(smooth: Raw, wide: Raw, defocus: Raw, mask: Raw, lut: Uint8Array, amount: number): Raw {
  const a = smooth.data, b = wide.data, c = defocus.data, m = mask.data;
  const out = Buffer.allocUnsafe(a.length);
  for (let i = 0, k = 0; i < a.length; i += 3, k++) {
    let r: number, g: number, bl: number;
    if (m[k] === 0) {
      // Off the subject: the defocused set as it is.
      r = c[i];
      g = c[i + 1];
      bl = c[i + 2];
    } else {
      const d = Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
      const flat = d >= 60 ? 0 : 1 - d / 60;
      const f = m[k] / 255;
      const s0 = a[i] + (b[i] - a[i]) * flat * 0.85;
      const s1 = a[i + 1] + (b[i + 1] - a[i + 1]) * flat * 0.85;
      const s2 = a[i + 2] + (b[i + 2] - a[i + 2]) * flat * 0.85;
      // Truncated to bytes, as a stored pixel would be.
      r = (c[i] + (s0 - c[i]) * f) | 0;
      g = (c[i + 1] + (s1 - c[i + 1]) * f) | 0;
      bl = (c[i + 2] + (s2 - c[i + 2]) * f) | 0;
    }
    const l = ((0.299 * r + 0.587 * g + 0.114 * bl) | 0) * 3;
    out[i] = r + (lut[l] - r) * amount;
    out[i + 1] = g + (lut[l + 1] - g) * amount;
    out[i + 2] = bl + (lut[l + 2] - bl) * amount;
  }
  return { data: out, width: smooth.width, height: smooth.height, channels: 3 };
}

/** A warm rim: where the light falls off to the right (luma edges), on the subject only, screened. */
async function rimFromLight(img: Raw, mask: Raw, S: number, colour: string): Promise<Raw> {
  const { width: W, height: H } = img;
  const w = Math.round(W / 2);
  const h = Math.round(H / 2);
  const L = await toRaw(fromRaw(luma(img)).resize(w, h).blur(Math.max(0.5, S * 0.002)).extractChannel(0));
  const off = Math.max(1, Math.round(S * 0.006));
  const e = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = off; x < w; x++) {
      const v = L.data[y * w + x - off] - L.data[y * w + x];
      if (v > 6) e[y * w + x] = Math.min(255, (v - 6) * 4);
    }
  }
  // sharp resizes before it blurs, whatever the call order: the blur runs on the enlarged edges.
  const rim = await toRaw(fromRaw({ data: e, width: w, height: h, channels: 1 }).resize(W, H, { fit: 'fill', kernel: 'linear' }).blur(Math.max(0.5, S * 0.0015)).extractChannel(0));
  const [cr, cg, cb] = hexToRgb(colour);
  const out = Buffer.from(img.data);
  for (let i = 0, k = 0; k < rim.data.length; i += 3, k++) {
    const f = (rim.data[k] / 255) * (mask.data[k] / 255) * 0.7;
    if (f <= 0) continue;
    out[i] += ((cr * (255 - out[i])) / 255) * f;
    out[i + 1] += ((cg * (255 - out[i + 1])) / 255) * f;
    out[i + 2] += ((cb * (255 - out[i + 2])) / 255) * f;
  }
  return { ...img, data: out };
}
