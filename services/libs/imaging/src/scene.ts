/** Helpers shared by the trend renderers: palettes, figure placement, vibe grading. */
import { buildBox, drawFigure, STAGE_INK, type Build, type FigureSpec, type Shading } from './figure.js';
import { drawStage } from './stage.js';
import { r } from './util/svg.js';
import type { Rng } from './util/rng.js';
import sharp from 'sharp';
import { curve, curveAndVignette, enlarge, grade, multiply3, recombCurveVignette, renderSvg, saturationMatrix, toRaw, warmthMatrix, type Raw } from './raster.js';

export interface Palette {
  primary: string;
  secondary: string;
  accent: string;
}

/** Vivid pairs that read well together on screens. */
const PAIRS: Array<[string, string, string]> = [
  ['#e0383e', '#2f6fe0', '#ffd23f'],
  ['#2f6fe0', '#f28c28', '#ffd23f'],
  ['#1e9e9a', '#ff6f6b', '#ffe08a'],
  ['#8a4fd8', '#ffb020', '#3fd0d8'],
  ['#f28c28', '#1d7fd8', '#ffffff'],
  ['#3fa34d', '#ff5a8a', '#ffd23f'],
  ['#ff4f7a', '#2fb3c8', '#ffe066'],
];

export function pickPalette(rng: Rng): Palette {
  const [primary, secondary, accent] = rng.pick(PAIRS);
  return { primary, secondary, accent };
}

export interface Placement {
  x: number;
  y: number;
  scale: number;
  width: number;
  height: number;
}

/** Scale and position a build so it is `heightPx` tall with its feet (box bottom) at (cx, footY). */
export function place(build: Build, cx: number, footY: number, heightPx: number): Placement {
  const box = buildBox(build);
  const scale = heightPx / box.height;
  return { x: cx - (box.width * scale) / 2, y: footY - heightPx, scale, width: box.width * scale, height: heightPx };
}

/**
 * The placed figure, or with a staged plan (stage.ts) the whole staged subject: what stands
 * behind it, the subject (the figure, or its icon) as many times as the prompt counts, and the
 * props in front.
 */
export function figureGroup(spec: FigureSpec, build: Build, shading: Shading, p: Placement, id: string): string {
  const at = `translate(${r(p.x)} ${r(p.y)}) scale(${p.scale.toFixed(4)})`;
  if (!spec.stage) return `<g transform="${at}">${drawFigure(spec, build, shading, id)}</g>`;
  const d = drawStage(spec.stage, build, spec.outfitAccent, shading === 'soft' ? STAGE_INK : undefined, !spec.stage.subject && build !== 'bust');
  const box = buildBox(build);
  const feet = { x: box.width / 2, y: box.height };
  // One drawing of the figure, repeated for the count (its gradients defined once).
  const main = d.subject ?? drawFigure(spec, build, shading, id);
  const copies = d.copies
    .map((c) => {
      if (c.dx === 0 && c.s === 1 && !c.dy && !c.flip && !c.rot && !c.lie) return main;
      // Lying: turned about the middle of its box, then scaled about the feet and moved.
      if (c.lie) return `<g transform="translate(${r(feet.x + c.dx)} ${r(feet.y + (c.dy ?? 0))}) scale(${c.s.toFixed(4)}) translate(${-feet.x} ${-feet.y}) rotate(${c.lie} ${box.width / 2} ${box.height / 2})">${main}</g>`;
      // A lean turns the subject about its middle (half way up its box).
      const lean = c.rot ? ` translate(0 ${-box.height / 2}) rotate(${c.rot}) translate(0 ${box.height / 2})` : '';
      return `<g transform="translate(${r(feet.x + c.dx)} ${r(feet.y + (c.dy ?? 0))})${lean} scale(${c.flip ? -c.s : c.s} ${c.s}) translate(${-feet.x} ${-feet.y})">${main}</g>`;
    })
    .join('');
  return `<g transform="${at}">${d.back}${copies}${d.front}</g>`;
}

/** The staged subject's extent in frame pixels (the figure alone: its usual box). */
export function stagedBox(spec: FigureSpec, build: Build, p: Placement): { x: number; y: number; w: number; h: number } {
  if (!spec.stage) return figureBox(p);
  const b = drawStage(spec.stage, build, spec.outfitAccent, undefined, false).bounds;
  return { x: p.x + b.x0 * p.scale, y: p.y + b.y0 * p.scale, w: (b.x1 - b.x0) * p.scale, h: (b.y1 - b.y0) * p.scale };
}

/** Whether the picture has one drawn face where the figure's head is (for face-driven effects). */
export const hasFigureFace = (spec: FigureSpec) => !spec.stage || (!spec.stage.subject && spec.stage.copies === 1 && spec.stage.pose !== 'fly' && spec.stage.pose !== 'lie');

export interface VibeGrade {
  warmth: number;
  saturation: number;
  contrast: number;
  brightness: number;
}

/** Vibe words nudge the final grade (warm, cool, moody, dreamy, vibrant, …). */
export function vibeGrade(vibe?: string): VibeGrade {
  const g: VibeGrade = { warmth: 0, saturation: 1, contrast: 0, brightness: 1 };
  if (!vibe) return g;
  const v = vibe.toLowerCase();
  if (/(warm|cozy|cosy|sunny|golden|summer|happy|joy)/.test(v)) g.warmth += 0.6;
  if (/(cool|calm|serene|winter|icy|chill|peace)/.test(v)) g.warmth -= 0.6;
  if (/(vibrant|energetic|bold|fun|playful|bright|neon|pop)/.test(v)) g.saturation += 0.2;
  if (/(moody|dark|dramatic|mysterious|noir|cinematic|epic)/.test(v)) { g.contrast += 0.25; g.brightness -= 0.08; }
  if (/(dreamy|soft|pastel|gentle|nostalg|romantic|whims)/.test(v)) { g.contrast -= 0.12; g.saturation -= 0.08; g.brightness += 0.04; }
  if (/(vintage|retro|faded)/.test(v)) { g.saturation -= 0.15; g.warmth += 0.3; }
  return g;
}

/**
 * The final grade of a trend (its own look combined with the vibe): white balance, saturation
 * and exposure folded into one colour matrix, then the contrast curve and the vignette, all in
 * one pass over the pixels (libvips only for the optional sharpening).
 */
export async function finalGrade(img: Raw, look: VibeGrade, vibe: VibeGrade, vignette = 0, vignetteColour = '#000000', sharpen = false): Promise<Raw> {
  const warmth = look.warmth + vibe.warmth;
  const sat = look.saturation * vibe.saturation;
  const b = look.brightness * vibe.brightness;
  const m = multiply3(warmthMatrix(warmth), saturationMatrix(sat)).map((row) => row.map((v) => v * b)) as Parameters<typeof grade>[1]['recomb'];
  const c = look.contrast + vibe.contrast;
  const lut = Math.abs(c) > 0.01 ? curve(c, 0, 1) : null;
  if (sharpen) return curveAndVignette(await grade(img, { recomb: m, sharpen }), lut, vignette, vignetteColour);
  return recombCurveVignette(img, m!, lut, vignette, vignetteColour);
}

export interface Layer {
  img: Raw;
  left: number;
  top: number;
}

/**
 * Render SVG content given in frame coordinates, but only inside `box` (clipped to the frame):
 * small subjects cost small renders and small composites.
 */
export async function renderRegion(content: string, box: { x: number; y: number; w: number; h: number }, W: number, H: number, defs = '', scale = 1): Promise<Layer> {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(W, Math.ceil(box.x + box.w));
  const y1 = Math.min(H, Math.ceil(box.y + box.h));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs><g transform="translate(${-x0} ${-y0})">${content}</g></svg>`;
  if (scale >= 1) return { img: await renderSvg(svg), left: x0, top: y0 };
  // Large soft subjects: render smaller and scale up (alpha is premultiplied by libvips).
  const small = await toRaw(sharp(Buffer.from(svg), { density: 72 * scale }).ensureAlpha());
  return { img: await enlarge(small, w, h), left: x0, top: y0 };
}

/** The region a placed figure can paint into (hats, raised arms, props and tails included). */
export function figureBox(p: Placement): { x: number; y: number; w: number; h: number } {
  return { x: p.x - p.width * 0.3, y: p.y - p.height * 0.2, w: p.width * 1.6, h: p.height * 1.25 };
}

/** Render a placed figure (plus optional extra SVG inside its box) as a layer. */
export async function figureLayer(spec: FigureSpec, build: Build, shading: Shading, p: Placement, id: string, W: number, H: number, extra = '', scale = 1): Promise<Layer> {
  return renderRegion(figureGroup(spec, build, shading, p, id) + extra, stagedBox(spec, build, p), W, H, '', scale);
}
