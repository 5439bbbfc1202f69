/**
 * 3D Figurine: the subject as a 1/7-scale collectible on a round clear acrylic base, standing on
 * a desk beside its printed box and a monitor showing the figure being modelled. With a photo the
 * figure is the member cut out (their matte) with a moulded-PVC finish; without one, the drawn
 * character of the prompt. The figure is rendered once and reused on the box art and the screen.
 */
import { figureFromPrompt } from '../figure.js';
import { over, renderSvg, renderSvgSoft, smoothSurface, type Raw } from '../raster.js';
import { figureLayer, finalGrade, pickPalette, place, vibeGrade } from '../scene.js';
import type { TrendContext, TrendRenderer } from '../types.js';
import { darken, lighten, mix } from '../util/color.js';
import { fitSize, linearGradient, r, radialGradient, svgDoc, text } from '../util/svg.js';

export const figurine: TrendRenderer = {
  slug: '3d-figurine',
  name: '3D Figurine',
  aliases: ['figurine', '3d-figure', 'collectible-figurine', 'figure-on-desk'],
  render: (ctx) => renderFigurine(ctx),
};

/** A layer's pixels recoloured as the modelling program's grey clay preview (alpha kept). */
function clayPreview(img: Raw): Raw {
  const out = Buffer.from(img.data);
  for (let i = 0; i < out.length; i += 4) {
    const l = 0.3 * out[i] + 0.59 * out[i + 1] + 0.11 * out[i + 2];
    const v = Math.round(90 + l * 0.55);
    out[i] = v;
    out[i + 1] = v;
    out[i + 2] = Math.min(255, v + 8);
  }
  return { ...img, data: out };
}

/** The figure alone (RGBA, w×h): the member cut out with a moulded-plastic finish, or the drawn character. */
async function figureImage(ctx: TrendContext, w: number, h: number): Promise<Raw> {
  const person = ctx.photo ? await ctx.photo.cutout(w, h, 0.3) : undefined;
  if (person) return pvc(ctx, bustCut(person));
  if (ctx.photo) {
    // A photo without a matte: its framed crop as a printed card on the base.
    const crop = await ctx.photo.crop(w, h, 0.3);
    const out = Buffer.alloc(w * h * 4, 255);
    for (let i = 0; i < w * h; i++) for (let c = 0; c < 3; c++) out[i * 4 + c] = crop.data[i * 3 + c];
    return { data: out, width: w, height: h, channels: 4 };
  }
  const pal = pickPalette(ctx.rng.fork('palette'));
  const spec = figureFromPrompt(ctx.prompt, ctx.rng.fork('figure'), pal);
  const p = place('chibi', w / 2, h * 0.99, h * 0.95);
  const layer = await figureLayer(spec, 'chibi', 'gloss', p, `${ctx.id}f`, w, h);
  return pvc(ctx, await over({ data: Buffer.alloc(w * h * 4), width: w, height: h, channels: 4 }, [{ img: layer.img, left: layer.left, top: layer.top }]));
}

/**
 * A photo's person ends where the photo does (a straight cut across the body): sculpted as a bust
 * instead, its lower part rounded off (an ellipse's lower half) so it stands on the base as a
 * moulded piece, not a picture clipped at its frame.
 */
function bustCut(fig: Raw): Raw {
  const { width: w, height: h } = fig;
  const out = Buffer.from(fig.data);
  const cx = w / 2, cy = h * 0.6, rx = w * 0.48, ry = h * 0.395;
  const soft = Math.max(1.5, w * 0.006);
  for (let y = Math.ceil(cy); y < h; y++) {
    const dy = (y - cy) / ry;
    const half = dy >= 1 ? 0 : rx * Math.sqrt(1 - dy * dy);
    for (let x = 0; x < w; x++) {
      const edge = half - Math.abs(x - cx);
      const k = edge >= soft ? 1 : edge <= 0 ? 0 : edge / soft;
      if (k < 1) out[(y * w + x) * 4 + 3] = Math.round(out[(y * w + x) * 4 + 3] * k);
    }
  }
  return { ...fig, data: out };
}

/** Moulded, painted PVC (the pvc_finish option): surfaces smoothed flat, colours richer, edges and alpha kept. */
async function pvc(ctx: TrendContext, fig: Raw): Promise<Raw> {
  if (ctx.options.pvc_finish === false) return fig;
  const { width: w, height: h } = fig;
  const rgb = await smoothSurface({ data: stripAlpha(fig), width: w, height: h, channels: 3 }, 3, 0.8);
  const graded = await finalGrade(rgb, { warmth: 0.15, saturation: 1.3, contrast: 0.14, brightness: 1.05 }, vibeGrade());
  const out = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    out[i * 4] = graded.data[i * 3];
    out[i * 4 + 1] = graded.data[i * 3 + 1];
    out[i * 4 + 2] = graded.data[i * 3 + 2];
    out[i * 4 + 3] = fig.data[i * 4 + 3];
  }
  return { data: out, width: w, height: h, channels: 4 };
}

function stripAlpha(img: Raw): Buffer {
  const out = Buffer.alloc(img.width * img.height * 3);
  for (let i = 0; i < img.width * img.height; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = img.data[i * 4 + c];
  return out;
}

/** A smaller copy of an RGBA layer. */
async function scaled(img: Raw, w: number, h: number): Promise<Raw> {
  const sharp = (await import('sharp')).default;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).resize(w, h, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 4 };
}

async function renderFigurine(ctx: TrendContext): Promise<Raw> {
  const { W, H, rng } = ctx;
  const S = Math.min(W, H);
  const accent = ctx.prompt.colours[0] ?? rng.fork('accent').pick(['#e4572e', '#2e86de', '#8e44ad', '#16a085', '#f39c12']);
  const deskY = H * 0.66;
  const name = (ctx.prompt.keywords.slice(0, 2).join(' ') || 'Collector').toUpperCase();

  // The room: a soft wall, a window's daylight, the wooden desk.
  let defs = linearGradient(`${ctx.id}wall`, [[0, '#e9e4dc'], [1, '#c9c1b4']]) + linearGradient(`${ctx.id}desk`, [[0, '#b07a4a'], [1, '#6e4526']]);
  defs += radialGradient(`${ctx.id}sun`, [[0, '#fff6e0', 0.9], [1, '#fff6e0', 0]], 0.5, 0.5, 0.5);
  let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}wall)"/><ellipse cx="${r(W * 0.2)}" cy="${r(H * 0.2)}" rx="${r(W * 0.5)}" ry="${r(H * 0.4)}" fill="url(#${ctx.id}sun)"/>`;
  body += `<rect x="0" y="${r(deskY)}" width="${W}" height="${r(H - deskY)}" fill="url(#${ctx.id}desk)"/>`;
  for (let i = 0; i < 7; i++) body += `<path d="M0,${r(deskY + (H - deskY) * (0.12 + i * 0.13))} q${r(W * 0.5)},${r(S * 0.01 * (i % 2 ? 1 : -1))} ${W},0" stroke="#5a3519" stroke-width="${r(S * 0.002)}" fill="none" opacity="0.35"/>`;
  body += `<rect x="0" y="${r(deskY)}" width="${W}" height="${r(S * 0.006)}" fill="#d39a62" opacity="0.8"/>`;

  const on = (flag: string) => ctx.options[flag] !== false;
  const showScreen = on('modelling_screen');
  const showBox = on('printed_box');
  const showBase = on('acrylic_base');
  let back = '';
  // The monitor (right, behind): a 3D modelling program's viewport.
  const mon = { x: W * 0.52, y: H * 0.12, w: W * 0.44, h: H * 0.34 };
  const screen = { x: mon.x + S * 0.012, y: mon.y + S * 0.012, w: mon.w - S * 0.024, h: mon.h - S * 0.024 };
  back += `<rect x="${r(mon.x + mon.w / 2 - S * 0.02)}" y="${r(mon.y + mon.h)}" width="${r(S * 0.04)}" height="${r(deskY - mon.y - mon.h + S * 0.01)}" fill="#2b2b30"/>`;
  back += `<rect x="${r(mon.x + mon.w / 2 - S * 0.09)}" y="${r(deskY - S * 0.012)}" width="${r(S * 0.18)}" height="${r(S * 0.018)}" rx="${r(S * 0.006)}" fill="#232327"/>`;
  back += `<rect x="${r(mon.x)}" y="${r(mon.y)}" width="${r(mon.w)}" height="${r(mon.h)}" rx="${r(S * 0.01)}" fill="#1b1b1f"/>`;
  back += `<rect x="${r(screen.x)}" y="${r(screen.y)}" width="${r(screen.w)}" height="${r(screen.h)}" fill="#2f3440"/>`;
  // Tool panels and the viewport grid.
  back += `<rect x="${r(screen.x)}" y="${r(screen.y)}" width="${r(screen.w)}" height="${r(screen.h * 0.07)}" fill="#454b59"/>`;
  back += `<rect x="${r(screen.x)}" y="${r(screen.y + screen.h * 0.07)}" width="${r(screen.w * 0.12)}" height="${r(screen.h * 0.93)}" fill="#3a3f4b"/>`;
  for (let i = 0; i < 6; i++) back += `<rect x="${r(screen.x + screen.w * 0.025)}" y="${r(screen.y + screen.h * (0.12 + i * 0.12))}" width="${r(screen.w * 0.07)}" height="${r(screen.h * 0.08)}" rx="2" fill="#596173"/>`;
  const vx = screen.x + screen.w * 0.12;
  defs += `<clipPath id="${ctx.id}vp"><rect x="${r(vx)}" y="${r(screen.y)}" width="${r(screen.x + screen.w - vx)}" height="${r(screen.h)}"/></clipPath>`;
  back += `<g clip-path="url(#${ctx.id}vp)">`;
  for (let i = 1; i < 12; i++) back += `<line x1="${r(vx + (screen.w * 0.88 * i) / 12)}" y1="${r(screen.y + screen.h * 0.55)}" x2="${r(vx + screen.w * 0.44 + (i - 6) * screen.w * 0.12)}" y2="${r(screen.y + screen.h)}" stroke="#4a5366" stroke-width="1"/>`;
  for (let i = 0; i < 5; i++) back += `<line x1="${r(vx)}" y1="${r(screen.y + screen.h * (0.6 + i * 0.1))}" x2="${r(screen.x + screen.w)}" y2="${r(screen.y + screen.h * (0.6 + i * 0.1))}" stroke="#4a5366" stroke-width="1"/>`;
  back += '</g>';
  back += text('Sculpt · Figure_v7', { x: screen.x + screen.w * 0.14, y: screen.y + screen.h * 0.052, size: screen.h * 0.045, face: 'sans', fill: '#d7dce6', anchor: 'start' });

  if (showScreen) body += back;
  back = '';
  // The printed box (left, behind): the figure's box art, its name and the scale.
  // Box proportions whatever the frame (a tall frame once made a tower of it, its text cut at the edge).
  const boxH = Math.min(H * 0.47, W * 0.3 * 1.6);
  const box = { x: W * 0.05, y: H * 0.67 - boxH, w: W * 0.3, h: boxH };
  const side = box.w * 0.16;
  defs += linearGradient(`${ctx.id}box`, [[0, lighten(accent, 0.25)], [1, darken(accent, 0.25)]]);
  back += `<polygon points="${r(box.x + box.w)},${r(box.y)} ${r(box.x + box.w + side)},${r(box.y + side * 0.5)} ${r(box.x + box.w + side)},${r(box.y + box.h - side * 0.2)} ${r(box.x + box.w)},${r(box.y + box.h)}" fill="${darken(accent, 0.4)}"/>`;
  back += `<rect x="${r(box.x)}" y="${r(box.y)}" width="${r(box.w)}" height="${r(box.h)}" fill="url(#${ctx.id}box)"/>`;
  back += `<rect x="${r(box.x + box.w * 0.08)}" y="${r(box.y + box.h * 0.2)}" width="${r(box.w * 0.84)}" height="${r(box.h * 0.6)}" fill="${mix(accent, '#ffffff', 0.75)}"/>`;
  const nameSize = fitSize(name, 'sansBold', box.w * 0.84, box.h * 0.08);
  back += text(name, { x: box.x + box.w / 2, y: box.y + box.h * 0.13, size: nameSize, face: 'sansBold', fill: '#ffffff', anchor: 'middle' });
  back += text('1/7 SCALE FIGURE', { x: box.x + box.w / 2, y: box.y + box.h * 0.9, size: fitSize('1/7 SCALE FIGURE', 'sansBold', box.w * 0.84, box.h * 0.045), face: 'sansBold', fill: '#ffffff', anchor: 'middle' });
  back += `<rect x="${r(box.x)}" y="${r(box.y + box.h * 0.94)}" width="${r(box.w)}" height="${r(box.h * 0.06)}" fill="#111" opacity="0.55"/>`;
  if (showBox) body += back;
  // The figure's shadow on the desk, under the base.
  const baseC = { x: W * 0.5, y: H * 0.86, rx: S * 0.2, ry: S * 0.05 };
  body += `<ellipse cx="${r(baseC.x + S * 0.02)}" cy="${r(baseC.y + S * 0.03)}" rx="${r(baseC.rx * 1.08)}" ry="${r(baseC.ry * 1.2)}" fill="#2a160a" opacity="0.45"/>`;
  let img = await renderSvgSoft(svgDoc(W, H, defs, body), W, H, 1, 0);
  ctx.progress(30);

  // The figure, once; reused on the screen (grey clay) and the box art (smaller).
  const fw = Math.round(S * 0.4);
  const fh = Math.round(S * 0.56);
  const fig = await figureImage(ctx, fw, fh);
  ctx.progress(55);
  const sw = Math.round(screen.h * 0.9 * (fw / fh));
  const sh = Math.round(screen.h * 0.9);
  const bw = Math.round(box.h * 0.58 * (fw / fh));
  const bh = Math.round(box.h * 0.58);
  const copies = [];
  if (showScreen) copies.push({ img: clayPreview(await scaled(fig, sw, sh)), left: Math.round(vx + (screen.x + screen.w - vx) / 2 - sw / 2), top: Math.round(screen.y + screen.h - sh) });
  if (showBox) copies.push({ img: await scaled(fig, bw, bh), left: Math.round(box.x + box.w / 2 - bw / 2), top: Math.round(box.y + box.h * 0.8 - bh) });
  if (copies.length > 0) img = await over(img, copies);

  // The clear acrylic base: a thick disc, the figure standing on its top face, glare on the rim.
  const thick = S * 0.035;
  const baseBack = `<ellipse cx="${r(baseC.x)}" cy="${r(baseC.y + thick)}" rx="${r(baseC.rx)}" ry="${r(baseC.ry)}" fill="#e8f4ff" fill-opacity="0.25" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${r(S * 0.003)}"/>`
    + `<rect x="${r(baseC.x - baseC.rx)}" y="${r(baseC.y)}" width="${r(baseC.rx * 2)}" height="${r(thick)}" fill="#dff0ff" fill-opacity="0.22"/>`
    + `<ellipse cx="${r(baseC.x)}" cy="${r(baseC.y)}" rx="${r(baseC.rx)}" ry="${r(baseC.ry)}" fill="#f4fbff" fill-opacity="0.35" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${r(S * 0.003)}"/>`;
  const glare = `<path d="M${r(baseC.x - baseC.rx * 0.9)},${r(baseC.y + thick * 0.5)} l0,${r(thick * 0.8)}" stroke="#ffffff" stroke-width="${r(S * 0.006)}" opacity="0.8"/>`
    + `<path d="M${r(baseC.x + baseC.rx * 0.55)},${r(baseC.y + baseC.ry * 0.75)} q${r(baseC.rx * 0.25)},${r(-baseC.ry * 0.2)} ${r(baseC.rx * 0.4)},${r(-baseC.ry * 0.9)}" stroke="#ffffff" stroke-width="${r(S * 0.004)}" fill="none" opacity="0.75"/>`;
  if (showBase) img = await over(img, [{ img: await renderSvg(svgDoc(W, H, '', baseBack)) }]);
  img = await over(img, [{ img: fig, left: Math.round(baseC.x - fw / 2), top: Math.round(baseC.y + baseC.ry * 0.2 - fh + (showBase ? 0 : thick)) }]);
  if (showBase) img = await over(img, [{ img: await renderSvg(svgDoc(W, H, '', glare)) }]);
  ctx.progress(80, img);
  return finalGrade(img, { warmth: 0.12, saturation: 1.08, contrast: 0.1, brightness: 1.02 }, vibeGrade(ctx.req.vibe), 0.18);
}
