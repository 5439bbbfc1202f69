/**
 * Magazine cover: a bold masthead behind the cover star's head, a headline and cover lines
 * written from the prompt, issue line, a sticker and a barcode; graded like a printed photo.
 */
import { backdrop, type BackgroundKind } from '../backgrounds.js';
import { figureFromPrompt } from '../figure.js';
import type { PromptInfo } from '../prompt.js';
import { blank, glows, grain, over, renderSvg, renderSvgSoft, type Raw } from '../raster.js';
import { figureLayer, finalGrade, place, renderRegion, vibeGrade } from '../scene.js';
import { personOver, placeScene, promptPlace } from '../cutout.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { darken, hsl, lighten, luminance, mix } from '../util/color.js';
import type { Rng } from '../util/rng.js';
import { fitSize, r, svgDoc, text, wrapText } from '../util/svg.js';

export const magazine: TrendRenderer = {
  slug: 'magazine-cover',
  name: 'Magazine Cover',
  aliases: ['magazine', 'cover', 'magazine-style', 'vogue', 'time-cover', 'fashion-magazine'],
  render: (ctx) => renderMagazine(ctx),
};

const MASTHEADS = ['ICON', 'VISTA', 'LUXE', 'MODE', 'AURA', 'ÉCLAT', 'FORGE', 'BLOOM', 'ALLURE', 'STYLE'];
const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

interface CoverStyle {
  bg: string;
  masthead: string;
  accent: string;
  ink: string;
}

function coverStyle(rng: Rng): CoverStyle {
  const hue = rng.pick([350, 20, 45, 190, 210, 280, 330, 160]);
  const bg = hsl(hue + rng.range(-8, 8), rng.range(0.55, 0.8), rng.range(0.55, 0.68));
  const mastheads = ['#ffffff', '#d6002a', '#111111', hsl(hue + 180, 0.8, 0.5)];
  const masthead = luminance(bg) > 0.6 ? rng.pick(['#d6002a', '#111111']) : rng.pick(mastheads);
  return { bg, masthead, accent: rng.pick(['#ffd23f', '#ff2d55', '#ffffff', '#00d1ff']), ink: luminance(bg) > 0.62 ? '#111111' : '#ffffff' };
}

async function renderMagazine(ctx: TrendContext): Promise<Raw> {
  const { W, H, rng, prompt } = ctx;
  const S = Math.min(W, H);
  const st = coverStyle(rng.fork('style'));
  const name = rng.fork('name').pick(MASTHEADS);

  // Photo backdrop: seamless colour with a soft studio light (or the chosen background).
  let img: Raw;
  if (ctx.photo) {
    // The cover star on studio paper (or in the place the prompt names), the photo's background gone.
    const paper = async (w: number, h: number) => glows(blank(w, h, darken(st.bg, 0.12)), [{ cx: w * 0.5, cy: h * 0.42, rx: w * 0.75, ry: h * 0.7, colour: lighten(st.bg, 0.3), opacity: 1, blend: 'over' }]);
    img = await personOver(ctx, W, H, ctx.background || promptPlace(ctx) ? placeScene(ctx, 'studio', { primary: st.bg, secondary: mix(st.bg, '#ffffff', 0.4) }, 0.008) : paper);
  } else if (ctx.background) {
    const bd = backdrop(ctx.background as BackgroundKind, W, H, rng.fork('backdrop'), { primary: st.bg, secondary: mix(st.bg, '#ffffff', 0.4) }, `${ctx.id}b`);
    img = await renderSvgSoft(svgDoc(W, H, bd.defs, bd.body), W, H, 0.5, S * 0.008);
  } else {
    // Seamless studio paper: a flat colour lit from the centre, edges fall off in the vignette.
    img = glows(blank(W, H, darken(st.bg, 0.12)), [{ cx: W * 0.5, cy: H * 0.42, rx: W * 0.75, ry: H * 0.7, colour: lighten(st.bg, 0.3), opacity: 1, blend: 'over' }]);
  }
  ctx.progress(20);

  // Masthead sits behind the cover star.
  const mh = mastheadSvg(W, H, name, st, ctx.photo !== undefined, !!ctx.options.bold_masthead);
  if (!ctx.photo) {
    const band = await renderRegion(mh.content, { x: 0, y: 0, w: W, h: mh.bottom }, W, H);
    img = await over(img, [{ img: band.img, left: band.left, top: band.top }]);
  }

  if (!ctx.photo) {
    const spec = figureFromPrompt(prompt, rng.fork('figure'), { primary: rng.pick(['#111111', '#f4f4f6', '#d6002a', '#1d2f6f', '#e6b422']), secondary: st.accent });
    if (spec.kind === 'person') spec.expression = 'smile';
    spec.pose = 'down';
    spec.tilt = rng.range(-6, 6);
    const figH = Math.min(H * 0.96, W * 1.0);
    const p = place('bust', W * rng.range(0.47, 0.55), H * 1.0, figH);
    const fig = await figureLayer(spec, 'bust', 'gloss', p, `${ctx.id}f`, W, H, '', 0.6);
    // Studio shadow behind the subject, then the subject.
    img = glows(img, [{ cx: p.x + p.width * 0.56, cy: H * 0.62, rx: p.width * 0.5, ry: H * 0.45, colour: '#000000', opacity: 0.22, blend: 'multiply' }]);
    img = await over(img, [{ img: fig.img, left: fig.left, top: fig.top }]);
  }
  ctx.progress(50, img);

  if (ctx.options.studio_lighting) {
    // Beauty dish key from the upper left, a rim from behind on the right, darker falloff.
    img = glows(img, [
      { cx: W * 0.3, cy: H * 0.3, rx: W * 0.55, ry: H * 0.5, colour: '#fff4e6', opacity: 0.45, blend: 'screen' },
      { cx: W * 0.95, cy: H * 0.35, rx: W * 0.3, ry: H * 0.6, colour: '#d8ecff', opacity: 0.5, blend: 'screen' },
      { cx: W * 0.5, cy: H * 1.05, rx: W * 0.9, ry: H * 0.35, colour: '#000000', opacity: 0.4, blend: 'multiply' },
    ]);
  }
  // Printed-photo grade: a crisp sharpening convolution, contrast curve, gentle warmth, film grain.
  img = await finalGrade(img, { warmth: 0.15, saturation: ctx.photo ? 1.08 : 1.12, contrast: 0.22, brightness: 1.0 }, vibeGrade(ctx.req.vibe), 0.2, '#000000', true);
  if (ctx.photo) img = grain(img, rng.fork('grain'), 0.1);
  ctx.progress(75);

  // Cover lines on top, crisp.
  const lines = coverLines(ctx, st, name, prompt, rng.fork('lines'));
  const layers: string[] = [];
  if (ctx.photo) layers.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${mh.content}</svg>`);
  layers.push(lines);
  // Rendered to RGBA and laid over in JS: only the text's own pixels are touched.
  return over(img, await Promise.all(layers.map(async (s) => ({ img: await renderSvg(s) }))));
}

/** The masthead as SVG content in frame coordinates, and the y below which it paints nothing. */
function mastheadSvg(W: number, H: number, name: string, st: CoverStyle, overPhoto: boolean, bold = false): { content: string; bottom: number } {
  const size = fitSize(name, 'serifBold', W * (bold ? 0.98 : 0.9), H * (bold ? 0.26 : 0.2), -0.02);
  if (bold) {
    // Heavy masthead: edge to edge, outlined, with a hard drop shadow.
    const y = H * 0.03 + size * 0.78;
    const o = { x: W / 2, y, size, face: 'serifBold' as const, anchor: 'middle' as const, letterSpacing: -size * 0.03 };
    return { content: text(name, { ...o, x: W / 2 + size * 0.04, y: y + size * 0.04, fill: '#000000', opacity: 0.6 }) + text(name, { ...o, fill: st.masthead, stroke: luminance(st.masthead) > 0.5 ? '#111111' : '#ffffff', strokeWidth: size * 0.035 }), bottom: y + size * 0.3 };
  }
  const y = H * 0.035 + size * 0.78;
  const shadow = overPhoto ? `<g opacity="0.35">${text(name, { x: W / 2 + size * 0.02, y: y + size * 0.02, size, face: 'serifBold', fill: '#000', anchor: 'middle', letterSpacing: -size * 0.02 })}</g>` : '';
  return { content: shadow + text(name, { x: W / 2, y, size, face: 'serifBold', fill: st.masthead, anchor: 'middle', letterSpacing: -size * 0.02 }), bottom: y + size * 0.3 };
}

function coverLines(ctx: TrendContext, st: CoverStyle, name: string, p: PromptInfo, rng: Rng): string {
  const { W, H } = ctx;
  const S = Math.min(W, H);
  const ink = ctx.photo ? '#ffffff' : st.ink;
  const out: string[] = [];
  // Cover text gets a faint halo in the opposite tone so it reads over any part of the picture.
  const halo = (content: string, o: Parameters<typeof text>[1]) =>
    text(content, { ...o, stroke: luminance(o.fill.slice(0, 7)) > 0.5 ? '#000000' : '#ffffff', strokeWidth: o.size * 0.07, extra: 'stroke-opacity="0.25"' });
  const mSize = fitSize(name, 'serifBold', W * 0.9, H * 0.2, -0.02);
  // Issue line above the masthead.
  const month = MONTHS[rng.int(0, 11)];
  const issue = `THE ${p.title.split(' ').pop()?.toUpperCase() ?? 'STYLE'} ISSUE · ${month} · No. ${rng.int(12, 240)}`;
  const iSize = Math.min(S * 0.018, fitSize(issue, 'sansBold', W * 0.8, S * 0.018));
  out.push(halo(issue, { x: W / 2, y: H * 0.03, size: iSize, face: 'sansBold', fill: ink, anchor: 'middle', letterSpacing: iSize * 0.25 }));

  // Main headline and deck bottom-left.
  const headline = p.title.toUpperCase();
  const hSize = fitSize(headline, 'sansBold', W * 0.6, S * 0.1);
  const deck = p.text.length > 0 ? p.text.charAt(0).toUpperCase() + p.text.slice(1) : 'The new face of the season';
  const dSize = S * 0.028;
  const deckLines = wrapText(deck, 'serif', dSize, W * 0.5, 2);
  const baseY = H * 0.95 - deckLines.length * dSize * 1.2;
  out.push(halo(headline, { x: W * 0.05, y: baseY - dSize * 0.5, size: hSize, face: 'sansBold', fill: st.accent === '#ffffff' && !ctx.photo && luminance(st.bg) > 0.6 ? '#111111' : st.accent, anchor: 'start' }));
  deckLines.forEach((l, i) => out.push(halo(l, { x: W * 0.05, y: baseY + dSize * (0.9 + i * 1.2), size: dSize, face: 'serif', fill: ink, anchor: 'start', italic: true })));

  // Left column cover lines built from the prompt's words.
  const kw = p.keywords.map((k) => k.toUpperCase());
  const pickKw = (i: number, fallback: string) => kw[i] ?? fallback;
  const templates: Array<[string, string]> = [
    [`${rng.int(5, 25)} WAYS`, `to live like a ${(p.keywords[p.keywords.length - 1] ?? 'star').toLowerCase()}`],
    [`${pickKw(1, 'BOLD')}`, 'is the new black'],
    ['INSIDE', `the world of ${p.title}`],
    [`${pickKw(2, 'GLOW')} SECRETS`, 'nobody tells you'],
    ['EXCLUSIVE', `${p.title}: the interview`],
  ];
  const chosen = rng.shuffle(templates).slice(0, 3);
  const colW = W * 0.28;
  let cy = H * 0.03 + mSize * 1.05 + S * 0.05;
  for (const [head, sub] of chosen) {
    const hs = Math.min(S * 0.042, fitSize(head, 'sansBold', colW, S * 0.042));
    out.push(halo(head, { x: W * 0.05, y: cy, size: hs, face: 'sansBold', fill: st.accent === '#ffffff' && luminance(st.bg) > 0.6 && !ctx.photo ? '#d6002a' : st.accent, anchor: 'start' }));
    const subLines = wrapText(sub, 'serif', S * 0.024, colW, 2);
    subLines.forEach((l, i) => out.push(halo(l, { x: W * 0.05, y: cy + hs * 0.4 + S * 0.028 * (i + 1), size: S * 0.024, face: 'serif', fill: ink, anchor: 'start' })));
    cy += hs + S * 0.028 * subLines.length + S * 0.045;
  }

  // Round sticker on the right.
  const sr = S * 0.075;
  const sx = W * 0.86;
  const sy = H * 0.42;
  const stickerWords = rng.pick([['NEW', 'LOOK'], ['100%', 'YOU'], ['SPECIAL', 'EDITION'], ['HOT', 'LIST']]);
  out.push(`<circle cx="${r(sx)}" cy="${r(sy)}" r="${r(sr)}" fill="${st.accent === '#ffffff' ? '#ff2d55' : st.accent}"/>`);
  const stInk = luminance(st.accent) > 0.6 ? '#111111' : '#ffffff';
  out.push(text(stickerWords[0], { x: sx, y: sy - sr * 0.05, size: fitSize(stickerWords[0], 'sansBold', sr * 1.5, sr * 0.5), face: 'sansBold', fill: stInk, anchor: 'middle' }));
  out.push(text(stickerWords[1], { x: sx, y: sy + sr * 0.42, size: fitSize(stickerWords[1], 'sansBold', sr * 1.4, sr * 0.34), face: 'sansBold', fill: stInk, anchor: 'middle' }));

  // Barcode and price in the bottom-right corner.
  const bw = S * 0.13;
  const bh = S * 0.07;
  const bx = W * 0.95 - bw;
  const by = H * 0.965 - bh;
  let bars = `<rect x="${r(bx - S * 0.008)}" y="${r(by - S * 0.008)}" width="${r(bw + S * 0.016)}" height="${r(bh + S * 0.03)}" fill="#ffffff"/>`;
  let x = bx;
  while (x < bx + bw) {
    const w = S * rng.pick([0.0015, 0.003, 0.0045]);
    bars += `<rect x="${r(x)}" y="${r(by)}" width="${r(w)}" height="${r(bh)}" fill="#111"/>`;
    x += w + S * rng.pick([0.0015, 0.003]);
  }
  bars += text(`$${rng.int(5, 12)}.99`, { x: bx + bw / 2, y: by + bh + S * 0.018, size: S * 0.016, face: 'sansBold', fill: '#111', anchor: 'middle' });
  if (ctx.options.barcode) out.push(bars);
  if (ctx.options.cover_lines) {
    // A second column of cover lines on the right, from the prompt's remaining words.
    const extra = [`${pickKw(3, 'STYLE')} NOW`, `THE ${(p.keywords[0] ?? 'NEW').toUpperCase()} EDIT`, `${rng.int(10, 99)} LOOKS WE LOVE`];
    let ry = H * 0.55;
    for (const line of extra) {
      const ls = Math.min(S * 0.036, fitSize(line, 'sansBold', W * 0.3, S * 0.036));
      out.push(halo(line, { x: W * 0.95, y: ry, size: ls, face: 'sansBold', fill: ink, anchor: 'end' }));
      out.push(`<rect x="${r(W * 0.95 - W * 0.12)}" y="${r(ry + ls * 0.35)}" width="${r(W * 0.12)}" height="${r(S * 0.005)}" fill="${st.accent === '#ffffff' ? '#ff2d55' : st.accent}"/>`);
      ry += ls * 2.1;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${out.join('')}</svg>`;
}
