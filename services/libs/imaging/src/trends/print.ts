/**
 * Printed looks: the modern comic panel (flat colours, XDoG inks, halftone, bubbles), the
 * vintage comic (four-ink Ben-Day print on aged newsprint, off-register) and pixel art (palette
 * snapping with ordered dithering, CRT scanlines, an 8-bit HUD).
 */
import { celShade, CMY, halftone, inkMask, keepFace, pixelate, rgb, rgbSplit, scanlines, thicken, xdogMask } from '../effects.js';
import { inkOutline } from '../cutout.js';
import { enlarge, fromRaw, glows, luma, over, paperTexture, posterise, shrink, smoothSurface, toRaw, type Raw } from '../raster.js';
import sharp from 'sharp';
import { finalGrade, vibeGrade } from '../scene.js';
import type { TrendContext } from '../types.js';
import { fitSize, r, svgDoc, text, textWidth } from '../util/svg.js';
import { burst, radialLines, speechBubble, textBox } from './decor.js';
import { styledTrend, type StyleInput } from './styled.js';

const S_ = (ctx: TrendContext) => Math.min(ctx.W, ctx.H);
const scaleBox = (b: { left: number; top: number; width: number; height: number }, k: number) => ({ left: b.left * k, top: b.top * k, width: b.width * k, height: b.height * k });

/** Where the subject's head is, for bubbles and lines. */
function headAt(ctx: TrendContext, s: StyleInput): { x: number; y: number; w: number } {
  if (s.face) return { x: s.face.box.left + s.face.box.width / 2, y: s.face.box.top + s.face.box.height * 0.4, w: s.face.box.width };
  return { x: ctx.W / 2, y: ctx.H * 0.4, w: S_(ctx) * 0.3 };
}

function exclaim(ctx: TrendContext): string {
  const p = ctx.prompt;
  const words = p.keywords.slice(0, 4).join(' ');
  return words.length > 0 ? `${words}!` : `${p.title}!`;
}

export const comic = styledTrend({
  slug: 'comic',
  name: 'Comic',
  aliases: ['comic-book', 'comics', 'comic-style', 'superhero-comic', 'marvel'],
  backgrounds: ['city', 'abstract', 'studio', 'futuristic'],
  faceFraction: 0.3,
  // The cut-out person outlined in ink, as a comic's figures are.
  person: (ctx, layer) => inkOutline(layer, Math.min(layer.width, layer.height) * 0.005, [16, 16, 16]),
  async stylize(ctx, img0, s) {
    const { options } = ctx;
    const S = S_(ctx);
    const look = { warmth: 0.05, saturation: 1.45, contrast: 0.25, brightness: 1.03 };
    // Photos are smoothed and graded at half size (the grade is per pixel), enlarged once for the
    // full-size inks; their flat colour is posterised from the half-size copy.
    const small = s.photo ? await finalGrade(await smoothSurface(await shrink(img0, 2), 3, 0.5), look, vibeGrade(ctx.req.vibe)) : undefined;
    let img = small ? await enlarge(small, ctx.W, ctx.H) : await finalGrade(img0, look, vibeGrade(ctx.req.vibe));
    // Ink lines come from the smoothed picture, before flat colour removes the detail they follow.
    // Brush inks: every line a little thickened (thin XDoG lines read as a filter's edges), bolder with bold_inks.
    const lines = await thicken(await xdogMask(img, S * (options.bold_inks ? 0.0028 : 0.0018), 2.5, 5), S * (options.bold_inks ? 0.0016 : 0.0008));
    img = small ? await posterise(small, 9, 1, 0, { width: ctx.W, height: ctx.H }) : await posterise(img, 9, 2);
    // The ink lines are printed over the dots in the halftone's own pass.
    const ink = { mask: lines, colour: '#101010' };
    if (options.halftone_dots) {
      img = halftone(img, S / 95, [
        { colour: '#00a0e0', angle: 15, cover: (r) => CMY.c(r) * 0.9 },
        { colour: '#e0007a', angle: 75, cover: (r, g) => CMY.m(r, g) * 0.9 },
        { colour: '#ffe000', angle: 0, cover: (r, g, b) => CMY.y(r, g, b) * 0.9 },
      ], '#fffdf5', 0.85, ink);
    } else {
      // Shadow dots only: a black screen where it is dark.
      img = halftone(img, S / 120, [{ colour: '#202020', angle: 45, cover: (r, g, b) => Math.max(0, 0.55 - (0.3 * r + 0.59 * g + 0.11 * b) / 255) * 1.4 }], null, 0.8, ink);
    }
    ctx.progress(70, img);
    return img;
  },
  overlay(ctx, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    const g = S * 0.028;
    const head = headAt(ctx, s);
    let o = '';
    if (options.action_lines) {
      o += `<g opacity="0.85">${radialLines(W, H, head.x, head.y, rng.fork('lines'), 70, S * 0.46, '#ffffff', S * 0.004)}${radialLines(W, H, head.x, head.y, rng.fork('lines2'), 40, S * 0.5, '#111111', S * 0.003)}</g>`;
      const word = rng.fork('pow').pick(['POW!', 'BAM!', 'ZAP!', 'WHAM!', 'BOOM!']);
      o += burst(word, W * 0.8, H * 0.8, S * 0.12, '#ffd400', '#e0202a', rng.fork('burst'));
    }
    if (options.speech_bubble) {
      const bw = S * 0.42;
      const bh = S * 0.22;
      const left = head.x > W / 2;
      const bx = left ? W * 0.05 : W * 0.95 - bw;
      o += speechBubble(exclaim(ctx), bx, H * 0.06, bw, bh, head.x + (left ? -head.w * 0.35 : head.w * 0.35), Math.max(H * 0.06 + bh * 1.2, head.y - head.w * 0.25), S);
    }
    // Title caption and the panel border with its white gutter.
    const title = ctx.prompt.title.toUpperCase();
    const tw = Math.min(W * 0.5, fitSize(title, 'sansBold', W * 0.5, S * 0.05) * title.length * 0.7 + S * 0.06);
    o += textBox(title, options.speech_bubble && head.x <= W / 2 ? W - g * 1.6 - tw : g * 1.6, H - g * 1.6 - S * 0.09, tw, S * 0.08, { fill: '#ffffff', ink: '#111', face: 'sansBold', stroke: '#111', strokeWidth: S * 0.005, maxLines: 1 });
    o += `<path fill-rule="evenodd" d="M0,0 H${W} V${H} H0Z M${r(g)},${r(g)} V${r(H - g)} H${r(W - g)} V${r(g)}Z" fill="#fbfaf4"/><rect x="${r(g)}" y="${r(g)}" width="${r(W - 2 * g)}" height="${r(H - 2 * g)}" fill="none" stroke="#111" stroke-width="${r(S * 0.008)}"/>`;
    return o;
  },
});

/**
 * Adds to the ink mask `contours` (255 = ink) the black plate of `flat`: neutral darks solid, the
 * darker and greyer the more. (Its own function, so the engine keeps the loop compiled between renders.)
 */
function blackPlate(flat: Raw, contours: Raw): void {
  const fd = flat.data, fc = flat.channels, cd = contours.data;
  for (let p = 0, i = 0; p < cd.length; p++, i += fc) {
    const r = fd[i], g = fd[i + 1], b = fd[i + 2];
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    if (l >= 90) continue;
    const hi = r > g ? (r > b ? r : b) : g > b ? g : b, lo = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (hi - lo >= 80) continue;
    const black = (90 - l) * 4 * (1 - (hi - lo) / 80);
    if (black > cd[p]) cd[p] = black > 255 ? 255 : black;
  }
}

const BEN_DAY_INKS = ['#f4e4bc', '#d8332b', '#2b58a8', '#f0c22c', '#1c1a18', '#eba27e', '#5b8f3e', '#8a3a8a'];

export const vintageComic = styledTrend({
  slug: 'vintage-comic',
  name: 'Vintage Comic',
  aliases: ['retro-comic', 'golden-age-comic', 'pop-art', 'lichtenstein', 'old-comic'],
  backgrounds: ['city', 'space', 'abstract', 'nature'],
  faceFraction: 0.3,
  workScale: 0.5,
  // The cut-out person outlined in ink, as a drawn figure is (at the base picture's half size).
  person: (ctx, layer) => inkOutline(layer, Math.min(layer.width, layer.height) * 0.006, [28, 26, 24]),
  async stylize(ctx, img0, s) {
    const { options, rng } = ctx;
    const S = S_(ctx);
    const frame = { width: ctx.W, height: ctx.H };
    // Inks and flat colour are found at reduced size, so the base picture is made at half size
    // (workScale), smoothed and graded there, and only the mask and the flat colour are enlarged.
    let small = img0.width * 2 > ctx.W + 2 ? await shrink(img0, 2) : await rgb(img0);
    const k = small.width / ctx.W;
    if (s.photo) small = await smoothSurface(small, 3, 0.5);
    small = await finalGrade(small, { warmth: 0.3, saturation: 1.3, contrast: 0.3, brightness: 1.02 }, vibeGrade(ctx.req.vibe));
    // Inks: bold contours (the figure's and the forms') and finer lines inside them, as a brush
    // inker draws them; found at half size, the upscaled mask gives old print's slightly soft line.
    // (Thickened at half size too, and enlarged once.)
    const contours = await enlarge(await thicken(await xdogMask(small, S * k * 0.0024, 2.2, 4), S * k * 0.0014), ctx.W, ctx.H);
    // Flat colour: the light snapped to three bands of the broad form (a blurred luminance, hue
    // kept), not the photo's own shading; then a handful of inks (Ben-Day palette) or colours.
    const guide = await toRaw(fromRaw(luma(small)).blur(Math.max(0.5, S * k * 0.004)).extractChannel(0));
    const cel = celShade(small, 3, 0.22, guide);
    // The face keeps some of its smooth shading under the screen, so the person stays recognisable.
    const flatBase = s.face?.fromPhoto ? keepFace(cel, small, scaleBox(s.face.box, k), 0.5) : cel;
    const flat = options.ben_day_colors ? await pixelate(await enlarge(flatBase, ctx.W, ctx.H), 3, BEN_DAY_INKS, 0) : await posterise(flatBase, 10, 1, 0, frame);
    // The black plate with the inks: neutral darks (hair, dark cloth) printed solid, not left as
    // paper between dots; coloured darks (a night sky's blue) stay the colour plates' dots.
    blackPlate(flat, contours);
    const ink = { mask: contours, colour: '#1c1a18', opacity: 0.95 };
    // A photo's face is printed with finer detail (less screen over it), under the inks; other
    // pictures get their inks in the halftone's own pass.
    const faceBox = s.face?.fromPhoto ? s.face.box : undefined;
    // Coarse dot screen on newsprint: red and blue dots carry the tones (classic Ben-Day).
    const cell = S / (options.halftone_dots ? 55 : 85);
    let img = halftone(flat, cell, [
      { colour: '#d8332b', angle: 15, cover: (r, g) => Math.max(0, (r - g) / 255) * 0.9 + Math.max(0, 0.6 - g / 255) * 0.4 },
      { colour: '#2b58a8', angle: 75, cover: (r, g, b) => Math.max(0, (b - r) / 255) * 0.9 + Math.max(0, 0.45 - r / 255) * 0.5 },
      { colour: '#f0c22c', angle: 0, cover: (r, g, b) => Math.max(0, (Math.min(r, g) - b) / 255) * 0.9 },
    ], '#f1e2ba', options.halftone_dots ? 0.85 : 0.6, faceBox ? undefined : ink);
    if (faceBox) img = inkMask(keepFace(img, flatBase, faceBox, 0.55), contours, ink.colour, ink.opacity);
    // Off-register print: the colour plates slightly misaligned.
    img = rgbSplit(img, Math.max(1, Math.round(S * 0.002)));
    ctx.progress(65, img);
    if (options.aged_paper) {
      img = await paperTexture(img, rng.fork('paper'), 0.9, '#f0d8a0');
      // Foxing stains and yellowed, darker edges.
      const st = rng.fork('stains');
      img = glows(img, [
        ...Array.from({ length: 7 }, () => ({ cx: st.range(0, ctx.W), cy: st.range(0, ctx.H), rx: S * st.range(0.03, 0.12), ry: S * st.range(0.03, 0.1), colour: '#a8743a', opacity: st.range(0.2, 0.4), blend: 'multiply' as const })),
      ]);
      img = await finalGrade(img, { warmth: 0.5, saturation: 0.8, contrast: -0.05, brightness: 0.98 }, vibeGrade(), 0.45, '#7a5220');
    }
    // Without aged paper the halftone's newsprint colour is the paper.
    return img;
  },
  overlay(ctx) {
    const { W, H, options, rng, prompt } = ctx;
    const S = S_(ctx);
    let o = '';
    // Cover masthead and price box.
    const bandH = S * 0.16;
    o += `<rect x="0" y="0" width="${W}" height="${r(bandH)}" fill="#d8332b"/><rect x="0" y="${r(bandH)}" width="${W}" height="${r(S * 0.012)}" fill="#1c1a18"/>`;
    const word = rng.fork('mast').pick(['AMAZING', 'THRILLING', 'ASTONISHING', 'DARING', 'FANTASTIC']);
    const ws = fitSize(word, 'serifBold', W * 0.34, bandH * 0.3);
    o += text(word, { x: W * 0.2, y: bandH * 0.36, size: ws, face: 'serifBold', fill: '#f0c22c', anchor: 'start', italic: true, stroke: '#1c1a18', strokeWidth: ws * 0.12 });
    const title = prompt.title.toUpperCase();
    const ts = fitSize(title, 'sansBold', W * 0.75, bandH * 0.5);
    o += text(title, { x: W * 0.2, y: bandH * 0.86, size: ts, face: 'sansBold', fill: '#fff4d6', anchor: 'start', stroke: '#1c1a18', strokeWidth: ts * 0.14 });
    o += `<rect x="${r(S * 0.02)}" y="${r(S * 0.02)}" width="${r(W * 0.15)}" height="${r(bandH - S * 0.04)}" fill="#fff4d6" stroke="#1c1a18" stroke-width="${r(S * 0.005)}"/>`;
    o += text(`No. ${rng.fork('no').int(1, 48)}`, { x: S * 0.02 + W * 0.075, y: bandH * 0.45, size: bandH * 0.2, face: 'sansBold', fill: '#1c1a18', anchor: 'middle' });
    o += text('10¢', { x: S * 0.02 + W * 0.075, y: bandH * 0.8, size: bandH * 0.26, face: 'serifBold', fill: '#d8332b', anchor: 'middle' });
    if (options.caption_box) {
      const text0 = `Meanwhile… ${prompt.text.length > 0 ? prompt.text : prompt.title}!`;
      o += textBox(text0, W * 0.05, H * 0.8, W * 0.55, S * 0.15, { fill: '#f6d54a', ink: '#1c1a18', face: 'serifBold', stroke: '#1c1a18', strokeWidth: S * 0.005, maxLines: 3 });
    }
    return o;
  },
});

const PICO8 = ['#000000', '#1d2b53', '#7e2553', '#008751', '#ab5236', '#5f574f', '#c2c3c7', '#fff1e8', '#ff004d', '#ffa300', '#ffec27', '#00e436', '#29adff', '#83769c', '#ff77a8', '#ffccaa'];
const GAMEBOY = ['#0f380f', '#306230', '#8bac0f', '#9bbc0f'];
/** PICO-8's darks, lip red and white: what a sprite's face is drawn with besides its skin ramp. */
const FACE_INKS = ['#000000', '#1d2b53', '#5f574f', '#7e2553', '#ab5236', '#fff1e8'];

/** Eight shades of the skin sampled at `points` (3×3 around each), dark to light, as hex colours. */
function skinRamp(img: Raw, points: Array<{ x: number; y: number }>): string[] {
  const { width: W, height: H, data, channels: C } = img;
  let sr = 0, sg = 0, sb = 0, n = 0;
  for (const p of points) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = Math.round(p.x) + dx, y = Math.round(p.y) + dy;
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        const i = (y * W + x) * C;
        sr += data[i]; sg += data[i + 1]; sb += data[i + 2]; n++;
      }
    }
  }
  if (n === 0) return [];
  const hex = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0');
  return [0.4, 0.55, 0.7, 0.82, 0.92, 1, 1.1, 1.2].map((k) => `#${hex((sr / n) * k)}${hex((sg / n) * k)}${hex((sb / n) * k)}`);
}

export const pixel = styledTrend({
  slug: 'pixel',
  name: 'Pixel Art',
  aliases: ['pixel-art', '8-bit', '8bit', '16-bit', 'retro-game', 'pixelart'],
  backgrounds: ['nature', 'space', 'city', 'retro'],
  faceFraction: 0.4,
  async stylize(ctx, img0, s) {
    const { W, H, options, prompt } = ctx;
    const S = S_(ctx);
    let img = await finalGrade(img0, { warmth: 0, saturation: 1.35, contrast: 0.2, brightness: 1.04 }, vibeGrade(ctx.req.vibe));
    const block = S / (options.chunky_pixels ? 52 : 96);
    // A photo face is drawn from a sprite's own skin ramp (as a game's sprite sheet has) with PICO-8's
    // darks and white for eyes, brows and lips, and calmer dithering: snapped to the whole palette,
    // its light and shade broke into PICO-8's pinks and oranges and left no face to recognise.
    const ramp = s.face?.fromPhoto && !options.retro_palette ? skinRamp(img, s.face.skin) : [];
    const f = s.face;
    const zones = f && ramp.length ? [{ x: f.box.left + f.box.width / 2, y: f.box.top + f.box.height * 0.55, rx: f.box.width * 0.52, ry: f.box.height * 0.5, palette: [...ramp, ...FACE_INKS], dither: 0.1 }] : [];
    img = await pixelate(img, block, options.retro_palette ? GAMEBOY : [...PICO8, ...ramp], options.retro_palette ? 0.9 : ramp.length ? 0.25 : 0.5, zones);
    // The HUD is pixel text on its own finer grid, drawn after snapping: letters made of the
    // picture's big blocks cannot be read at thumbnail size.
    const px = Math.max(1, S / 200);
    let hud = '';
    const hs = px * 11;
    const name = prompt.title.toUpperCase();
    const size = Math.min(hs, fitSize(name, 'sansBold', W * 0.74, hs));
    const tw = textWidth(name, 'sansBold', size) + px * 6;
    const top = options.pixel_border ? block * 4 * 2.4 + px * 3 : px * 4;
    hud += `<rect x="${r(W / 2 - tw / 2)}" y="${r(top)}" width="${r(tw)}" height="${r(size * 1.45)}" fill="#000000"/><rect x="${r(W / 2 - tw / 2 + px)}" y="${r(top + px)}" width="${r(tw - px * 2)}" height="${r(size * 1.45 - px * 2)}" fill="none" stroke="#ffffff" stroke-width="${r(px)}"/>`;
    hud += text(name, { x: W / 2, y: top + size * 1.1, size, face: 'sansBold', fill: '#ffffff', anchor: 'middle' });
    if (options.pixel_border) {
      const b = block * 4;
      hud += `<path fill-rule="evenodd" d="M0,0 H${W} V${H} H0Z M${r(b)},${r(b * 2.4)} V${r(H - b)} H${r(W - b)} V${r(b * 2.4)}Z" fill="#1d2b53"/><rect x="${r(b * 0.5)}" y="${r(b * 2)}" width="${r(W - b)}" height="${r(H - b * 2.5)}" fill="none" stroke="#c2c3c7" stroke-width="${r(block * 1.2)}"/>`;
      hud += text('1UP', { x: b * 0.6, y: b * 1.75, size: Math.min(b * 1.35, fitSize('1UP', 'sansBold', W * 0.16, b * 1.35)), face: 'sansBold', fill: '#ff004d', anchor: 'start', stroke: '#000', strokeWidth: b * 0.2 });
      const score = `SCORE ${String(ctx.rng.fork('score').int(1000, 99999)).padStart(6, '0')}`;
      hud += text(score, { x: W - b * 0.6, y: b * 1.75, size: Math.min(b * 1.2, fitSize(score, 'sansBold', W * 0.5, b * 1.2)), face: 'sansBold', fill: '#ffec27', anchor: 'end', stroke: '#000', strokeWidth: b * 0.2 });
      for (let i = 0; i < 3; i++) {
        const x = W * 0.2 + i * b * 1.1;
        hud += `<path d="M${r(x)},${r(b * 0.9)} l${r(b * 0.5)},${r(-b * 0.45)} l${r(b * 0.5)},${r(b * 0.45)} l${r(-b * 0.5)},${r(b * 0.6)}Z" fill="#ff004d"/>`;
      }
    }
    img = await over(img, [{ img: await pixelSvg(svgDoc(W, H, '', hud), W, H, px) }]);
    if (options.scanlines) img = scanlines(img, Math.max(3, Math.round(block / 2)), 0.4, 0.4);
    return img;
  },
});


/** An SVG drawn on a coarse grid of `px`-pixel cells with hard edges (pixel-font text and shapes). */
async function pixelSvg(svg: string, W: number, H: number, px: number): Promise<Raw> {
  const small = await toRaw(sharp(Buffer.from(svg), { density: 72 / px }).ensureAlpha());
  // Hard alpha: no anti-aliased fringe, every cell is either drawn or not.
  for (let i = 3; i < small.data.length; i += 4) small.data[i] = small.data[i] >= 110 ? 255 : 0;
  return toRaw(fromRaw(small).resize(W, H, { fit: 'fill', kernel: 'nearest' }));
}
