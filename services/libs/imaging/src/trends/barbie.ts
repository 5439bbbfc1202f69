/**
 * Fashion-doll box: a hot-pink box with an arched header carrying a logo-like name from the
 * prompt, a cellophane window with the doll standing in a pink interior, printed side panels
 * and hanging accessories. Options: add_glitter, brighter_colors, toy_box_frame, shiny_blur.
 */
import { backdrop, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import type { PromptInfo } from '../prompt.js';
import { bloom, glows, over, renderSvg, renderSvgSoft, smoothSurface, type Raw } from '../raster.js';
import { figureGroup, finalGrade, place, vibeGrade } from '../scene.js';
import { personOver, placeScene, promptPlace } from '../cutout.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import type { Rng } from '../util/rng.js';
import { fitSize, linearGradient, r, radialGradient, svgDoc, text } from '../util/svg.js';
import { accessoriesFor, accessorySvg } from './collectible.js';

export const barbie: TrendRenderer = {
  slug: 'barbie',
  name: 'Barbie Doll',
  aliases: ['barbie-doll', 'doll', 'doll-box', 'fashion-doll', 'barbie-box', 'barbiecore'],
  render: (ctx) => renderBarbie(ctx),
};

const PINK = '#ff3ea5';
const HOT = '#e0157a';
const DEEP = '#a30d5b';

interface Geom {
  x: number;
  y: number;
  w: number;
  h: number;
  headerH: number;
  win: { x: number; y: number; w: number; h: number };
  depth: number;
}

function layout(W: number, H: number, frame: boolean): Geom {
  const h = H * 0.93;
  const w = Math.min(W * (frame ? 0.8 : 0.86), h * 0.66);
  const depth = frame ? w * 0.1 : 0;
  const x = (W - w - depth) / 2;
  const y = (H - h) / 2;
  const headerH = h * 0.2;
  const side = w * 0.1;
  const win = { x: x + side, y: y + headerH, w: w - side * 2, h: h - headerH - h * 0.11 };
  return { x, y, w, h, headerH, win, depth };
}

async function renderBarbie(ctx: TrendContext): Promise<Raw> {
  const { W, H, rng, prompt, options } = ctx;
  const S = Math.min(W, H);
  const frame = options.toy_box_frame !== false;
  const g = layout(W, H, frame);

  // Environment: pink dream set (or the chosen background), blurred.
  let env: Raw;
  if (ctx.background) {
    const bd = backdrop(ctx.background as BackgroundKind, W, H, rng.fork('backdrop'), { primary: PINK, secondary: '#ffb3d9' }, `${ctx.id}e`);
    env = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), W, H, 0.25, S * (options.shiny_blur ? 0.02 : 0.012));
  } else {
    const er = rng.fork('env');
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}bg)"/>`;
    for (let i = 0; i < 26; i++) body += `<circle cx="${r(er.range(0, W))}" cy="${r(er.range(0, H))}" r="${r(S * er.range(0.02, 0.07))}" fill="${er.pick(['#ffffff', '#ffd1ea', '#ff8cc6'])}" opacity="${r(er.range(0.25, 0.6))}"/>`;
    env = await renderSvgSoft(svgDoc(W, H, radialGradient(`${ctx.id}bg`, [[0, '#ffd6ec'], [0.6, '#ff9fd0'], [1, '#e0569e']], 0.5, 0.45, 0.8), body), W, H, 0.25, S * (options.shiny_blur ? 0.02 : 0.012));
  }
  let img = env;
  img = glows(img, [{ cx: W / 2, cy: g.y + g.h, rx: g.w * 0.7, ry: S * 0.05, colour: '#5a0a30', opacity: 0.5, blend: 'multiply' }]);
  ctx.progress(20);

  const box = boxLayer(ctx, g, prompt, rng.fork('box'));
  const film = filmLayer(ctx, g, rng.fork('film'));
  const { win } = g;
  if (ctx.photo) {
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, box.defs, box.body)) }]);
    ctx.progress(45);
    const iw = Math.round(win.w * 0.92);
    const ih = Math.round(win.h * 0.94);
    // The doll alone in the window: the box's pink back card, or the place the prompt names printed on it.
    const card = async (w: number, h: number) => renderSvgSoft(svgDoc(w, h, radialGradient(`${ctx.id}card`, [[0, '#ffe4f2'], [0.7, '#ff9fd0'], [1, '#e0569e']], 0.5, 0.4, 0.8), `<rect width="${w}" height="${h}" fill="url(#${ctx.id}card)"/>`), w, h, 0.5);
    let ph = await personOver(ctx, iw, ih, promptPlace(ctx) ? placeScene(ctx, 'studio', { primary: PINK, secondary: '#ffd1ea' }) : card, 0.3);
    ph = await smoothSurface(ph, 3, 1.2);
    ph = await finalGrade(ph, { warmth: 0.15, saturation: 1.3, contrast: 0.1, brightness: 1.06 }, vibeGrade());
    // A pink wash at the edges so the photo sits inside the box.
    ph = glows(ph, [{ cx: iw / 2, cy: ih / 2, rx: iw * 0.9, ry: ih * 0.9, colour: '#ff9fd0', opacity: 0.25, blend: 'screen' }]);
    img = await over(img, [{ img: ph, left: Math.round(win.x + (win.w - iw) / 2), top: Math.round(win.y + (win.h - ih) / 2) }]);
    ctx.progress(65, img);
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, film.defs, film.body)) }]);
  } else {
    const spec = figureFromPrompt(prompt, rng.fork('figure'), { primary: PINK, secondary: '#ffd23f' }, {
      outfit: prompt.colours[0] ?? rng.pick(['#ff3ea5', '#ff6fc1', '#e0157a', '#ff4f9a']),
      outfitAccent: '#ffffff',
    });
    if (spec.kind === 'person') {
      spec.feminine = prompt.feminine ?? true;
      if (!prompt.hairStyle) spec.hairStyle = 'long';
      if (!prompt.hairColour) spec.hair = rng.pick(['#f6d27a', '#f0c060', '#f6d27a', '#5a3823']);
      spec.pose = spec.pose === 'cheer' ? 'wave' : spec.pose;
      spec.expression = 'smile';
    }
    const build = spec.kind === 'person' && spec.feminine ? 'doll' : 'chibi';
    const figH = win.h * (build === 'doll' ? 0.9 : 0.78);
    const p = place(build, win.x + win.w / 2, win.y + win.h * 0.96, figH);
    const clip = `<clipPath id="${ctx.id}wclip"><rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.w * 0.04)}"/></clipPath>`;
    const figure = `<g clip-path="url(#${ctx.id}wclip)">${figureGroup(spec, build, 'gloss', p, `${ctx.id}f`)}</g>`;
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, box.defs + film.defs + clip, box.body + figure + film.body)) }]);
    ctx.progress(65, img);
  }
  if (options.shiny_blur) img = await bloom(img, 0.6, 0.6, 0.03);
  const look = { warmth: 0.05, saturation: options.brighter_colors ? 1.4 : 1.15, contrast: 0.08, brightness: options.brighter_colors ? 1.05 : 1.0 };
  return finalGrade(img, look, vibeGrade(ctx.req.vibe), 0.2, '#5a0a30');
}

function boxLayer(ctx: TrendContext, g: Geom, prompt: PromptInfo, rng: Rng): { defs: string; body: string } {
  const id = ctx.id;
  const { x, y, w, h, win, headerH, depth } = g;
  const S = Math.min(ctx.W, ctx.H);
  const defs = [
    linearGradient(`${id}box`, [[0, PINK], [0.5, HOT], [1, DEEP]], 0, 0, 1, 1),
    linearGradient(`${id}side`, [[0, DEEP], [1, '#6b0838']], 0, 0, 1, 0),
    radialGradient(`${id}in`, [[0, '#fff0f8'], [0.6, '#ffc4e4'], [1, '#ff8cc6']], 0.5, 0.35, 0.8),
  ].join('');
  let b = '';
  // Box side (depth) for the 3D toy-box frame.
  if (depth > 0) {
    b += `<path d="M${r(x + w)},${r(y + headerH * 0.25)} L${r(x + w + depth)},${r(y + headerH * 0.25 + depth * 0.6)} L${r(x + w + depth)},${r(y + h + depth * 0.3)} L${r(x + w)},${r(y + h)}Z" fill="url(#${id}side)"/>`;
  }
  // Body of the box with an arched header.
  const archTop = y;
  b += `<path d="M${r(x)},${r(y + headerH * 0.35)} Q${r(x + w / 2)},${r(archTop - headerH * 0.25)} ${r(x + w)},${r(y + headerH * 0.35)} L${r(x + w)},${r(y + h)} L${r(x)},${r(y + h)}Z" fill="url(#${id}box)"/>`;
  b += `<path d="M${r(x + w * 0.03)},${r(y + headerH * 0.37)} Q${r(x + w / 2)},${r(archTop - headerH * 0.17)} ${r(x + w * 0.97)},${r(y + headerH * 0.37)}" fill="none" stroke="#ffffff" stroke-width="${r(S * 0.006)}" opacity="0.85"/>`;
  // Window interior.
  b += `<rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.w * 0.04)}" fill="url(#${id}in)"/>`;
  for (let i = 0; i < 22; i++) {
    const cx = win.x + rng.range(0.05, 0.95) * win.w;
    const cy = win.y + rng.range(0.03, 0.8) * win.h;
    const rr = S * rng.range(0.008, 0.018);
    b += rng.chance(0.5)
      ? `<path d="M${r(cx)},${r(cy + rr)} C${r(cx - rr * 1.6)},${r(cy - rr * 0.2)} ${r(cx - rr * 0.6)},${r(cy - rr * 1.4)} ${r(cx)},${r(cy - rr * 0.5)} C${r(cx + rr * 0.6)},${r(cy - rr * 1.4)} ${r(cx + rr * 1.6)},${r(cy - rr * 0.2)} ${r(cx)},${r(cy + rr)}Z" fill="#ffffff" opacity="0.55"/>`
      : `<path d="M${r(cx)},${r(cy - rr)} L${r(cx + rr * 0.3)},${r(cy - rr * 0.3)} L${r(cx + rr)},${r(cy)} L${r(cx + rr * 0.3)},${r(cy + rr * 0.3)} L${r(cx)},${r(cy + rr)} L${r(cx - rr * 0.3)},${r(cy + rr * 0.3)} L${r(cx - rr)},${r(cy)} L${r(cx - rr * 0.3)},${r(cy - rr * 0.3)}Z" fill="#ffffff" opacity="0.7"/>`;
  }
  b += `<ellipse cx="${r(win.x + win.w / 2)}" cy="${r(win.y + win.h * 0.96)}" rx="${r(win.w * 0.35)}" ry="${r(win.h * 0.03)}" fill="#a30d5b" opacity="0.25"/>`;
  // Logo: the name in a slanted script-like serif with a swash.
  const name = logoName(prompt);
  const size = fitSize(name, 'serifBold', w * 0.8, headerH * 0.5);
  const ly = y + headerH * 0.62;
  const logo = `<g transform="translate(${r(x + w / 2)} ${r(ly)}) skewX(-12)">` +
    text(name, { x: 0, y: 0, size, face: 'serifBold', fill: '#ffffff', anchor: 'middle', stroke: DEEP, strokeWidth: size * 0.14, italic: true }) +
    text(name, { x: 0, y: 0, size, face: 'serifBold', fill: '#ffffff', anchor: 'middle', italic: true }) + '</g>';
  b += logo;
  const sw = Math.min(w * 0.7, size * name.length * 0.5);
  b += `<path d="M${r(x + w / 2 - sw / 2)},${r(ly + size * 0.22)} Q${r(x + w / 2)},${r(ly + size * 0.5)} ${r(x + w / 2 + sw / 2)},${r(ly + size * 0.12)}" fill="none" stroke="#ffffff" stroke-width="${r(size * 0.06)}" stroke-linecap="round"/>`;
  const sub = rng.pick(['FASHION DOLL', 'DREAM EDITION', 'STYLE ICON', 'COLLECTOR DOLL']);
  const subSize = headerH * 0.11;
  b += text(sub, { x: x + w / 2, y: y + headerH * 0.93, size: subSize, face: 'sansBold', fill: '#ffe3f2', anchor: 'middle', letterSpacing: subSize * 0.3 });
  // Side panels: vertical tagline on the left, hanging accessories on the right.
  const side = win.x - x;
  const vt = prompt.text.length > 0 ? prompt.text.toUpperCase() : 'YOU CAN BE ANYTHING';
  const vs = Math.min(side * 0.42, fitSize(vt, 'sansBold', win.h * 0.9, side * 0.42));
  b += `<g transform="translate(${r(x + side * 0.62)} ${r(win.y + win.h / 2)}) rotate(-90)">${text(vt, { x: 0, y: 0, size: vs, face: 'sansBold', fill: '#ffffff', anchor: 'middle', letterSpacing: vs * 0.1 })}</g>`;
  const acc = accessoriesFor(prompt, rng, 3).slice(0, 3);
  acc.forEach((a, i) => {
    const s = side * 1.0;
    const ax = win.x + win.w + (side - s) / 2 + side * 0.04;
    const ay = win.y + win.h * (0.12 + i * 0.28);
    b += `<circle cx="${r(ax + s / 2)}" cy="${r(ay + s / 2)}" r="${r(s * 0.55)}" fill="#ffffff" opacity="0.9"/>`;
    b += `<g transform="translate(${r(ax + s * 0.1)} ${r(ay + s * 0.1)}) scale(${((s * 0.8) / 100).toFixed(4)})">${accessorySvg(a, i === 1 ? '#ffd23f' : PINK)}</g>`;
  });
  // Bottom band with the prompt line.
  const band = y + h - h * 0.095;
  b += `<rect x="${r(x)}" y="${r(band)}" width="${r(w)}" height="${r(h * 0.095)}" fill="${DEEP}" opacity="0.55"/>`;
  const bottomLine = `${name.toUpperCase()} · ${rng.pick(['DOLL & ACCESSORIES', 'INCLUDES ACCESSORIES', 'DREAM COLLECTION'])}`;
  const bs = Math.min(h * 0.035, fitSize(bottomLine, 'sansBold', w * 0.86, h * 0.035));
  b += text(bottomLine, { x: x + w / 2, y: band + h * 0.06, size: bs, face: 'sansBold', fill: '#ffffff', anchor: 'middle', letterSpacing: bs * 0.08 });
  return { defs, body: b };
}

function filmLayer(ctx: TrendContext, g: Geom, rng: Rng): { defs: string; body: string } {
  const id = ctx.id;
  const { win } = g;
  const S = Math.min(ctx.W, ctx.H);
  const defs = linearGradient(`${id}film`, [[0, '#ffffff', 0], [0.32, '#ffffff', 0], [0.36, '#ffffff', 0.45], [0.42, '#ffffff', 0], [0.62, '#ffffff', 0], [0.65, '#ffffff', 0.25], [0.69, '#ffffff', 0]], 0, 0, 1, 0.6);
  let b = `<rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.w * 0.04)}" fill="url(#${id}film)"/>`;
  b += `<rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.w * 0.04)}" fill="none" stroke="#ffffff" stroke-width="${r(S * 0.008)}"/>`;
  b += `<rect x="${r(win.x - S * 0.008)}" y="${r(win.y - S * 0.008)}" width="${r(win.w + S * 0.016)}" height="${r(win.h + S * 0.016)}" rx="${r(win.w * 0.05)}" fill="none" stroke="${DEEP}" stroke-width="${r(S * 0.006)}"/>`;
  if (ctx.options.add_glitter) {
    for (let i = 0; i < 90; i++) {
      const cx = rng.range(0, ctx.W);
      const cy = rng.range(0, ctx.H);
      const rr = S * rng.range(0.002, 0.009);
      const c = rng.pick(['#ffffff', '#ffe0f2', '#fff3b0', '#ffc2e6']);
      b += `<path d="M${r(cx)},${r(cy - rr * 2)} L${r(cx + rr * 0.4)},${r(cy - rr * 0.4)} L${r(cx + rr * 2)},${r(cy)} L${r(cx + rr * 0.4)},${r(cy + rr * 0.4)} L${r(cx)},${r(cy + rr * 2)} L${r(cx - rr * 0.4)},${r(cy + rr * 0.4)} L${r(cx - rr * 2)},${r(cy)} L${r(cx - rr * 0.4)},${r(cy - rr * 0.4)}Z" fill="${c}" opacity="${r(rng.range(0.6, 1))}"/>`;
    }
  }
  return { defs, body: b };
}

/** A short logo name: the title's main word(s), Title Case, at most ~14 letters. */
function logoName(p: PromptInfo): string {
  const words = p.title.split(' ');
  let name = words.join(' ');
  if (name.length > 14) name = words[words.length - 1];
  return name;
}
