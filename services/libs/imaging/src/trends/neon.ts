/**
 * Screen-lit looks: vaporwave (pink/teal gradient map, striped sunset sun, neon grid, glitches,
 * chrome type), cyberpunk (rainy neon night, duotone, rim light, signs) and dreamcore (pastel
 * haze, liminal checker floor, floating clouds, doors to nowhere).
 */
import { blend, glitch, gradientMap, rgbSplit, scanlines } from '../effects.js';
import { bloom, curve, curveAndVignette, fromRaw, glows, grain, over, renderSvg, toRaw, type Raw } from '../raster.js';
import { finalGrade, vibeGrade } from '../scene.js';
import type { TrendContext } from '../types.js';
import { fitSize, linearGradient, r, svgDoc, text } from '../util/svg.js';
import { clouds, rain } from './decor.js';
import { styledTrend } from './styled.js';
import { dreamPerson } from '../cutout.js';
import { neonRelight } from './neon-person.js';

const S_ = (ctx: TrendContext) => Math.min(ctx.W, ctx.H);

/** Screen-blend SVG art onto a photo (light sources over the picture, never hiding the face). */
async function screenSvg(img: Raw, W: number, H: number, defs: string, body: string): Promise<Raw> {
  if (!body) return img;
  return over(img, [{ img: await renderSvg(svgDoc(W, H, defs, body)), blend: 'screen' }]);
}

// ---------------------------------------------------------------------------------------------

function grid(W: number, H: number, horizon: number, colour: string, S: number): string {
  let s = `<g stroke="${colour}" stroke-width="${r(S * 0.003)}" fill="none">`;
  for (let i = -12; i <= 12; i++) s += `<path d="M${r(W / 2 + i * W * 0.02)},${r(horizon)} L${r(W / 2 + i * W * 0.2)},${H}"/>`;
  for (let k = 0; k < 11; k++) {
    const y = horizon + (H - horizon) * Math.pow(k / 10, 2.2);
    s += `<path d="M0,${r(y)} H${W}"/>`;
  }
  return s + '</g>';
}

function sun(cx: number, cy: number, R: number, id: string): { defs: string; body: string } {
  const defs = linearGradient(`${id}sun`, [[0, '#fff36b'], [0.5, '#ff8a5c'], [1, '#ff2fa0']]) + `<clipPath id="${id}sunclip"><circle cx="${r(cx)}" cy="${r(cy)}" r="${r(R)}"/></clipPath>`;
  let bars = '';
  for (let i = 0; i < 7; i++) {
    const y = cy + R * (0.1 + i * 0.14);
    bars += `<rect x="${r(cx - R)}" y="${r(y)}" width="${r(R * 2)}" height="${r(R * (0.02 + i * 0.018))}" fill="#000"/>`;
  }
  return { defs, body: `<g clip-path="url(#${id}sunclip)"><rect x="${r(cx - R)}" y="${r(cy - R)}" width="${r(R * 2)}" height="${r(R * 2)}" fill="url(#${id}sun)"/>${bars}</g>` };
}

export const vaporwave = styledTrend({
  slug: 'vaporwave',
  name: 'Vaporwave',
  aliases: ['vaporwave-style', 'synthwave', 'outrun', 'aesthetic', 'retrowave'],
  backgrounds: ['retro', 'gradient', 'beach'],
  faceFraction: 0.32,
  // The cut-out person relit by the sunset's pink from one side and the grid's cyan from the other.
  person: (ctx, layer) => neonRelight(layer, ctx.photo?.faceIn(layer.width, layer.height, 0.32)?.box, { left: '#ff4fc8', right: '#3ff0ff', ambient: '#3a1a70', ownColour: 0.35 }),
  backdrop(ctx) {
    if (ctx.background) return undefined;
    const { W, H } = ctx;
    const defs = linearGradient(`${ctx.id}vw`, [[0, '#3a1670'], [0.5, '#d94fb0'], [0.72, '#ffb0a0'], [0.72, '#2a0f4a'], [1, '#150828']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}vw)"/>`;
    // Palm silhouettes and a marble column: the genre's props.
    for (const x of [0.08, 0.92]) {
      const px = W * x;
      body += `<path d="M${r(px)},${r(H * 0.74)} Q${r(px + W * 0.01)},${r(H * 0.5)} ${r(px - W * 0.01)},${r(H * 0.36)}" stroke="#1a0630" stroke-width="${r(W * 0.012)}" fill="none"/>`;
      for (let k = 0; k < 6; k++) {
        const a = (k / 6) * Math.PI * 2;
        body += `<path d="M${r(px - W * 0.01)},${r(H * 0.36)} q${r(Math.cos(a) * W * 0.06)},${r(-H * 0.04)} ${r(Math.cos(a) * W * 0.11)},${r(Math.sin(a) * H * 0.03 + H * 0.03)}" stroke="#1a0630" stroke-width="${r(W * 0.01)}" fill="none" stroke-linecap="round"/>`;
      }
    }
    return { defs, body, groundY: H * 0.9, dark: false };
  },
  sceneBack(ctx) {
    const { W, H, options } = ctx;
    const S = S_(ctx);
    let s = '';
    if (options.sunset_sun) s += sun(W / 2, H * 0.5, S * 0.26, ctx.id).body.replace(/#000/g, '#2a0f4a');
    if (options.neon_grid) s += grid(W, H, H * 0.72, '#ff4fd8', S);
    return s;
  },
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let img = gradientMap(img0, [[0, '#1a0a3a'], [0.35, '#6a2fb0'], [0.6, '#ff5fb0'], [0.85, '#7ff0f0'], [1, '#fff8ff']], s.cutout ? 0.3 : s.photo ? 0.6 : 0.35);
    if (s.photo) {
      let art = '';
      let defs = '';
      if (options.sunset_sun) {
        const sn = sun(W * 0.8, H * 0.2, S * 0.17, ctx.id);
        art += sn.body;
        defs += sn.defs;
      }
      if (options.neon_grid) art += grid(W, H, H * 0.7, '#ff4fd8', S);
      img = await screenSvg(img, W, H, defs, art);
    }
    img = await bloom(img, 0.7, 0.5, 0.03);
    img = rgbSplit(img, Math.max(1, Math.round(S * 0.003)));
    if (options.glitch_lines) {
      img = glitch(img, rng.fork('glitch'), 14, S * 0.05);
      img = scanlines(img, 4, 0.25, 0.5);
    }
    return finalGrade(img, { warmth: 0, saturation: 1.25, contrast: 0.08, brightness: 1.04 }, vibeGrade(ctx.req.vibe), 0.2, '#2a0f4a');
  },
  overlay(ctx, s) {
    const { W, H, options, prompt } = ctx;
    const S = S_(ctx);
    let o = '';
    // The window chrome of an old desktop, titled with the prompt.
    const bar = S * 0.05;
    o += `<rect x="${r(S * 0.02)}" y="${r(S * 0.02)}" width="${r(W - S * 0.04)}" height="${r(bar)}" fill="#c0c0c0" stroke="#fff" stroke-width="${r(S * 0.003)}"/><rect x="${r(S * 0.026)}" y="${r(S * 0.026)}" width="${r(W - S * 0.052)}" height="${r(bar - S * 0.012)}" fill="#000080"/>`;
    const title = `${prompt.title.toLowerCase().replace(/\s+/g, '_')}.jpg`;
    o += text(title, { x: S * 0.04, y: S * 0.02 + bar * 0.7, size: bar * 0.5, face: 'sansBold', fill: '#ffffff', anchor: 'start' });
    for (let i = 0; i < 3; i++) o += `<rect x="${r(W - S * 0.04 - (i + 1) * bar * 0.85)}" y="${r(S * 0.03)}" width="${r(bar * 0.7)}" height="${r(bar * 0.62)}" fill="#c0c0c0" stroke="#404040" stroke-width="${r(S * 0.002)}"/>`;
    o += `<rect x="${r(S * 0.02)}" y="${r(S * 0.02)}" width="${r(W - S * 0.04)}" height="${r(H - S * 0.04)}" fill="none" stroke="#c0c0c0" stroke-width="${r(S * 0.006)}"/>`;
    const spaced = 'A E S T H E T I C';
    if (options.chrome_text) {
      const t = prompt.title.toUpperCase();
      const size = fitSize(t, 'sansBold', W * 0.86, S * 0.14);
      o += `<defs>${linearGradient(`${ctx.id}chrome`, [[0, '#e8f6ff'], [0.48, '#7fa8d8'], [0.5, '#2a2a5a'], [0.62, '#ff9ad8'], [1, '#ffffff']])}</defs>`;
      o += text(t, { x: W / 2, y: H * (s.photo ? 0.93 : 0.9), size, face: 'sansBold', fill: `url(#${ctx.id}chrome)`, anchor: 'middle', italic: true, stroke: '#ff4fd8', strokeWidth: size * 0.05 });
    }
    o += text(spaced, { x: W / 2, y: H * (options.chrome_text ? 0.78 : 0.93), size: S * 0.045, face: 'sansBold', fill: '#7ff0f0', anchor: 'middle', letterSpacing: S * 0.012, stroke: '#ff4fd8', strokeWidth: S * 0.004 });
    return o;
  },
});

// ---------------------------------------------------------------------------------------------

function signs(ctx: TrendContext, S: number, words: string[], placeLeft: boolean, dim = 1): string {
  const { W, H, rng } = ctx;
  const g = rng.fork('signs');
  let s = '';
  const colours = ['#ff2fa0', '#2ff0ff', '#fff04a', '#9a4fff'];
  words.slice(0, 4).forEach((w, i) => {
    const c = colours[i % colours.length];
    const vertical = i % 2 === 0;
    const left = (i % 2 === 0) === placeLeft;
    const x = left ? W * g.range(0.03, 0.12) : W * g.range(0.82, 0.9);
    const y = H * (0.08 + i * 0.18);
    const label = w.toUpperCase().slice(0, 10);
    if (vertical) {
      const size = S * 0.04;
      const h = size * 1.15 * label.length + size;
      s += `<rect x="${r(x)}" y="${r(y)}" width="${r(size * 1.6)}" height="${r(h)}" rx="${r(size * 0.2)}" fill="#0a0418" stroke="${c}" stroke-width="${r(S * 0.005)}" opacity="${dim}"/>`;
      [...label].forEach((ch, k) => (s += text(ch, { x: x + size * 0.8, y: y + size * 1.25 + k * size * 1.15, size, face: 'sansBold', fill: c, anchor: 'middle', opacity: dim })));
    } else {
      const size = S * 0.045;
      const w0 = Math.min(W * 0.4, size * 0.7 * label.length + size);
      s += `<rect x="${r(Math.min(x, W - w0 - S * 0.02))}" y="${r(y)}" width="${r(w0)}" height="${r(size * 1.6)}" rx="${r(size * 0.3)}" fill="#0a0418" stroke="${c}" stroke-width="${r(S * 0.005)}" opacity="${dim}"/>`;
      s += text(label, { x: Math.min(x, W - w0 - S * 0.02) + w0 / 2, y: y + size * 1.15, size: fitSize(label, 'sansBold', w0 * 0.85, size), face: 'sansBold', fill: c, anchor: 'middle', opacity: dim });
    }
  });
  return s;
}

export const cyberpunk = styledTrend({
  slug: 'cyberpunk',
  name: 'Cyberpunk',
  aliases: ['cyberpunk-neon', 'cyberpunk-2077', 'neon-noir', 'blade-runner', 'cyber'],
  backgrounds: ['city', 'futuristic'],
  faceFraction: 0.34,
  // The cut-out person relit between a magenta sign and a cyan one, in the night's dark.
  person: (ctx, layer) => neonRelight(layer, ctx.photo?.faceIn(layer.width, layer.height, 0.34)?.box, { left: '#ff2fb0', right: '#2fe0ff', ambient: '#1c1440', ownColour: 0.25 }),
  backdrop(ctx) {
    if (ctx.background) return undefined;
    const { W, H, rng } = ctx;
    const S = S_(ctx);
    const defs = linearGradient(`${ctx.id}night`, [[0, '#05010f'], [0.6, '#1f0a3a'], [1, '#3a0a4a']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}night)"/>`;
    const b = rng.fork('buildings');
    for (let layer = 0; layer < 2; layer++) {
      let x = -W * 0.05;
      while (x < W) {
        const w = W * b.range(0.08, 0.16);
        const h = H * b.range(0.35, 0.85) * (layer ? 0.8 : 1);
        const top = H * 0.92 - h;
        body += `<rect x="${r(x)}" y="${r(top)}" width="${r(w)}" height="${r(h)}" fill="${layer ? '#0c0618' : '#140a26'}"/>`;
        for (let wy = top + S * 0.02; wy < H * 0.9; wy += S * 0.03) {
          for (let wx = x + S * 0.01; wx < x + w - S * 0.015; wx += S * 0.022) {
            if (b.chance(0.35)) body += `<rect x="${r(wx)}" y="${r(wy)}" width="${r(S * 0.01)}" height="${r(S * 0.012)}" fill="${b.pick(['#2ff0ff', '#ff2fa0', '#ffd84a', '#7a5aff'])}" opacity="${r(b.range(0.4, 0.9))}"/>`;
          }
        }
        x += w + W * 0.01;
      }
    }
    body += `<rect y="${r(H * 0.92)}" width="${W}" height="${r(H * 0.08)}" fill="#120820"/>`;
    return { defs, body, groundY: H * 0.95, dark: true };
  },
  sceneBack(ctx) {
    if (!ctx.options.city_signs) return '';
    return signs(ctx, S_(ctx), ctx.prompt.keywords.length > 0 ? ctx.prompt.keywords : ['NEON', 'NIGHT', 'CITY'], true);
  },
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let img = await finalGrade(img0, { warmth: -0.3, saturation: 1.2, contrast: 0.25, brightness: 0.9 }, vibeGrade(ctx.req.vibe));
    img = gradientMap(img, [[0, '#04020c'], [0.3, '#1a1450'], [0.55, '#b0208a'], [0.8, '#2fd8f0'], [1, '#f0ffff']], s.cutout ? 0.3 : s.photo ? 0.55 : 0.3);
    const rim = options.neon_rim_light;
    img = glows(img, [
      { cx: 0, cy: H * 0.45, rx: W * (rim ? 0.6 : 0.35), ry: H * 0.8, colour: '#ff2fa0', opacity: rim ? 0.85 : 0.4, blend: 'screen' },
      { cx: W, cy: H * 0.4, rx: W * (rim ? 0.6 : 0.35), ry: H * 0.8, colour: '#2ff0ff', opacity: rim ? 0.85 : 0.4, blend: 'screen' },
    ]);
    if (s.photo && options.city_signs) img = await screenSvg(img, W, H, '', signs(ctx, S, ctx.prompt.keywords.length > 0 ? ctx.prompt.keywords : ['NEON', 'NIGHT', 'CITY'], true, 0.9));
    img = await bloom(img, 0.6, 0.7, 0.035);
    if (options.holo_glitch) {
      img = glitch(img, rng.fork('glitch'), 10, S * 0.04);
      img = rgbSplit(img, Math.round(S * 0.006));
      img = scanlines(img, 3, 0.3, 0.34);
    }
    return curveAndVignette(img, curve(0.2, 0.02, 1), 0.55, '#05010f');
  },
  overlay(ctx, s) {
    const { W, H, options, rng, prompt } = ctx;
    const S = S_(ctx);
    let o = '';
    if (options.rain_streaks) o += rain(W, H, rng.fork('rain'), 260, S);
    if (options.holo_glitch) o += `<rect x="0" y="${r(H * 0.62)}" width="${W}" height="${r(H * 0.012)}" fill="#2ff0ff" opacity="0.45"/><rect x="0" y="${r(H * 0.3)}" width="${W}" height="${r(H * 0.006)}" fill="#ff2fa0" opacity="0.5"/>`;
    // A HUD line with the prompt's name: the genre's interface text.
    const label = `// ${prompt.title.toUpperCase()} · NIGHT CITY ${rng.fork('year').int(2077, 2099)}`;
    o += text(label, { x: S * 0.04, y: H - S * 0.04, size: Math.min(S * 0.03, fitSize(label, 'sansBold', W * 0.9, S * 0.03)), face: 'sansBold', fill: '#2ff0ff', anchor: 'start', letterSpacing: S * 0.002 });
    o += `<path d="M${r(S * 0.03)},${r(S * 0.09)} V${r(S * 0.03)} H${r(S * 0.09)} M${r(W - S * 0.09)},${r(S * 0.03)} H${r(W - S * 0.03)} V${r(S * 0.09)}" stroke="#ff2fa0" stroke-width="${r(S * 0.005)}" fill="none"/>`;
    if (s.face && s.face.fromPhoto) {
      const f = s.face.box;
      o += `<rect x="${r(f.left - f.width * 0.1)}" y="${r(f.top - f.height * 0.05)}" width="${r(f.width * 1.2)}" height="${r(f.height * 1.15)}" fill="none" stroke="#2ff0ff" stroke-width="${r(S * 0.003)}" stroke-dasharray="${r(S * 0.02)} ${r(S * 0.012)}" opacity="0.8"/>`;
    }
    return o;
  },
});

// ---------------------------------------------------------------------------------------------

function checkerFloor(W: number, H: number, horizon: number, a: string, b: string): string {
  let s = `<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="${a}"/>`;
  const rows = 10;
  for (let k = 0; k < rows; k++) {
    const y0 = horizon + (H - horizon) * Math.pow(k / rows, 1.8);
    const y1 = horizon + (H - horizon) * Math.pow((k + 1) / rows, 1.8);
    for (let i = -10; i < 10; i++) {
      if ((i + k) % 2 !== 0) continue;
      const x = (t: number, y: number) => W / 2 + ((i + t) * W * 0.12) * (0.15 + (0.85 * (y - horizon)) / (H - horizon));
      s += `<path d="M${r(x(0, y0))},${r(y0)} L${r(x(1, y0))},${r(y0)} L${r(x(1, y1))},${r(y1)} L${r(x(0, y1))},${r(y1)}Z" fill="${b}"/>`;
    }
  }
  return s;
}

function door(x: number, base: number, h: number, S: number): string {
  const w = h * 0.45;
  return `<rect x="${r(x - w / 2 - S * 0.01)}" y="${r(base - h - S * 0.01)}" width="${r(w + S * 0.02)}" height="${r(h + S * 0.01)}" fill="#fbf4ea"/><rect x="${r(x - w / 2)}" y="${r(base - h)}" width="${r(w)}" height="${r(h)}" fill="#fffbe0"/><rect x="${r(x - w / 2)}" y="${r(base - h)}" width="${r(w)}" height="${r(h)}" fill="#ffe9a8" opacity="0.6"/><path d="M${r(x + w / 2)},${r(base - h)} L${r(x + w * 0.95)},${r(base - h * 0.95)} L${r(x + w * 0.95)},${r(base + h * 0.02)} L${r(x + w / 2)},${r(base)}Z" fill="#e8d8f0" stroke="#c8b8d8" stroke-width="${r(S * 0.002)}"/><ellipse cx="${r(x)}" cy="${r(base + S * 0.005)}" rx="${r(w * 0.8)}" ry="${r(S * 0.01)}" fill="#000" opacity="0.12"/>`;
}

export const dreamcore = styledTrend({
  slug: 'dreamcore',
  name: 'Dreamcore',
  aliases: ['dreamcore-style', 'weirdcore', 'liminal', 'dreamy', 'kidcore'],
  backgrounds: ['minimalist', 'gradient', 'nature'],
  faceFraction: 0.3,
  // The cut-out person remembered, not photographed: airbrushed pastel, a glow, a drifting echo.
  person: (ctx, layer) => dreamPerson(layer, ctx.photo?.faceIn(layer.width, layer.height, 0.3)?.box),
  backdrop(ctx) {
    if (ctx.background) return undefined;
    const { W, H } = ctx;
    const defs = linearGradient(`${ctx.id}dc`, [[0, '#b8c8ff'], [0.45, '#f8c8e8'], [0.7, '#fff2d8']]);
    const body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}dc)"/>` + checkerFloor(W, H, H * 0.66, '#f4eefc', '#c8e8f0');
    return { defs, body, groundY: H * 0.9, dark: false };
  },
  sceneBack(ctx, g) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let s = '';
    if (options.floating_clouds) s += clouds(W, H, rng.fork('clouds'), 6, S, 0.08, 0.55, '#ffffff', '#f0e0f4');
    if (options.surreal_doors) for (const x of g.figX < W / 2 ? [0.72, 0.9] : [0.1, 0.28]) s += door(W * x, H * 0.8, S * 0.36, S);
    return s;
  },
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let img = img0;
    if (s.photo) {
      let art = '';
      if (options.floating_clouds) art += clouds(W, H, rng.fork('clouds'), 5, S, 0.05, 0.3, '#ffffff', '#f4e8f8');
      if (options.surreal_doors) art += door(W * 0.12, H * 0.98, S * 0.4, S) + door(W * 0.88, H * 0.98, S * 0.4, S);
      if (art) img = await over(img, [{ img: await renderSvg(svgDoc(W, H, '', art)), blend: 'lighten' }]);
    }
    // Pastel lavender-and-rose memory colours; the darks stay lavender, not white, so it never washes out.
    // (A cut-out person is pastel already: the scene takes less.)
    if (options.pastel_glow || s.photo) img = gradientMap(img, [[0, '#4a4a90'], [0.4, '#d890c8'], [0.75, '#ffe4d8'], [1, '#ffffff']], options.pastel_glow ? 0.55 : s.cutout ? 0.3 : 0.5);
    img = await bloom(img, 0.6, options.pastel_glow ? 0.7 : 0.55, 0.05);
    if (options.soft_haze) {
      // Haze: the blurred picture mixed in (not lightened over it, which bleached everything).
      const soft = await toRaw(fromRaw(img).blur(S * 0.01));
      img = blend(img, soft, 0.45);
      img = glows(img, [{ cx: W / 2, cy: H * 0.55, rx: W * 0.9, ry: H * 0.6, colour: '#ffffff', opacity: 0.22, blend: 'screen' }]);
    }
    img = rgbSplit(img, Math.max(1, Math.round(S * 0.002)));
    // Lifted blacks and a pale vignette: an overexposed memory.
    img = curveAndVignette(img, curve(-0.15, 0.14, 1), 0.5, '#fff4fa');
    return grain(img, rng.fork('grain'), 0.18);
  },
  overlay(ctx) {
    const { W, H, rng } = ctx;
    const S = S_(ctx);
    const line = rng.fork('line').pick(['have you been here before?', 'you were here once', 'it is always 4 pm here', 'wake up', 'this place remembers you']);
    return text(line, { x: W / 2, y: H - S * 0.05, size: S * 0.032, face: 'serif', fill: '#6a5a8a', anchor: 'middle', italic: true, opacity: 0.85, letterSpacing: S * 0.003 });
  },
});
