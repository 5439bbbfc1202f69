/**
 * Collectible action figure in a blister pack: a backing card with a hang tab, the figure's name
 * in large letters from the prompt, a tagline, a moulded plastic bubble with glare, and 3–5
 * accessories named from the prompt's words in their own small compartments.
 */
import { backdrop, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import { hasIcon, icon } from '../icons.js';
import { thingSvg } from '../stage.js';
import { PROP_WORDS, type PromptInfo } from '../prompt.js';
import { blank, bloom, fromRaw, glows, over, overlaySvg, renderSvg, renderSvgSoft, smoothSurface, toRaw, type Raw } from '../raster.js';
import { figureGroup, finalGrade, pickPalette, place, vibeGrade, type Palette } from '../scene.js';
import { personOver, placeScene, promptPlace } from '../cutout.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { darken, lighten, luminance, mix, shiftHue } from '../util/color.js';
import type { Rng } from '../util/rng.js';
import { fitSize, linearGradient, r, radialGradient, svgDoc, text, textWidth, wrapText } from '../util/svg.js';

export const collectible: TrendRenderer = {
  slug: 'collectible',
  name: 'Collectible Box',
  aliases: ['action-figure', 'collectible-box', 'action-figure-box', 'toy-box', 'blister-pack', 'collectible-figure'],
  render: (ctx) => renderCollectible(ctx),
};

export interface Accessory {
  label: string;
  icon: string;
  /** The plan's drawing of it (stage.ts), in a 100×100 box; else the engine's `icon`. */
  svg?: string;
}

/** An accessory's drawing in a 100×100 box. */
export const accessorySvg = (a: Accessory, accent: string) => a.svg ?? icon(a.icon, accent, a.label);

const NOT_ACCESSORIES = /^(hair|haired|eyes|eyed|skin|red|orange|yellow|green|blue|purple|pink|black|white|brown|grey|gray|blonde|blond|long|short|curly|wearing|big|small|little|tiny|very)$/i;

const PADS: Accessory[] = [
  { label: 'Display stand', icon: 'star' },
  { label: 'Sticker sheet', icon: 'heart' },
  { label: 'Hero badge', icon: 'shield' },
  { label: 'Secret gem', icon: 'gem' },
];

/** 3 to `max` accessories: words the icon set can draw first, then other prompt words, then extras. */
export function accessoriesFor(p: PromptInfo, rng: Rng, max = 5, min = 3): Accessory[] {
  const out: Accessory[] = [];
  const used = new Set<string>();
  const add = (label: string, ic: string) => {
    const key = label.toLowerCase();
    if (used.has(key) || out.length >= max) return;
    used.add(key);
    out.push({ label, icon: ic });
  };
  // The prompt's own things first: its props, companions and a subject that is not a person.
  if (p.plan) {
    const things = [...p.plan.props, ...p.plan.subjects.filter((t) => t.kind !== 'person')];
    for (const t of things) {
      const key = t.word.toLowerCase();
      if (used.has(key) || out.length >= max) continue;
      used.add(key);
      out.push({ label: t.word, icon: '', svg: thingSvg(t, '#ffd23f') });
    }
  }
  for (const k of p.keywords) {
    const ic = PROP_WORDS[k.toLowerCase()] ?? (hasIcon(k.toLowerCase()) ? k.toLowerCase() : undefined);
    if (ic) add(k, ic);
  }
  const titleWords = new Set(p.title.toLowerCase().split(' '));
  // Describing words (colours, hair, eyes) make poor accessories.
  const usable = p.keywords.filter((k) => k.length <= 12 && !NOT_ACCESSORIES.test(k));
  for (const k of usable) if (!titleWords.has(k.toLowerCase())) add(k, 'badge');
  for (const k of usable) add(k, 'badge');
  for (const pad of rng.shuffle(PADS)) if (out.length < min) add(pad.label, pad.icon);
  return out;
}

interface BoxGeom {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Main window. */
  win: { x: number; y: number; w: number; h: number; rr: number };
  slots: Array<{ x: number; y: number; w: number; h: number }>;
  headerY: number;
  headerH: number;
}

function layout(W: number, H: number, n: number): BoxGeom {
  const h = H * 0.94;
  const w = Math.min(W * 0.92, h * 0.8);
  const x = (W - w) / 2;
  const y = (H - h) / 2 + H * 0.005;
  const headerY = y + h * 0.085;
  const tall = h / w > 1.45;
  const headerH = h * (tall ? 0.17 : 0.2);
  const top = headerY + headerH + h * 0.015;
  const bottom = y + h - w * 0.05;
  const pad = w * 0.05;
  const slots: BoxGeom['slots'] = [];
  let win: BoxGeom['win'];
  if (tall) {
    const rowH = Math.min(w * 0.26, (bottom - top) * 0.22);
    win = { x: x + pad, y: top, w: w - pad * 2, h: bottom - top - rowH - pad * 0.6, rr: w * 0.06 };
    const sw = (w - pad * 2 - (n - 1) * pad * 0.4) / n;
    for (let i = 0; i < n; i++) slots.push({ x: x + pad + i * (sw + pad * 0.4), y: bottom - rowH, w: sw, h: rowH });
  } else {
    const colW = w * 0.27;
    win = { x: x + pad, y: top, w: w - pad * 2.6 - colW, h: bottom - top, rr: w * 0.06 };
    const gap = pad * 0.35;
    const sh = (bottom - top - (n - 1) * gap) / n;
    for (let i = 0; i < n; i++) slots.push({ x: x + w - pad - colW, y: top + i * (sh + gap), w: colW, h: sh });
  }
  return { x, y, w, h, win, slots, headerY, headerH };
}

async function renderCollectible(ctx: TrendContext): Promise<Raw> {
  const { W, H, rng, prompt } = ctx;
  const pal = pickPalette(rng.fork('palette'));
  const card = rng.fork('card').pick(['#d62839', '#1f4fbf', '#f2a900', '#0f9d8a', '#6a2fbf', '#ef5b1f', '#1a1a2e']);
  const { options } = ctx;
  // The accessory pack fills five compartments; the basic card has three.
  const acc = options.accessory_pack ? accessoriesFor(prompt, rng.fork('acc'), 5, 5) : accessoriesFor(prompt, rng.fork('acc'), 3);
  // The blister is the default; toy_box_frame=false shows the figure on its card without it.
  const boxed = options.toy_box_frame !== false;
  const g = layout(W, H, acc.length);
  const S = Math.min(W, H);

  // 1. The shelf behind the pack, softly out of focus.
  const envKind: BackgroundKind = ctx.background ?? rng.fork('env').pick(['studio', 'gradient', 'studio', 'abstract'] as const);
  const bd = backdrop(envKind, W, H, rng.fork('backdrop'), pal, `${ctx.id}e`);
  let img = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), W, H, 0.25, S * 0.012);
  img = glows(img, [{ cx: W / 2, cy: g.y + g.h * 0.98, rx: g.w * 0.62, ry: S * 0.05, colour: '#000000', opacity: 0.55, blend: 'multiply' }]);
  ctx.progress(20);

  // 2–4. Backing card (name, tagline, window, compartments), the figure, then the plastic on top.
  // Without a photo all three are one SVG: one librsvg render, one composite.
  const cardSvg = cardLayer(ctx, g, card, pal, acc, prompt, rng.fork('cardart'));
  const plastic = boxed ? plasticLayer(ctx, g, rng.fork('plastic')) : { defs: '', body: '' };
  const { win } = g;
  if (ctx.photo) {
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, cardSvg.defs, cardSvg.body)) }]);
    ctx.progress(45);
    const iw = Math.round(win.w * 0.9);
    const ih = Math.round(win.h * 0.9);
    // The figure alone in the blister: the card's own colour behind it, or the place the prompt names.
    const back = async (w: number, h: number) => glows(blank(w, h, mix(pal.primary, '#ffffff', 0.55)), [{ cx: w / 2, cy: h * 0.4, rx: w * 0.7, ry: h * 0.6, colour: '#ffffff', opacity: 0.7, blend: 'over' }]);
    let ph = await personOver(ctx, iw, ih, promptPlace(ctx) ? placeScene(ctx, 'studio', pal) : back, 0.3);
    ph = await smoothSurface(ph, 3, 1);
    ph = await finalGrade(ph, { warmth: 0.2, saturation: 1.35, contrast: 0.15, brightness: 1.04 }, vibeGrade());
    const mask = `<svg xmlns="http://www.w3.org/2000/svg" width="${iw}" height="${ih}"><rect width="${iw}" height="${ih}" rx="${r(win.rr * 0.8)}" fill="#fff"/></svg>`;
    const rounded = await toRaw(fromRaw(ph).ensureAlpha().composite([{ input: Buffer.from(mask), blend: 'dest-in' }]));
    img = await over(img, [{ img: rounded, left: Math.round(win.x + (win.w - iw) / 2), top: Math.round(win.y + (win.h - ih) / 2) }]);
    ctx.progress(65, img);
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, plastic.defs, plastic.body)) }]);
  } else {
    const spec = figureFromPrompt(prompt, rng.fork('figure'), pal);
    const figH = Math.min(win.h * 0.84, win.w * 1.35);
    const foot = win.y + win.h * 0.93;
    const p = place('chibi', win.x + win.w / 2, foot, figH);
    const base = `<ellipse cx="${r(win.x + win.w / 2)}" cy="${r(foot + figH * 0.01)}" rx="${r(p.width * 0.42)}" ry="${r(figH * 0.035)}" fill="#ffffff" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.7" stroke-width="${r(S * 0.003)}"/>`;
    const figure = `<g clip-path="url(#${ctx.id}wclip)">${base}${figureGroup(spec, 'chibi', 'gloss', p, `${ctx.id}f`)}</g>`;
    const clip = `<clipPath id="${ctx.id}wclip"><rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.rr)}"/></clipPath>`;
    img = await over(img, [{ img: await renderSvg(svgDoc(W, H, cardSvg.defs + plastic.defs + clip, cardSvg.body + figure + plastic.body)) }]);
    ctx.progress(65, img);
  }
  if (options.glossy_plastic) {
    // Factory-fresh shine: bright specular streaks on the blister and a bloom over the highlights.
    const k = Math.min(W, H);
    img = glows(img, [
      { cx: g.win.x + g.win.w * 0.25, cy: g.win.y + g.win.h * 0.2, rx: g.win.w * 0.35, ry: g.win.h * 0.3, colour: '#ffffff', opacity: 0.55, blend: 'screen' },
      { cx: g.x + g.w * 0.85, cy: g.headerY + g.headerH * 0.5, rx: k * 0.2, ry: k * 0.12, colour: '#ffffff', opacity: 0.45, blend: 'screen' },
    ]);
    img = await bloom(img, 0.7, 0.5, 0.02);
  }
  img = await finalGrade(img, { warmth: 0.1, saturation: options.glossy_plastic ? 1.3 : 1.15, contrast: 0.1, brightness: 1.0 }, vibeGrade(ctx.req.vibe), 0.25);
  if (options.limited_edition) img = await overlaySvg(img, [svgDoc(W, H, '', limitedEdition(g, S))]);
  return img;
}

/** A gold foil "LIMITED EDITION" seal with a numbered run across the card's lower corner. */
function limitedEdition(g: BoxGeom, S: number): string {
  const cx = g.x + g.w * 0.16;
  const cy = g.win.y + g.win.h * 0.16;
  const R = S * 0.085;
  let o = `<defs>${linearGradient('leg', [[0, '#fff3b0'], [0.4, '#d9a93a'], [0.6, '#f6d77a'], [1, '#8a5a14']], 0, 0, 1, 1)}</defs>`;
  o += `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(R)}" fill="url(#leg)" stroke="#5a3a0a" stroke-width="${r(S * 0.004)}"/><circle cx="${r(cx)}" cy="${r(cy)}" r="${r(R * 0.82)}" fill="none" stroke="#5a3a0a" stroke-width="${r(S * 0.002)}" stroke-dasharray="${r(S * 0.006)} ${r(S * 0.004)}"/>`;
  o += text('LIMITED', { x: cx, y: cy - R * 0.12, size: R * 0.32, face: 'sansBold', fill: '#3a2406', anchor: 'middle' });
  o += text('EDITION', { x: cx, y: cy + R * 0.25, size: R * 0.3, face: 'sansBold', fill: '#3a2406', anchor: 'middle' });
  o += text('1 of 500', { x: cx, y: cy + R * 0.58, size: R * 0.2, face: 'sans', fill: '#3a2406', anchor: 'middle' });
  const by = g.y + g.h - S * 0.075;
  o += `<rect x="${r(g.x + g.w * 0.3)}" y="${r(by)}" width="${r(g.w * 0.4)}" height="${r(S * 0.04)}" rx="${r(S * 0.008)}" fill="url(#leg)" stroke="#5a3a0a" stroke-width="${r(S * 0.002)}"/>`;
  o += text("COLLECTOR'S EXCLUSIVE", { x: g.x + g.w / 2, y: by + S * 0.028, size: fitSize("COLLECTOR'S EXCLUSIVE", 'sansBold', g.w * 0.36, S * 0.022), face: 'sansBold', fill: '#3a2406', anchor: 'middle' });
  return o;
}

function cardLayer(ctx: TrendContext, g: BoxGeom, card: string, pal: Palette, acc: Accessory[], prompt: PromptInfo, rng: Rng): { defs: string; body: string } {
  const id = ctx.id;
  const { x, y, w, h, win } = g;
  const S = Math.min(ctx.W, ctx.H);
  const dark = luminance(card) < 0.45;
  const ink = '#1a1420';
  // The window's printed backdrop contrasts with the card: the opposite hue, kept light.
  const inner = shiftHue(card === '#1a1a2e' ? pal.secondary : card, 180, 0.8, 0.05);
  const defs = [
    linearGradient(`${id}card`, [[0, lighten(card, 0.12)], [0.5, card], [1, darken(card, 0.28)]], 0, 0, 1, 1),
    radialGradient(`${id}win`, [[0, lighten(inner, 0.6)], [0.7, lighten(inner, 0.2)], [1, darken(inner, 0.15)]], 0.5, 0.4, 0.75),
    linearGradient(`${id}slot`, [[0, '#ffffff'], [1, lighten(card, 0.6)]]),
    `<clipPath id="${id}cc"><rect x="${r(x)}" y="${r(g.headerY)}" width="${r(w)}" height="${r(h - (g.headerY - y))}" rx="${r(w * 0.035)}"/></clipPath>`,
  ].join('');
  let body = '';
  // Hang tab with the euro slot.
  const tabW = w * 0.42;
  body += `<path d="M${r(x + (w - tabW) / 2)},${r(g.headerY + 2)} L${r(x + (w - tabW) / 2 + w * 0.04)},${r(y)} L${r(x + (w + tabW) / 2 - w * 0.04)},${r(y)} L${r(x + (w + tabW) / 2)},${r(g.headerY + 2)}Z" fill="${darken(card, 0.1)}"/>`;
  body += `<rect x="${r(x + w / 2 - w * 0.07)}" y="${r(y + (g.headerY - y) * 0.35)}" width="${r(w * 0.14)}" height="${r((g.headerY - y) * 0.3)}" rx="${r((g.headerY - y) * 0.15)}" fill="#1a1420" opacity="0.85"/>`;
  // Card with a sunburst behind the window.
  body += `<rect x="${r(x)}" y="${r(g.headerY)}" width="${r(w)}" height="${r(h - (g.headerY - y))}" rx="${r(w * 0.035)}" fill="url(#${id}card)"/>`;
  const bx = win.x + win.w / 2;
  const by = win.y + win.h * 0.45;
  let rays = '';
  const n = 18;
  const R = Math.max(w, h);
  for (let i = 0; i < n; i++) {
    const a0 = (i / n) * Math.PI * 2 + rng.range(0, 0.05);
    const a1 = a0 + Math.PI / n;
    rays += `<path d="M${r(bx)},${r(by)} L${r(bx + Math.cos(a0) * R)},${r(by + Math.sin(a0) * R)} L${r(bx + Math.cos(a1) * R)},${r(by + Math.sin(a1) * R)}Z"/>`;
  }
  body += `<g clip-path="url(#${id}cc)" fill="#ffffff" opacity="0.12">${rays}</g>`;
  body += `<rect x="${r(x + w * 0.015)}" y="${r(g.headerY + w * 0.015)}" width="${r(w * 0.97)}" height="${r(h - (g.headerY - y) - w * 0.03)}" rx="${r(w * 0.03)}" fill="none" stroke="${dark ? '#ffd23f' : '#ffffff'}" stroke-width="${r(w * 0.008)}" opacity="0.9"/>`;

  // Header: series line, the name in big outlined letters, the tagline ribbon.
  const name = prompt.title.toUpperCase();
  const hx = x + w / 2;
  const series = `COLLECTOR SERIES · No. ${String(rng.int(1, 99)).padStart(2, '0')}`;
  const seriesSize = g.headerH * 0.12;
  body += text(series, { x: hx, y: g.headerY + g.headerH * 0.2, size: seriesSize, face: 'sansBold', fill: dark ? '#ffd23f' : '#ffffff', anchor: 'middle', letterSpacing: seriesSize * 0.18 });
  const nameSize = fitSize(name, 'sansBold', w * 0.86, g.headerH * 0.42, 0.02);
  const nameY = g.headerY + g.headerH * 0.2 + nameSize * 1.02;
  const nameFill = rng.pick(['#ffd23f', '#ffffff', '#7fe3ff']);
  body += text(name, { x: hx, y: nameY + nameSize * 0.06, size: nameSize, face: 'sansBold', fill: ink, anchor: 'middle', letterSpacing: nameSize * 0.02, stroke: ink, strokeWidth: nameSize * 0.22 });
  body += text(name, { x: hx, y: nameY, size: nameSize, face: 'sansBold', fill: nameFill, anchor: 'middle', letterSpacing: nameSize * 0.02, stroke: '#ffffff', strokeWidth: nameSize * 0.07 });
  const tagline = taglineFor(prompt);
  const tagSize = Math.min(g.headerH * 0.13, fitSize(tagline, 'sansBold', w * 0.72, g.headerH * 0.13));
  const tagW = textWidth(tagline, 'sansBold', tagSize) + tagSize * 2.2;
  const ty = nameY + g.headerH * 0.1;
  const ribbon = mix(pal.accent === '#ffffff' ? '#ffd23f' : pal.accent, card, 0.1);
  body += `<path d="M${r(hx - tagW / 2 - tagSize)},${r(ty)} h${r(tagW + tagSize * 2)} l${r(-tagSize * 0.6)},${r(tagSize * 0.8)} l${r(tagSize * 0.6)},${r(tagSize * 0.8)} h${r(-tagW - tagSize * 2)} l${r(tagSize * 0.6)},${r(-tagSize * 0.8)}Z" fill="${darken(ribbon, 0.3)}"/>`;
  body += `<rect x="${r(hx - tagW / 2)}" y="${r(ty - tagSize * 0.2)}" width="${r(tagW)}" height="${r(tagSize * 1.6)}" rx="${r(tagSize * 0.2)}" fill="${ribbon}"/>`;
  body += text(tagline, { x: hx, y: ty + tagSize * 0.95, size: tagSize, face: 'sansBold', fill: luminance(ribbon) > 0.55 ? ink : '#ffffff', anchor: 'middle' });

  // Window interior: printed diorama behind the figure.
  body += `<rect x="${r(win.x)}" y="${r(win.y)}" width="${r(win.w)}" height="${r(win.h)}" rx="${r(win.rr)}" fill="url(#${id}win)"/>`;
  body += `<ellipse cx="${r(win.x + win.w / 2)}" cy="${r(win.y + win.h * 0.93)}" rx="${r(win.w * 0.4)}" ry="${r(win.h * 0.05)}" fill="#000" opacity="0.18"/>`;
  for (let i = 0; i < 14; i++) {
    body += `<circle cx="${r(win.x + rng.range(0.06, 0.94) * win.w)}" cy="${r(win.y + rng.range(0.05, 0.6) * win.h)}" r="${r(S * rng.range(0.004, 0.01))}" fill="#ffffff" opacity="${r(rng.range(0.3, 0.7))}"/>`;
  }
  // Compartments with the accessories and their names.
  g.slots.forEach((s, i) => {
    const a = acc[i];
    body += `<rect x="${r(s.x)}" y="${r(s.y)}" width="${r(s.w)}" height="${r(s.h)}" rx="${r(Math.min(s.w, s.h) * 0.16)}" fill="url(#${id}slot)"/>`;
    const labelSize = Math.min(s.h * 0.15, fitSize(a.label.toUpperCase(), 'sansBold', s.w * 0.88, s.h * 0.15));
    const iconSize = Math.min(s.w * 0.62, (s.h - labelSize * 1.8) * 0.86);
    const ix = s.x + (s.w - iconSize) / 2;
    const iy = s.y + (s.h - labelSize * 1.6 - iconSize) / 2 + s.h * 0.02;
    body += `<g transform="translate(${r(ix)} ${r(iy)}) scale(${(iconSize / 100).toFixed(4)})">${accessorySvg(a, i % 2 === 0 ? pal.primary : pal.secondary)}</g>`;
    body += text(a.label.toUpperCase(), { x: s.x + s.w / 2, y: s.y + s.h - labelSize * 0.7, size: labelSize, face: 'sansBold', fill: ink, anchor: 'middle' });
  });
  return { defs, body };
}

function plasticLayer(ctx: TrendContext, g: BoxGeom, rng: Rng): { defs: string; body: string } {
  const id = ctx.id;
  const { win, x, y, w, h } = g;
  const S = Math.min(ctx.W, ctx.H);
  const defs = [
    linearGradient(`${id}gl`, [[0, '#ffffff', 0.0], [0.45, '#ffffff', 0.0], [0.5, '#ffffff', 0.55], [0.56, '#ffffff', 0.0], [0.7, '#ffffff', 0.0], [0.74, '#ffffff', 0.3], [0.78, '#ffffff', 0]], 0, 0, 1, 1),
    linearGradient(`${id}edge`, [[0, '#ffffff', 0.7], [0.12, '#ffffff', 0.1], [0.88, '#ffffff', 0.05], [1, '#ffffff', 0.45]], 0, 0, 1, 0),
  ].join('');
  let body = '';
  const bubble = (bx: number, by: number, bw: number, bh: number, rr: number, glare: boolean) => {
    let s = `<rect x="${r(bx)}" y="${r(by)}" width="${r(bw)}" height="${r(bh)}" rx="${r(rr)}" fill="#ffffff" fill-opacity="0.06"/>`;
    s += `<rect x="${r(bx)}" y="${r(by)}" width="${r(bw)}" height="${r(bh)}" rx="${r(rr)}" fill="url(#${id}edge)"/>`;
    if (glare) s += `<rect x="${r(bx)}" y="${r(by)}" width="${r(bw)}" height="${r(bh)}" rx="${r(rr)}" fill="url(#${id}gl)"/>`;
    s += `<rect x="${r(bx + S * 0.004)}" y="${r(by + S * 0.004)}" width="${r(bw - S * 0.008)}" height="${r(bh - S * 0.008)}" rx="${r(rr)}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${r(S * 0.005)}"/>`;
    s += `<rect x="${r(bx - S * 0.004)}" y="${r(by - S * 0.004)}" width="${r(bw + S * 0.008)}" height="${r(bh + S * 0.008)}" rx="${r(rr + S * 0.004)}" fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="${r(S * 0.004)}"/>`;
    s += `<path d="M${r(bx + rr * 0.6)},${r(by + S * 0.012)} H${r(bx + bw * 0.55)}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="${r(S * 0.006)}" stroke-linecap="round"/>`;
    s += `<path d="M${r(bx + S * 0.014)},${r(by + rr * 0.8)} V${r(by + bh * 0.6)}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${r(S * 0.008)}" stroke-linecap="round"/>`;
    return s;
  };
  body += bubble(win.x, win.y, win.w, win.h, win.rr, true);
  for (const s of g.slots) body += bubble(s.x, s.y, s.w, s.h, Math.min(s.w, s.h) * 0.16, false);
  // Starburst badge on the top corner.
  const bx = win.x + win.w - S * 0.02;
  const by = win.y + S * 0.03;
  const br = S * 0.068;
  let star = '';
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * Math.PI * 2;
    const rr = i % 2 === 0 ? br : br * 0.8;
    star += `${i === 0 ? 'M' : 'L'}${r(bx + Math.cos(a) * rr)},${r(by + Math.sin(a) * rr)} `;
  }
  const badgeWords = rng.pick([['NEW!', ''], ['LIMITED', 'EDITION'], ['SERIES', 'ONE'], ['WITH', 'ACCESSORIES']]);
  body += `<path d="${star}Z" fill="#ffd23f" stroke="#1a1420" stroke-width="${r(S * 0.003)}" transform="rotate(-12 ${r(bx)} ${r(by)})"/>`;
  const bs = fitSize(badgeWords[0], 'sansBold', br * 1.3, br * 0.42);
  body += `<g transform="rotate(-12 ${r(bx)} ${r(by)})">` + text(badgeWords[0], { x: bx, y: by + (badgeWords[1] ? 0 : bs * 0.35), size: bs, face: 'sansBold', fill: '#d62839', anchor: 'middle' }) +
    (badgeWords[1] ? text(badgeWords[1], { x: bx, y: by + bs * 0.95, size: fitSize(badgeWords[1], 'sansBold', br * 1.3, bs * 0.8), face: 'sansBold', fill: '#1a1420', anchor: 'middle' }) : '') + '</g>';
  // Age mark at the bottom corner.
  const as = Math.min(S * 0.018, w * 0.035);
  const aw = textWidth('AGES 4+', 'sansBold', as) + as;
  const ay = y + h - w * 0.045 + (w * 0.045 - as * 1.5) / 2;
  body += `<rect x="${r(x + w * 0.05)}" y="${r(ay)}" width="${r(aw)}" height="${r(as * 1.5)}" rx="${r(as * 0.3)}" fill="#ffffff" opacity="0.9"/>`;
  body += text('AGES 4+', { x: x + w * 0.05 + aw / 2, y: ay + as * 1.12, size: as, face: 'sansBold', fill: '#1a1420', anchor: 'middle' });
  return { defs, body };
}

function taglineFor(p: PromptInfo): string {
  const t = p.text.replace(/^(a|an|the|me as a|me as an|me as)\s+/i, '');
  const base = t.length > 0 ? t.charAt(0).toUpperCase() + t.slice(1) : 'Ready for adventure';
  const lines = wrapText(base, 'sansBold', 10, 300, 1);
  return lines[0] ?? base;
}
