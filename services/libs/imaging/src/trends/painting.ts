/**
 * Paintings: the Renaissance portrait (brush strokes that follow the forms with their paint
 * ridges, umber glazes, chiaroscuro, sfumato, craquelure, a gilded frame) and the oil painting (Kuwahara brush patches, impasto relief, canvas weave, warm palette).
 */
import { blend, embossMap, flowStrokes, gradientMap, keepFace, kuwahara, reliefs } from '../effects.js';
import { applyCurves, atSize, curve, enlarge, fromRaw, glows, noise, over, renderSvg, toRaw, vignette, type Raw } from '../raster.js';
import { finalGrade, vibeGrade } from '../scene.js';
import type { TrendContext } from '../types.js';
import { createRng, type Rng } from '../util/rng.js';
import { linearGradient, r, radialGradient, svgDoc } from '../util/svg.js';
import { brushStrokes } from './brush-strokes.js';
import { alphaOf, blurPlane, clamp255 } from './person-shading.js';
import { gildedFrame } from './decor.js';
import { styledTrend } from './styled.js';

const S_ = (ctx: TrendContext) => Math.min(ctx.W, ctx.H);

/** A network of fine cracks (aged varnish), as dark strokes to multiply in. */
function craquelure(W: number, H: number, rng: Rng, S: number): string {
  let s = `<g stroke="#2a1a0a" fill="none" stroke-linecap="round">`;
  const cell = S * 0.045;
  for (let y = 0; y < H + cell; y += cell) {
    for (let x = 0; x < W + cell; x += cell) {
      const jx = x + rng.range(-0.4, 0.4) * cell;
      const jy = y + rng.range(-0.4, 0.4) * cell;
      const pts = [[jx, jy]];
      for (let k = 0; k < 3; k++) pts.push([pts[k][0] + rng.range(0.1, 0.5) * cell, pts[k][1] + rng.range(-0.25, 0.25) * cell]);
      s += `<path d="M${pts.map(([a, b]) => `${r(a)},${r(b)}`).join(' L')}" stroke-width="${r(S * rng.range(0.0008, 0.0016))}" opacity="${r(rng.range(0.35, 0.7))}"/>`;
      const dx = rng.range(-0.3, 0.3) * cell;
      s += `<path d="M${r(jx)},${r(jy)} l${r(dx)},${r(cell * rng.range(0.5, 1))} l${r(rng.range(-0.2, 0.2) * cell)},${r(cell * 0.3)}" stroke-width="${r(S * 0.001)}" opacity="0.5"/>`;
    }
  }
  return s + '</g>';
}

async function withFrame(ctx: TrendContext, img: Raw): Promise<Raw> {
  const S = S_(ctx);
  const f = gildedFrame(ctx.W, ctx.H, ctx.id, S);
  return over(img, [{ img: await renderSvg(svgDoc(ctx.W, ctx.H, f.defs, f.body)) }]);
}

/** Brush-stroke relief: noise at 1/`scale` size, enlarged, then streaked diagonally (seven pixels down to the right). */
async function brushField(W: number, H: number, rng: Rng, scale: number): Promise<Raw> {
  const n = (await enlarge(noise(Math.round(W / scale), Math.round(H / scale), rng, 1), W, H, 'cubic')).data;
  const streaks = Buffer.allocUnsafe(W * H);
  for (let y = 0; y < H; y++) {
    const inside = y >= 3 && y < H - 3;
    for (let x = 0; x < W; x++) {
      let s = 0;
      if (inside && x >= 3 && x < W - 3) for (let k = -3, q = (y - 3) * W + x - 3; k <= 3; k++, q += W + 1) s += n[q];
      else for (let k = -3; k <= 3; k++) s += n[Math.min(H - 1, Math.max(0, y + k)) * W + Math.min(W - 1, Math.max(0, x + k))];
      streaks[y * W + x] = (s + 3) / 7;
    }
  }
  return { data: streaks, width: W, height: H, channels: 1 };
}

/**
 * The canvas tooth's relief at W×H: a fine grain that need not differ between paintings (a canvas
 * is a canvas), so it is made once per frame size and kept (a few sizes at a time: 4 bytes a pixel).
 */
const canvasTeeth = new Map<string, Promise<Float32Array>>();
function canvasTooth(W: number, H: number): Promise<Float32Array> {
  // A 4K export's tooth (32 MB) is made for it alone.
  if (W * H > 1600 * 1600) return brushField(W, H, createRng(0x7007), 2).then(embossMap);
  const key = `${W}x${H}`;
  let tooth = canvasTeeth.get(key);
  if (!tooth) {
    if (canvasTeeth.size >= 3) canvasTeeth.delete(canvasTeeth.keys().next().value as string);
    tooth = brushField(W, H, createRng(0x7007), 2).then(embossMap);
    canvasTeeth.set(key, tooth);
  }
  return tooth;
}

/** A height map (one channel) pulled towards flat mid-grey by `amount` on an ellipse around `box`. */
function flattenOn(height: Raw, box: { left: number; top: number; width: number; height: number }, amount: number): Raw {
  const { width: W, height: H } = height;
  const out = Buffer.from(height.data);
  const cx = box.left + box.width / 2, cy = box.top + box.height * 0.55, rx = box.width * 0.8, ry = box.height * 0.8;
  for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(H, Math.ceil(cy + ry)); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(W, Math.ceil(cx + rx)); x++) {
      const e = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
      if (e >= 1) continue;
      const t = amount * Math.min(1, (1 - e) / 0.4);
      out[y * W + x] += (128 - out[y * W + x]) * t;
    }
  }
  return { ...height, data: out };
}

/**
 * Chiaroscuro on the cut-out person: a warm light from the upper left on the body's rounded form
 * (its blurred matte) and the head (an ellipsoid over the face), the side turned away falling into
 * umber shadow, and the light pooled on the face, dimming towards the figure's lower edge. RGBA in
 * and out; `face` in the layer's pixels.
 */
async function chiaroscuro(layer: Raw, face?: { left: number; top: number; width: number; height: number }): Promise<Raw> {
  const { width: W, height: H, data } = layer;
  const S = Math.min(W, H);
  const body = await blurPlane(alphaOf(layer), W, H, S * 0.05);
  const light = [-0.62, -0.5, 0.6].map((v, _, l) => v / Math.hypot(...l));
  const fx = face ? face.left + face.width / 2 : W / 2, fy = face ? face.top + face.height * 0.5 : H * 0.35;
  const hrx = face ? face.width * 0.62 : 1, hry = face ? face.height * 0.8 : 1;
  const out = Buffer.from(data);
  for (let y = 0, p = 0; y < H; y++) {
    for (let x = 0; x < W; x++, p++) {
      const o = p * 4;
      if (data[o + 3] === 0) continue;
      const xa = x > 1 ? p - 2 : p, xb = x < W - 2 ? p + 2 : p;
      const ya = y > 1 ? p - 2 * W : p, yb = y < H - 2 ? p + 2 * W : p;
      let nx = -(body[xb] - body[xa]) * 0.05, ny = -(body[yb] - body[ya]) * 0.05, nz = 1;
      const ex = (x - fx) / hrx, ey = (y - fy) / hry;
      const e = ex * ex + ey * ey;
      if (face && e < 1) {
        const t = Math.min(1, (1 - e) / 0.3);
        nx += (ex * 0.7 - nx) * t; ny += (ey * 0.5 - ny) * t; nz += (Math.sqrt(1 - e) - nz) * t;
      }
      const m = 1 / Math.hypot(nx, ny, nz);
      const diffuse = Math.max(0, (nx * light[0] + ny * light[1] + nz * light[2]) * m);
      // The pool of light on the face, falling off down the figure.
      const pool = 1 - 0.5 * Math.min(1, Math.hypot((x - fx) / (S * 0.9), (y - fy) / (S * 0.75)));
      const k = (0.3 + 0.95 * diffuse) * pool;
      out[o] = clamp255(data[o] * k * 1.06 + 6 * (1 - k));
      out[o + 1] = clamp255(data[o + 1] * k);
      out[o + 2] = clamp255(data[o + 2] * k * 0.88);
    }
  }
  return { ...layer, data: out };
}

export const renaissance = styledTrend({
  slug: 'renaissance',
  name: 'Renaissance',
  aliases: ['renaissance-portrait', 'old-master', 'baroque', 'classical-painting', 'da-vinci'],
  backgrounds: ['nature', 'studio'],
  build: 'bust',
  shading: 'soft',
  figureSize: 0.7,
  faceFraction: 0.3,
  // Painted at half size (see stylize): the base picture is made there.
  workScale: 0.5,
  // The cut-out person lit as an old master lights a sitter: one warm light from the upper left.
  person: (ctx, layer) => chiaroscuro(layer, ctx.photo?.faceIn(layer.width, layer.height, 0.3)?.box),
  figure(spec) {
    spec.outfit = '#3a1f1a';
    spec.outfitAccent = '#b8902a';
    spec.expression = 'smile';
    spec.pose = 'down';
  },
  backdrop(ctx) {
    if (ctx.background) return undefined;
    const { W, H } = ctx;
    // Umber ground, a loggia opening onto a blue-hazed distant landscape.
    const defs = radialGradient(`${ctx.id}ground`, [[0, '#5a3a22'], [1, '#1a0e08']], 0.35, 0.35, 0.8) + linearGradient(`${ctx.id}far`, [[0, '#c8d4c8'], [1, '#5a7a6a']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}ground)"/>`;
    body += `<rect x="${r(W * 0.05)}" y="${r(H * 0.45)}" width="${r(W * 0.9)}" height="${r(H * 0.5)}" fill="url(#${ctx.id}far)"/>`;
    body += `<path d="M${r(W * 0.05)},${r(H * 0.7)} Q${r(W * 0.2)},${r(H * 0.58)} ${r(W * 0.35)},${r(H * 0.66)} T${r(W * 0.7)},${r(H * 0.62)} T${r(W * 0.95)},${r(H * 0.66)} V${r(H * 0.95)} H${r(W * 0.05)}Z" fill="#6a7a52"/>`;
    body += `<path d="M${r(W * 0.05)},${r(H * 0.82)} Q${r(W * 0.4)},${r(H * 0.74)} ${r(W * 0.95)},${r(H * 0.8)} V${r(H * 0.95)} H${r(W * 0.05)}Z" fill="#4a5230"/>`;
    body += `<rect x="0" y="${r(H * 0.42)}" width="${r(W * 0.06)}" height="${r(H * 0.58)}" fill="#2a1a10"/><rect x="${r(W * 0.94)}" y="${r(H * 0.42)}" width="${r(W * 0.06)}" height="${r(H * 0.58)}" fill="#2a1a10"/>`;
    return { defs, body, groundY: H, dark: true };
  },
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    // Photos are often dim indoor shots: stretch and lift them first so the umber palette and the
    // vignette leave a lit face instead of a murky frame.
    // Everything up to the varnish is soft (brush patches, palette, pools of light, vignette), so
    // it is painted at half size (a quarter of the pixels, the stretch's Lab round trip included)
    // and enlarged once; only the canvas tooth is added at full size.
    const k = 0.5;
    const lift = curve(0, 0, 1, 1.35);
    const half = await atSize(img0, Math.round(W * k), Math.round(H * k));
    // (A cut-out person stands in a drawn scene, lit by chiaroscuro already: no lift, it would flatten the light.)
    const base = s.photo && !s.cutout ? applyCurves(await toRaw(fromRaw(half).normalise({ lower: 1, upper: 99 })), [lift, lift, lift]) : half;
    const faceBox = s.face?.fromPhoto ? { left: s.face.box.left * k, top: s.face.box.top * k, width: s.face.box.width * k, height: s.face.box.height * k } : undefined;
    let img: Raw;
    let strokes: Raw;
    if (s.photo) {
      // A photo is repainted in brush strokes big enough to see in a thumbnail, laid along the
      // forms, the face in the finest brush (its features stay the person's), a little of the
      // smooth picture kept under it.
      const painted = await brushStrokes(base, rng.fork('brush'), { width: Math.max(3, S * k * 0.017), length: 2.8, face: faceBox, jitter: 0.35 });
      img = faceBox ? keepFace(painted.img, base, faceBox, 0.3) : painted.img;
      strokes = painted.height;
    } else {
      img = await kuwahara(base, 2, 1);
      // Brush strokes that follow the forms; the face keeps shorter ones (part of the patches under them).
      const painted = await flowStrokes(img, rng.fork('strokes'), Math.max(2, S * k * 0.012));
      img = faceBox ? keepFace(painted.img, img, faceBox, 0.55) : painted.img;
      strokes = painted.strokes;
    }
    // Finer paint on the face: its ridges flattened (a mid-grey height is no relief).
    const ridges = faceBox ? flattenOn(strokes, faceBox, s.photo ? 0.8 : 0.75) : strokes;
    // Old-master palette: umber shadows, ochre and flesh lights, greens pulled to olive.
    img = gradientMap(img, s.photo && !s.cutout
      ? [[0, '#2a160a'], [0.3, '#6a4222'], [0.6, '#c08a58'], [0.85, '#f0d4a6'], [1, '#fff6e2']]
      : [[0, '#120804'], [0.3, '#4a2a14'], [0.6, '#a8744a'], [0.85, '#e8c89a'], [1, '#fff4dc']], 0.55);
    const strong = options.chiaroscuro;
    const lightX = s.face ? s.face.box.left + s.face.box.width * 0.35 : W * 0.4;
    const lightY = s.face ? s.face.box.top + s.face.box.height * 0.45 : H * 0.38;
    img = glows(img, [
      { cx: W * 1.0 * k, cy: H * 0.6 * k, rx: W * (strong ? 0.85 : 0.6) * k, ry: H * 0.9 * k, colour: '#000000', opacity: strong ? 0.9 : s.photo ? 0.45 : 0.45, blend: 'multiply' },
      // Chiaroscuro: the ground falls into shadow away from the lit face.
      ...(s.cutout ? [{ cx: W * 0.5 * k, cy: H * 0.05 * k, rx: W * 0.7 * k, ry: H * 0.35 * k, colour: '#1a0c04', opacity: 0.4, blend: 'multiply' as const }] : []),
      { cx: lightX * k, cy: lightY * k, rx: S * (strong ? 0.35 : 0.5) * k, ry: S * (strong ? 0.4 : 0.55) * k, colour: '#ffe0b0', opacity: strong ? 0.55 : 0.3, blend: 'screen' },
    ]);
    if (options.sfumato) {
      const soft = await toRaw(fromRaw(img).blur(S * 0.006 * k));
      img = blend(img, soft, 0.6);
    }
    img = await finalGrade(img, { warmth: 0.5, saturation: 0.95, contrast: strong ? 0.3 : 0.15, brightness: 0.98 }, vibeGrade(ctx.req.vibe), strong ? 0.7 : s.photo ? 0.38 : 0.5, '#0a0502');
    img = await enlarge(img, W, H, 'cubic');
    // Oil paint's ridges along the strokes, under a fine canvas tooth.
    img = await reliefs(img, [
      { strength: 0.22, blur: 0, source: await enlarge(ridges, W, H, 'cubic') },
      { strength: 0.12, emboss: await canvasTooth(W, H) },
    ]);
    if (options.craquelure) img = await over(img, [{ img: await renderSvg(svgDoc(W, H, '', craquelure(W, H, rng.fork('cracks'), S))), blend: 'multiply' }]);
    if (options.gilded_frame) img = await withFrame(ctx, img);
    return img;
  },
});

export const oilPainting = styledTrend({
  slug: 'oil-painting',
  name: 'Oil Painting',
  aliases: ['oil', 'oil-paint', 'impressionist', 'painterly', 'van-gogh'],
  backgrounds: ['nature', 'beach', 'city'],
  faceFraction: 0.3,
  // Colour and brush patches are made at half size (see stylize): the base picture is made there.
  workScale: 0.5,
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    const thick = options.thick_impasto;
    // Colour and brush patches are soft, so they are made at half size (a quarter of the pixels):
    // grade, Kuwahara (bigger strokes for the thick style) and the warm palette, then scaled up.
    let small = await atSize(img0, Math.round(W / 2), Math.round(H / 2));
    // One grade for the whole painting (the final varnish is only the vignette below).
    small = await finalGrade(small, { warmth: options.warm_palette ? 0.85 : 0.25, saturation: 1.45, contrast: 0.16, brightness: 1.02 }, vibeGrade(ctx.req.vibe));
    // A photo is repainted in visible strokes along its forms (the face in the finest brush);
    // a drawn scene keeps Kuwahara's patches.
    let strokes: Raw | undefined;
    if (s.photo) {
      const face = s.face?.fromPhoto ? { left: s.face.box.left / 2, top: s.face.box.top / 2, width: s.face.box.width / 2, height: s.face.box.height / 2 } : undefined;
      const painted = await brushStrokes(small, rng.fork('brush'), { width: Math.max(3, (S / 2) * (thick ? 0.03 : 0.022)), face, jitter: 0.6 });
      // The face keeps some of the picture under its strokes and a flatter relief (identity).
      small = face ? keepFace(painted.img, small, face, 0.4) : painted.img;
      strokes = face ? flattenOn(painted.height, face, 0.6) : painted.height;
    } else {
      small = await kuwahara(small, thick ? 6 : 4, 1);
    }
    if (options.warm_palette) small = gradientMap(small, [[0, '#2a140a'], [0.4, '#a8502a'], [0.7, '#f0b050'], [1, '#fff4d0']], 0.3);
    let img = await enlarge(small, W, H, 'cubic');
    // Paint ridges at full size, in one pass: the picture's own edges, the stroke direction, the weave.
    const layers: Parameters<typeof reliefs>[1] = [
      { strength: thick ? 0.9 : 0.35, blur: thick ? 1.5 : 0.8 },
      strokes
        ? { strength: thick ? 0.9 : 0.6, blur: 0, source: await enlarge(strokes, W, H, 'cubic') }
        : { strength: thick ? 0.7 : 0.3, blur: 0, source: await brushField(W, H, rng.fork('strokes'), thick ? 5 : 3.5) },
    ];
    if (options.canvas_texture) {
      const weave = Buffer.allocUnsafe(W * H);
      const p = Math.max(3, Math.round(S / 220));
      // Threads p px wide, alternately over and under, their edges deeper.
      const colOdd = Uint8Array.from({ length: W }, (_, x) => Math.floor(x / p) & 1);
      const colEdge = Uint8Array.from({ length: W }, (_, x) => (x % p === 0 ? 1 : 0));
      for (let y = 0; y < H; y++) {
        const rowOdd = Math.floor(y / p) & 1, rowEdge = y % p === 0;
        for (let x = 0, i = y * W; x < W; x++, i++) weave[i] = 128 + ((colOdd[x] ^ rowOdd) ? 40 : -40) * (rowEdge || colEdge[x] ? 1.5 : 1);
      }
      layers.push({ strength: 0.35, blur: 0, source: { data: weave, width: W, height: H, channels: 1 } });
    }
    img = await reliefs(img, layers);
    img = vignette(img, 0.3, '#2a1a0a');
    if (options.gilded_frame) img = await withFrame(ctx, img);
    return img;
  },
});
