/**
 * Animated-cartoon looks: Simpsons (yellow skin, flat colour, thick outlines, bulging eyes, the
 * blue sky with puffy clouds), anime (cel shading, large eyes, thin lines), Disney (storybook
 * twilight, glow, castle and forest) and clay (stop-motion plasticine).
 */
import { celShade, gradientMap, inkMask, keepFace, median3, relief, reliefs, skinMask, recolourMasked, thicken, warp, xdogMask, type Warp } from '../effects.js';
import { atSize, bloom, enlarge, fromRaw, glows, luma, noise, posterise, shrink, smoothSurface, toRaw } from '../raster.js';
import { finalGrade, vibeGrade } from '../scene.js';
import { animatedPerson, celFace, celPerson, colourOf, faceOutline, inkOutline, polygonMask, withAlphaOf } from '../cutout.js';
import { clayFigure } from './clay-person.js';
import type { TrendContext } from '../types.js';
import type { Raw } from '../raster.js';
import { linearGradient, r } from '../util/svg.js';
import { castle, clouds, petals, radialLines, sparkles } from './decor.js';
import { styledTrend, type FaceGeom } from './styled.js';

const S_ = (ctx: TrendContext) => Math.min(ctx.W, ctx.H);
const scaleBox = (b: FaceGeom['box'], k: number) => ({ left: b.left * k, top: b.top * k, width: b.width * k, height: b.height * k });

/** Magnify both eyes (landmark-driven). */
const eyeWarps = (f: FaceGeom, scale: number, reach = 2.3): Warp[] => f.eyes.map((e) => ({ x: e.x, y: e.y, r: e.r * reach, scale }));

const skyBackdrop = (ctx: TrendContext, top: string, bottom: string, cloudCount: number) => {
  if (ctx.background) return undefined;
  const { W, H } = ctx;
  const S = S_(ctx);
  const defs = linearGradient(`${ctx.id}sky`, [[0, top], [1, bottom]]);
  const body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}sky)"/>` + clouds(W, H, ctx.rng.fork('clouds'), cloudCount, S, 0.05, 0.5, '#ffffff', '#e6eef8');
  return { defs, body, groundY: H * 0.94, dark: false };
};

// ---------------------------------------------------------------------------------------------

const SIMPSON_YELLOW = '#fed90f';
/** How much light hair round a yellow face is darkened (its own light scaled, redder). */
const SIMPSON_HAIR_SHADE = 0.7;
/** The Simpsons eye's radius, in the photo eye's radii (landmark circle). */
const SIMPSON_EYE = 1.7;

/**
 * Big round Simpsons eyes on a photo face: a white disc on each eye with the person's own eye
 * drawn inside it from `src` (the bulged photo before the flat colour): its light mapped so skin
 * and sclera turn white and the iris, lashes and lids stay dark strokes. The gaze and the eye's
 * shape stay theirs, which face recognition needs (a plain white disc with a dot hid the person).
 */
function simpsonEyes(img: Raw, src: Raw, f: FaceGeom): Raw {
  const { width: W, height: H, channels: C } = img;
  const out = Buffer.from(img.data);
  const sc = src.channels;
  for (const e of f.eyes) {
    const R = e.r * SIMPSON_EYE;
    // The iris: darker than most of the eye's neighbourhood (a quarter of the darkest pixels).
    const ls: number[] = [];
    const lum = (x: number, y: number) => { const i = (y * W + x) * sc; return 0.299 * src.data[i] + 0.587 * src.data[i + 1] + 0.114 * src.data[i + 2]; };
    for (let y = Math.max(0, Math.floor(e.y - e.r * 0.6)); y < Math.min(H, e.y + e.r * 0.6); y++) for (let x = Math.max(0, Math.floor(e.x - e.r)); x < Math.min(W, e.x + e.r); x++) ls.push(lum(x, y));
    ls.sort((a, b) => a - b);
    const dark = ls.length ? ls[Math.floor(ls.length * 0.15)] : 60;
    const light = ls.length ? ls[Math.floor(ls.length * 0.8)] : 200;
    for (let y = Math.max(0, Math.floor(e.y - R)); y < Math.min(H, Math.ceil(e.y + R)); y++) {
      for (let x = Math.max(0, Math.floor(e.x - R)); x < Math.min(W, Math.ceil(e.x + R)); x++) {
        const d = Math.hypot(x - e.x, y - e.y) / R;
        if (d >= 1) continue;
        const edge = Math.min(1, (1 - d) * R * 0.5);
        // The eye's own light mapped into the white: skin and sclera white, the iris, lashes and
        // lids kept as dark strokes (the person's eye drawn inside the big round one).
        const t = Math.max(0, Math.min(1, (lum(x, y) - dark) / Math.max(20, light - dark)));
        const v = 17 + 238 * Math.pow(t, 0.6);
        const i = (y * W + x) * C;
        for (let c = 0; c < 3; c++) out[i + c] = out[i + c] + (v - out[i + c]) * edge;
      }
    }
  }
  return { ...img, data: out };
}

/**
 * The face drawn in ink as the show draws it, from the landmarks: the jaw's outline, the nose's
 * rounded tip and the mouth's line. The yellow face keeps the shape of the person's own (and face
 * detection finds it again: the yellow alone leaves too little of a face to find).
 */
function simpsonInk(lm: Array<{ x: number; y: number }>, eyeR: number, withMouth: boolean): string {
  const w = r(Math.max(1.5, eyeR * 0.22));
  const path = (idx: number[]) => `M${idx.map((i) => `${r(lm[i].x)},${r(lm[i].y)}`).join(' L')}`;
  // The jaw from ear to ear: the face's own outline.
  const jaw = path([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  // The nose: its tip as a rounded bulb over the nostrils.
  const tip = lm[30], l = lm[31], rr = lm[35], under = lm[33];
  const nose = `M${r(l.x)},${r(l.y)} Q${r(tip.x + (l.x - rr.x) * 0.35)},${r(tip.y)} ${r(tip.x)},${r(tip.y - (under.y - tip.y) * 0.6)} Q${r(tip.x + (rr.x - l.x) * 0.35)},${r(tip.y)} ${r(rr.x)},${r(rr.y)}`;
  // The mouth: the line between the lips, corner to corner, and the lower lip's curve.
  const mouth = path([48, 60, 61, 62, 63, 64, 54]);
  const lower = path([54, 55, 56, 57, 58, 59, 48]);
  const lips = withMouth ? `<path d="${mouth}"/><path d="${lower}" stroke-width="${r(w * 0.6)}"/>` : '';
  return `<g fill="none" stroke="#111" stroke-linecap="round" stroke-linejoin="round" stroke-width="${w}"><path d="${jaw}"/><path d="${nose}"/>${lips}</g>`;
}

/** Light hair beside and above the face darkened (its own light scaled, redder), in place: a mass apart from the yellow face. RGBA. */
function darkenHair(layer: Raw, lm: Array<{ x: number; y: number }>): void {
  const out = layer.data;
  hairZone(layer.width, layer.height, lm, (k) => {
    const o = k * 4;
    if (out[o + 3] === 0) return;
    const l = 0.299 * out[o] + 0.587 * out[o + 1] + 0.114 * out[o + 2];
    const f = 1 - (1 - SIMPSON_HAIR_SHADE) * Math.max(0, Math.min(1, (l - 70) / 50));
    out[o] *= f;
    out[o + 1] *= f * f;
    out[o + 2] *= f * f;
  });
}

/**
 * Around the head, only the face (inside its outline, tilt followed) and what is below the jaw
 * (neck, shoulders) stay in the yellow skin mask: light or red hair beside and above the face is
 * near the skin's colour, and yellow there merged the face into the hair (a tilted face was then
 * no longer found). In place; `mask` in frame pixels.
 */
function keepHairOut(mask: Raw, lm: Array<{ x: number; y: number }>): void {
  const data = mask.data;
  hairZone(mask.width, mask.height, lm, (k) => { data[k] = 0; });
}

/**
 * The pixels round the head that are not face: beside and above it (within two face lengths),
 * outside the face's outline (tilt followed) and above the jaw: `visit(k)` for each (k: y·W + x).
 */
function hairZone(W: number, H: number, lm: Array<{ x: number; y: number }>, visit: (k: number) => void): void {
  const { outline, down, browMid, len } = faceOutline(lm);
  const R = len * 1.9;
  const x0 = Math.max(0, Math.floor(browMid.x - R)), x1 = Math.min(W, Math.ceil(browMid.x + R));
  const y0 = Math.max(0, Math.floor(browMid.y - R)), y1 = Math.min(H, Math.ceil(browMid.y + R));
  if (x1 - x0 < 2 || y1 - y0 < 2) return;
  const inside = polygonMask(outline.map((p) => ({ x: p.x - x0, y: p.y - y0 })), x1 - x0, y1 - y0).data;
  // Below this far down the face's axis (the jaw's sides and the chin) it is neck: left as it is.
  const jawLevel = Math.min(...[4, 8, 12].map((i) => (lm[i].x - browMid.x) * down.x + (lm[i].y - browMid.y) * down.y));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const dx = x - browMid.x, dy = y - browMid.y;
      if (dx * dx + dy * dy > R * R) continue;
      if (dx * down.x + dy * down.y >= jawLevel) continue;
      if (inside[(y - y0) * (x1 - x0) + (x - x0)] === 0) visit(y * W + x);
    }
  }
}

export const simpsons = styledTrend({
  slug: 'simpsons',
  name: 'Simpsons',
  aliases: ['simpsons-style', 'springfield', 'simpsonize', 'yellow-cartoon'],
  backgrounds: ['nature', 'city', 'studio'],
  faceFraction: 0.36,
  // The cut-out person: light hair round the face a shade darker (a separate mass from the yellow
  // face, which faceEdit paints) and the silhouette inked, as the show outlines its people.
  person: async (ctx, layer) => {
    const face = ctx.photo?.faceIn(layer.width, layer.height, 0.36);
    const out = { ...layer, data: Buffer.from(layer.data) };
    if (face && face.landmarks.length === 68 && ctx.options.yellow_skin !== false) darkenHair(out, face.landmarks);
    return inkOutline(out, Math.min(layer.width, layer.height) * 0.005);
  },
  figure(spec, ctx) {
    // Yellow is the look: on unless the member turned the option off.
    if (ctx.options.yellow_skin !== false && (spec.kind === 'person' || spec.kind === 'robot')) spec.skin = SIMPSON_YELLOW;
    spec.eyeScale = 1.35;
    if (ctx.options.overbite) spec.expression = 'grin';
  },
  backdrop(ctx) {
    const sky = skyBackdrop(ctx, '#3f9be8', '#bfe6ff', 6);
    if (!sky) return undefined;
    const { W, H } = ctx;
    sky.body += `<path d="M0,${r(H * 0.8)} Q${r(W * 0.3)},${r(H * 0.72)} ${r(W * 0.6)},${r(H * 0.8)} T${W},${r(H * 0.78)} V${H} H0Z" fill="#6cc24a"/><rect y="${r(H * 0.9)}" width="${W}" height="${r(H * 0.1)}" fill="#9a9a9a"/>`;
    return sky;
  },
  sceneBack(ctx, g) {
    const { W, H, options } = ctx;
    const S = S_(ctx);
    let s = '';
    if (options.springfield_scene) {
      // Skyline, the two cooling towers and green hills of the town.
      const base = H * 0.8;
      for (let i = 0; i < 9; i++) s += `<rect x="${r(W * (0.02 + i * 0.11))}" y="${r(base - H * (0.12 + ((i * 37) % 10) / 60))}" width="${r(W * 0.08)}" height="${r(H * 0.3)}" fill="${['#8f6bb3', '#c77b5a', '#5f8fb0'][i % 3]}" stroke="#222" stroke-width="${r(S * 0.004)}"/>`;
      for (const x of [0.7, 0.84]) s += `<path d="M${r(W * x)},${r(base)} C${r(W * (x + 0.02))},${r(base - H * 0.12)} ${r(W * (x + 0.01))},${r(base - H * 0.2)} ${r(W * (x + 0.015))},${r(base - H * 0.3)} H${r(W * (x + 0.095))} C${r(W * (x + 0.1))},${r(base - H * 0.2)} ${r(W * (x + 0.09))},${r(base - H * 0.12)} ${r(W * (x + 0.11))},${r(base)}Z" fill="#b8b8b0" stroke="#222" stroke-width="${r(S * 0.004)}"/><ellipse cx="${r(W * (x + 0.055))}" cy="${r(base - H * 0.33)}" rx="${r(W * 0.05)}" ry="${r(H * 0.04)}" fill="#f4f4f4" opacity="0.9"/>`;
    }
    if (options.simpson_house) {
      const hx = g.figX < W / 2 ? W * 0.72 : W * 0.28;
      const hw = S * 0.42;
      const base = g.groundY - S * 0.04;
      const hh = hw * 0.5;
      s += `<rect x="${r(hx - hw / 2)}" y="${r(base - hh)}" width="${r(hw)}" height="${r(hh)}" fill="#f2a65a" stroke="#222" stroke-width="${r(S * 0.004)}"/>`;
      s += `<path d="M${r(hx - hw * 0.58)},${r(base - hh)} L${r(hx - hw * 0.2)},${r(base - hh - hw * 0.28)} L${r(hx + hw * 0.58)},${r(base - hh - hw * 0.28)} L${r(hx + hw * 0.62)},${r(base - hh)}Z" fill="#8a5a3c" stroke="#222" stroke-width="${r(S * 0.004)}"/>`;
      s += `<rect x="${r(hx - hw * 0.08)}" y="${r(base - hh * 0.6)}" width="${r(hw * 0.14)}" height="${r(hh * 0.6)}" fill="#ffffff" stroke="#222" stroke-width="${r(S * 0.003)}"/>`;
      for (const dx of [-0.32, 0.25]) s += `<rect x="${r(hx + hw * dx)}" y="${r(base - hh * 0.8)}" width="${r(hw * 0.12)}" height="${r(hh * 0.3)}" fill="#9fd3f0" stroke="#222" stroke-width="${r(S * 0.003)}"/>`;
    }
    return s;
  },
  sceneFront(ctx, g) {
    if (!ctx.options.overbite) return '';
    // The muzzle and overbite drawn on the character's face.
    const p = g.place;
    const mx = p.x + 300 * p.scale;
    const my = p.y + (300 + 188 * 0.55) * p.scale;
    const w = 200 * 0.55 * p.scale;
    return `<path d="M${r(mx - w)},${r(my - w * 0.1)} Q${r(mx)},${r(my - w * 0.5)} ${r(mx + w)},${r(my - w * 0.1)} Q${r(mx + w * 1.05)},${r(my + w * 0.45)} ${r(mx)},${r(my + w * 0.55)} Q${r(mx - w * 1.05)},${r(my + w * 0.45)} ${r(mx - w)},${r(my - w * 0.1)}Z" fill="#d1b271" stroke="#222" stroke-width="${r(w * 0.06)}"/><path d="M${r(mx - w * 0.7)},${r(my + w * 0.2)} Q${r(mx)},${r(my + w * 0.42)} ${r(mx + w * 0.7)},${r(my + w * 0.2)}" fill="none" stroke="#222" stroke-width="${r(w * 0.07)}" stroke-linecap="round"/>`;
  },
  async faceEdit(ctx, img0, f) {
    if (!f.fromPhoto) return img0;
    let img = img0;
    // Bulging eyes, always; the overbite pushes the upper lip forward and down.
    const warps = eyeWarps(f, 0.45, 2.4);
    if (ctx.options.overbite) warps.push({ x: f.mouth.x, y: f.mouth.y - f.mouth.w * 0.15, r: f.mouth.w * 1.1, scale: 0.35, dy: f.mouth.w * 0.22 });
    img = warp(img, warps);
    // Skin around the face, neck and shoulders only (photos): walls and wood of the same hue stay.
    const near = f.fromPhoto ? { x: f.box.left + f.box.width / 2, y: f.box.top + f.box.height * 0.8, rx: f.box.width * 1.5, ry: f.box.height * 1.7 } : undefined;
    if (ctx.options.yellow_skin !== false) {
      // The skin near the person, and the whole face oval with a wider tolerance: under coloured
      // light (a blue or pink cast) the cheeks' own colour spreads too far for the narrow one.
      const body = await skinMask(img, f.skin, 1.1, near);
      const oval = { x: f.box.left + f.box.width / 2, y: f.box.top + f.box.height * 0.55, rx: f.box.width * 0.6, ry: f.box.height * 0.58 };
      const faceSkin = await skinMask(img, f.skin, 2.4, oval);
      for (let i = 0; i < body.data.length; i++) if (faceSkin.data[i] > body.data[i]) body.data[i] = faceSkin.data[i];
      // Inside the inner oval every light pixel is face, whatever its colour (eyes, brows and lips stay: they are dark).
      const { width: W, data, channels: C } = img;
      const ix = oval.rx * 0.8, iy = oval.ry * 0.78;
      for (let y = Math.max(0, Math.floor(oval.y - iy)); y < Math.min(img.height, Math.ceil(oval.y + iy)); y++) {
        for (let x = Math.max(0, Math.floor(oval.x - ix)); x < Math.min(W, Math.ceil(oval.x + ix)); x++) {
          const e = ((x - oval.x) / ix) ** 2 + ((y - oval.y) / iy) ** 2;
          if (e >= 1) continue;
          const i = (y * W + x) * C;
          const l = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
          const v = Math.min(1, (1 - e) / 0.25) * Math.max(0, Math.min(1, (l - 70) / 40)) * 255;
          const k = y * W + x;
          if (v > body.data[k]) body.data[k] = v;
        }
      }
      if (f.landmarks) keepHairOut(body, f.landmarks);
      img = recolourMasked(img, body, SIMPSON_YELLOW, 195);
    }
    return img;
  },
  async stylize(ctx, img0, s) {
    const S = S_(ctx);
    const look = { warmth: 0.1, saturation: 1.4, contrast: 0.12, brightness: 1.05 };
    // Photos are smoothed and graded at half size (the grade is per pixel), enlarged once for the
    // full-size outlines; their flat colour is posterised from the half-size copy.
    const small = s.photo ? await finalGrade(await smoothSurface(await shrink(img0, 2), 3, 0.75), look, vibeGrade(ctx.req.vibe)) : undefined;
    let img = small ? await enlarge(small, ctx.W, ctx.H) : await finalGrade(img0, look, vibeGrade(ctx.req.vibe));
    // Photos: lines only where the smoothed picture has a clear edge (hair and cloth texture stay flat).
    const lines = await thicken(await xdogMask(img, S * 0.003, s.photo ? 4 : 2, 4), S * 0.002);
    img = small ? await posterise(small, 8, 1.5, 0, { width: ctx.W, height: ctx.H }) : await posterise(img, 8, 3);
    // The face keeps some of its smooth shading, so the person stays recognisable under the flat colour.
    if (small && s.face?.fromPhoto) img = keepFace(img, small, s.face.box, 0.7);
    img = inkMask(img, lines, '#111111');
    if (s.face?.fromPhoto) img = simpsonEyes(img, img0, s.face);
    return img;
  },
  overlay(ctx, s) {
    if (!s.face || !s.face.fromPhoto) return '';
    // The round eyes' black rims (the eyes themselves: simpsonEyes).
    const rims = s.face.eyes.map((e) => `<circle cx="${r(e.x)}" cy="${r(e.y)}" r="${r(e.r * SIMPSON_EYE)}" fill="none" stroke="#111" stroke-width="${r(e.r * 0.12)}"/>`).join('');
    // With the overbite the mouth is warped away from its landmarks: it keeps its own inked edges.
    return rims + (s.face.landmarks ? simpsonInk(s.face.landmarks, s.face.eyes[0].r, !ctx.options.overbite) : '');
  },
});

// ---------------------------------------------------------------------------------------------

/** Anime's line art: a deep violet, not black. */
const ANIME_INK = '#2a1f3a';

export const anime = styledTrend({
  slug: 'anime',
  name: 'Anime',
  aliases: ['anime-style', 'anime-character', 'manga', 'animeify', 'waifu'],
  backgrounds: ['nature', 'city', 'beach', 'gradient'],
  faceFraction: 0.38,
  shading: 'soft',
  figure(spec, ctx) {
    spec.eyeScale = ctx.options.sparkle_eyes ? 1.5 : 1.25;
    spec.outfitAccent = '#ffffff';
  },
  backdrop: (ctx) => skyBackdrop(ctx, '#2f8fe8', '#cdeeff', 4),
  async person(ctx, layer) {
    const S = S_(ctx);
    const cel = await celPerson(layer, S, ctx.options.cel_shading ? 2 : 3);
    // The face painted flat (skin and one clean shadow), its features the person's own.
    const face = ctx.photo?.faceIn(layer.width, layer.height, 0.38);
    const painted = face ? await celFace(cel, layer, face) : cel;
    // Line art as anime draws a figure: the silhouette outlined, and thin lines where the painted
    // figure has a clear edge (hair locks, folds, the jaw); the smoothed cels alone gave the scene's
    // inks almost nothing to find on the person.
    const colour = colourOf(painted);
    const lines = await xdogMask(colour, S * 0.002, 2.5, 5);
    // Not across the face: its cel shadow's edge is no line, and its features are drawn already (celFace).
    if (face && face.landmarks.length === 68) {
      const inside = polygonMask(faceOutline(face.landmarks).outline, layer.width, layer.height).data;
      for (let p = 0; p < inside.length; p++) if (inside[p]) lines.data[p] = 0;
    }
    return inkOutline(withAlphaOf(inkMask(colour, lines, ANIME_INK, 0.75), painted), S * 0.006, [42, 31, 58]);
  },
  faceEdit(ctx, img, f) {
    if (!f.fromPhoto) return img;
    return warp(img, eyeWarps(f, ctx.options.sparkle_eyes ? 0.5 : 0.4));
  },
  async stylize(ctx, img0, s) {
    const { options } = ctx;
    const S = S_(ctx);
    const look = { warmth: -0.1, saturation: 1.35, contrast: 0.05, brightness: 1.08 };
    // Photos are smoothed and graded at half size (the grade is per pixel) and enlarged once.
    // A cut-out person is cel-shaded already (celPerson) in a drawn scene: inks and light only.
    let img = s.photo && !s.cutout
      ? await enlarge(await finalGrade(await smoothSurface(await shrink(img0, 2), 3, 0.6), look, vibeGrade(ctx.req.vibe)), ctx.W, ctx.H)
      : await finalGrade(img0, look, vibeGrade(ctx.req.vibe));
    const lines = await xdogMask(img, S * (s.photo ? 0.0022 : 0.0016), s.photo ? 5 : 3, 6);
    // On photos the bands follow the blurred light (broad cels), not the skin's and fabric's noise.
    // (Blurred at full size: sharp keeps only a pipeline's last resize, and this one ends at W×H.)
    if (!s.cutout) {
      const guide = s.photo ? await toRaw(fromRaw(luma(img)).blur(Math.max(0.5, S * 0.0015)).extractChannel(0)) : undefined;
      img = celShade(img, options.cel_shading ? 2 : s.photo ? 3 : 4, options.cel_shading ? 0.35 : s.photo ? 0.3 : 0.2, guide);
    }
    img = inkMask(img, lines, ANIME_INK, 0.9);
    img = await bloom(img, 0.75, 0.35, 0.03);
    // The soft sky glow of anime key art from the top.
    img = glows(img, [{ cx: ctx.W * 0.7, cy: 0, rx: ctx.W, ry: ctx.H * 0.7, colour: '#fff4e0', opacity: 0.25, blend: 'screen' }]);
    return img;
  },
  overlay(ctx, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let o = '';
    if (options.speed_lines) {
      const cx = s.face ? s.face.box.left + s.face.box.width / 2 : W / 2;
      const cy = s.face ? s.face.box.top + s.face.box.height / 2 : H / 2;
      o += `<g opacity="0.8">${radialLines(W, H, cx, cy, rng.fork('speed'), 110, S * 0.4, '#ffffff', S * 0.007)}</g>`;
    }
    if (options.sparkle_eyes && s.face) {
      for (const e of s.face.eyes) {
        const k = e.r * (s.face.fromPhoto ? 0.55 : 0.5);
        o += `<circle cx="${r(e.x - e.r * 0.25)}" cy="${r(e.y - e.r * 0.2)}" r="${r(k * 0.45)}" fill="#fff"/>`;
        o += `<path transform="translate(${r(e.x + e.r * 0.3)} ${r(e.y + e.r * 0.15)})" d="M0,${r(-k)} Q0,0 ${r(k)},0 Q0,0 0,${r(k)} Q0,0 ${r(-k)},0 Q0,0 0,${r(-k)}Z" fill="#ffffff"/>`;
      }
      o += sparkles(W, H, rng.fork('sparkle'), 18, ['#ffffff', '#fff6c0', '#ffd6f0'], S * 0.012);
    }
    if (options.sakura_petals) o += petals(W, H, rng.fork('petals'), 40, S * 0.018);
    return o;
  },
});

// ---------------------------------------------------------------------------------------------

function tree(x: number, base: number, h: number, fill: string): string {
  const w = h * 0.45;
  return `<rect x="${r(x - h * 0.03)}" y="${r(base - h * 0.3)}" width="${r(h * 0.06)}" height="${r(h * 0.3)}" fill="${fill}"/>` +
    [0, 1, 2].map((i) => `<path d="M${r(x - w * (0.5 - i * 0.1))},${r(base - h * (0.25 + i * 0.22))} L${r(x)},${r(base - h * (0.62 + i * 0.2))} L${r(x + w * (0.5 - i * 0.1))},${r(base - h * (0.25 + i * 0.22))}Z" fill="${fill}"/>`).join('');
}

function critters(ctx: TrendContext, x: number, y: number, S: number): string {
  // A bluebird pair and a rabbit: simple storybook shapes.
  const bird = (bx: number, by: number, k: number, flip: number) =>
    `<g transform="translate(${r(bx)} ${r(by)}) scale(${r(flip * k)} ${r(k)})"><ellipse cx="0" cy="0" rx="22" ry="15" fill="#5aa7f0"/><circle cx="16" cy="-10" r="11" fill="#5aa7f0"/><path d="M26,-10 l10,3 l-10,3Z" fill="#f2b233"/><circle cx="19" cy="-12" r="2.5" fill="#111"/><path d="M-6,-6 q-14,-22 -26,-6 q10,2 26,6Z" fill="#3d86d6"/><path d="M-20,2 l-14,6 l2,-10Z" fill="#3d86d6"/><ellipse cx="4" cy="6" rx="12" ry="6" fill="#dff0ff"/></g>`;
  const rabbit = (rx: number, ry: number, k: number) =>
    `<g transform="translate(${r(rx)} ${r(ry)}) scale(${r(k)})"><ellipse cx="0" cy="-30" rx="34" ry="30" fill="#c9b49a"/><circle cx="26" cy="-62" r="22" fill="#c9b49a"/><ellipse cx="18" cy="-100" rx="7" ry="26" fill="#c9b49a"/><ellipse cx="34" cy="-98" rx="7" ry="26" fill="#c9b49a"/><ellipse cx="18" cy="-100" rx="3" ry="18" fill="#f2c4c4"/><circle cx="34" cy="-64" r="4" fill="#111"/><circle cx="46" cy="-56" r="3" fill="#d77"/><circle cx="-34" cy="-26" r="10" fill="#fff"/><ellipse cx="0" cy="-4" rx="30" ry="8" fill="#a8937a"/></g>`;
  return bird(x - S * 0.1, y - S * 0.05, S / 320, 1) + bird(x + S * 0.12, y - S * 0.12, S / 380, -1) + rabbit(ctx.W * 0.15, ctx.H * 0.95, S / 450);
}

export const disney = styledTrend({
  slug: 'disney',
  name: 'Disney',
  aliases: ['disney-style', 'disney-princess', 'fairytale', 'storybook', 'disneyfy'],
  backgrounds: ['nature', 'cosmic', 'studio'],
  faceFraction: 0.34,
  shading: 'gloss',
  figure(spec) {
    spec.eyeScale = 1.18;
    spec.expression = 'smile';
  },
  // The cut-out person as a 3D-animated storybook character: big eyes, soft nose, rendered
  // materials; softer than Pixar's (light wrapping further round the forms, a gentler gloss) and warmer.
  person: (ctx, layer) => animatedPerson(layer, ctx.photo?.faceIn(layer.width, layer.height, 0.34), { eyes: 0.5, key: [1.1, 1.0, 0.92], gloss: 0.6, wrap: 0.5, skinIdeal: [244, 188, 160] }),
  backdrop(ctx) {
    if (ctx.background) return undefined;
    const { W, H, rng } = ctx;
    const S = S_(ctx);
    const defs = linearGradient(`${ctx.id}tw`, [[0, '#1b1f5e'], [0.45, '#5a3f9a'], [0.75, '#e88fb0'], [1, '#ffd9a0']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}tw)"/>`;
    const st = rng.fork('stars');
    for (let i = 0; i < 90; i++) body += `<circle cx="${r(st.range(0, W))}" cy="${r(st.range(0, H * 0.5))}" r="${r(S * st.range(0.001, 0.003))}" fill="#fff" opacity="${r(st.range(0.4, 1))}"/>`;
    body += `<path d="M0,${r(H * 0.82)} Q${r(W * 0.25)},${r(H * 0.74)} ${r(W * 0.5)},${r(H * 0.8)} T${W},${r(H * 0.76)} V${H} H0Z" fill="#2f4f6f"/><path d="M0,${r(H * 0.9)} Q${r(W * 0.4)},${r(H * 0.84)} ${W},${r(H * 0.9)} V${H} H0Z" fill="#3f6f5a"/>`;
    return { defs, body, groundY: H * 0.93, dark: true };
  },
  sceneBack(ctx, g) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let s = '';
    if (options.fairytale_castle) s += castle(g.figX < W / 2 ? W * 0.76 : W * 0.24, H * 0.8, S * 0.5, '#c7c9ee', '#4a5ab8');
    if (options.magical_forest) {
      const t = rng.fork('forest');
      for (let i = 0; i < 8; i++) {
        const left = i % 2 === 0;
        s += tree(left ? W * t.range(-0.05, 0.2) : W * t.range(0.8, 1.05), H * t.range(0.85, 1.0), S * t.range(0.55, 0.9), '#13324a');
      }
    }
    return s;
  },
  sceneFront(ctx, g) {
    const S = S_(ctx);
    return ctx.options.animal_companions ? critters(ctx, g.figX + g.place.width * 0.55, g.groundY - g.place.height * 0.55, S) : '';
  },
  async stylize(ctx, img0, s) {
    const { options } = ctx;
    let img = img0;
    // A cut-out person is rendered already (animatedPerson): a 3D character needs no contours.
    if (s.photo && !s.cutout) {
      // A photo becomes a painted storybook frame: fewer, softer colours and thin violet contours,
      // both found on a smoothed half-size copy (its own pipeline) and enlarged once.
      const frame = { width: ctx.W, height: ctx.H };
      const small = await smoothSurface(await shrink(img0, 2), 3, 0.6);
      const lines = await xdogMask(small, S_(ctx) * 0.001, 3, 6, 1, frame);
      img = await posterise(small, 14, 1, 0, frame);
      // Flat colour on the face loses the shading it is recognised by: keep some of the smooth picture there.
      if (s.face?.fromPhoto) img = keepFace(img, small, s.face.box, 0.6);
      img = inkMask(img, lines, '#2a1a50', 0.6);
    }
    // Storybook split tone: indigo shadows, rose mids, gold highlights.
    img = gradientMap(img, [[0, '#1a1450'], [0.45, '#b05a8a'], [0.8, '#ffd49a'], [1, '#fffaf0']], s.cutout ? 0.26 : s.photo ? 0.42 : 0.2);
    img = await bloom(img, options.magical_glow ? 0.55 : 0.7, options.magical_glow ? 0.8 : 0.4, 0.04);
    return finalGrade(img, { warmth: 0.25, saturation: 1.3, contrast: 0.1, brightness: 1.04 }, vibeGrade(ctx.req.vibe), 0.35, '#1a1450');
  },
  overlay(ctx, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    let o = '';
    if (s.photo) {
      if (options.magical_forest) {
        const t = rng.fork('forest');
        for (let i = 0; i < 6; i++) o += tree(i % 2 ? W * t.range(0.88, 1.04) : W * t.range(-0.04, 0.12), H * 1.02, S * t.range(0.6, 0.95), '#0d2236');
      }
      if (options.fairytale_castle) o += `<g opacity="0.9">${castle(W * 0.82, H * 0.32, S * 0.28, '#dfe0ff', '#5a6ad0')}</g>`;
      if (options.animal_companions) o += critters(ctx, W * 0.78, H * 0.88, S);
    }
    // Pixie-dust arc over the scene; denser with the glow option.
    const n = options.magical_glow ? 60 : 24;
    const arc = rng.fork('dust');
    for (let i = 0; i < n; i++) {
      const t = i / n;
      const x = W * (0.08 + t * 0.84) + arc.range(-1, 1) * S * 0.03;
      const y = H * (0.3 - Math.sin(t * Math.PI) * 0.22) + arc.range(-1, 1) * S * 0.03;
      o += `<circle cx="${r(x)}" cy="${r(y)}" r="${r(S * arc.range(0.002, 0.006))}" fill="#fff6c8" opacity="${r(arc.range(0.5, 1))}"/>`;
    }
    o += sparkles(W, H, rng.fork('sparkles'), options.magical_glow ? 16 : 6, ['#ffffff', '#fff0a8'], S * 0.012, { x0: 0.05, y0: 0.05, x1: 0.95, y1: 0.5 });
    return o;
  },
});

// ---------------------------------------------------------------------------------------------

/** How much of clayFigure's own modelling a cut-out face keeps over the set's emboss. */
const CLAY_FACE_MODELLED = 0.7;

function fingerprint(cx: number, cy: number, R: number, rot: number): string {
  let s = `<g transform="rotate(${r(rot)} ${r(cx)} ${r(cy)})" fill="none" stroke="#000" stroke-width="${r(R * 0.035)}">`;
  for (let k = 1; k <= 9; k++) s += `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(R * k * 0.1)}" ry="${r(R * k * 0.13)}"/>`;
  return s + '</g>';
}

export const clay = styledTrend({
  slug: 'clay',
  name: 'Claymation',
  aliases: ['claymation', 'clay-style', 'plasticine', 'stop-motion', 'aardman'],
  backgrounds: ['studio', 'nature', 'minimalist'],
  faceFraction: 0.36,
  shading: 'soft',
  // Rounded and coloured at half size (see stylize): the base picture is made there.
  workScale: 0.5,
  // The cut-out person becomes a plasticine figure: rounded body, sheen, fingerprints.
  person: (ctx, layer) => clayFigure(layer, ctx.rng.fork('clay'), ctx.photo?.faceIn(layer.width, layer.height, 0.36)),
  backdrop(ctx) {
    if (!ctx.options.stop_motion_set) return undefined;
    const { W, H } = ctx;
    const S = S_(ctx);
    // The tabletop set: painted card sky, cardboard clouds on sticks, a plywood floor.
    const defs = linearGradient(`${ctx.id}card`, [[0, '#9fd0f0'], [1, '#e8f4fa']]) + linearGradient(`${ctx.id}ply`, [[0, '#c89a62'], [1, '#9a6a3a']]);
    let body = `<rect width="${W}" height="${H}" fill="url(#${ctx.id}card)"/>`;
    for (const [x, y] of [[0.2, 0.18], [0.72, 0.12]]) body += `<rect x="${r(W * x - S * 0.004)}" y="${r(H * y)}" width="${r(S * 0.008)}" height="${r(H * 0.3)}" fill="#7a5a3a"/><ellipse cx="${r(W * x)}" cy="${r(H * y)}" rx="${r(S * 0.13)}" ry="${r(S * 0.06)}" fill="#fafafa" stroke="#c8c8c8" stroke-width="${r(S * 0.006)}"/>`;
    body += `<rect y="${r(H * 0.72)}" width="${W}" height="${r(H * 0.28)}" fill="url(#${ctx.id}ply)"/>`;
    for (let i = 0; i < 8; i++) body += `<path d="M${r((W * i) / 8)},${r(H * 0.72)} L${r((W * (i - 3.5)) / 2.2 + W / 2)},${H}" stroke="#7a5030" stroke-width="${r(S * 0.003)}" opacity="0.5"/>`;
    return { defs, body, groundY: H * 0.86, dark: false };
  },
  async stylize(ctx, img0, s) {
    const { W, H, options, rng } = ctx;
    const S = S_(ctx);
    // Plasticine: shapes rounded off (median), few flat colours, then a lumpy,
    // hand-pressed surface lit from the upper left. The rounding and the colours are soft, so
    // they are made at half size (a 3×3 median there rounds like a 5×5 at full size), enlarged
    // once and blurred.
    let img = median3(await atSize(img0, Math.round(W / 2), Math.round(H / 2)));
    // A photo becomes a few saturated lumps of plasticine (fewer colours than a drawn scene has);
    // a cut-out person is plasticine already (clayFigure's colours: graded again, its face blotched).
    if (s.photo && !s.cutout) img = await finalGrade(img, { warmth: 0.2, saturation: 1.45, contrast: 0.15, brightness: 1.04 }, vibeGrade());
    const graded = img;
    // A cut-out person is plasticine already (clayFigure): fewer bands would blotch the face.
    img = await posterise(img, s.cutout ? 18 : s.photo ? 10 : 14, 1);
    // The face keeps some of its smooth shading (identity), at the same half size.
    if (s.face?.fromPhoto) img = keepFace(img, graded, scaleBox(s.face.box, img.width / W), 0.55);
    img = await enlarge(img, W, H);
    img = await toRaw(fromRaw(img).blur(Math.max(1, S * 0.002)));
    // Pastel keeps its darks (a light-only map washes the picture out).
    if (options.pastel_clay) img = gradientMap(img, [[0, '#3a2a5a'], [0.35, '#b06a98'], [0.7, '#f0b0a0'], [1, '#fff0d8']], 0.4);
    const lumps = await enlarge(noise(Math.round(W / 40), Math.round(H / 40), rng.fork('lumps'), 1), W, H, 'cubic');
    const modelled = img;
    img = await reliefs(img, [{ strength: s.photo ? 0.9 : 0.6, blur: Math.max(2, S * 0.004) }, { strength: 0.25, blur: 2, source: lumps }]);
    // A cut-out face is modelled already (clayFigure): embossed again, every feature's edge doubles
    // and a tilted face is no longer found as one; it keeps most of its own modelling.
    if (s.cutout && s.face?.fromPhoto) img = keepFace(img, modelled, s.face.box, CLAY_FACE_MODELLED);
    if (options.fingerprint_texture) {
      const f = rng.fork('prints');
      let prints = '';
      for (let i = 0; i < 9; i++) prints += fingerprint(f.range(0.1, 0.9) * W, f.range(0.1, 0.9) * H, S * f.range(0.05, 0.09), f.range(0, 180));
      const mask = await toRaw(fromRaw({ data: Buffer.alloc(W * H * 3, 128), width: W, height: H, channels: 3 }).composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><g opacity="0.5">${prints.replace(/#000/g, '#fff')}</g></svg>`) }]).blur(1.2));
      img = await relief(img, 0.9, 0, mask);
    }
    const soft = options.soft_shadows;
    img = glows(img, [{ cx: W * 0.3, cy: H * 0.2, rx: W * 0.8, ry: H * 0.7, colour: '#fff2dc', opacity: options.pastel_clay ? 0.12 : 0.25, blend: 'screen' }, ...(soft ? [{ cx: W * 0.55, cy: H * 0.98, rx: W * 0.5, ry: H * 0.12, colour: '#3a2a20', opacity: 0.5, blend: 'multiply' as const }] : [])]);
    return finalGrade(img, { warmth: 0.3, saturation: options.pastel_clay ? 1.0 : 1.3, contrast: soft ? 0.02 : 0.08, brightness: 1.03 }, vibeGrade(ctx.req.vibe), soft ? 0.5 : 0.25, '#2a1a10');
  },
  overlay(ctx) {
    if (!ctx.options.stop_motion_set) return '';
    const { W, H } = ctx;
    const S = S_(ctx);
    // The clapper slate with the frame number.
    const x = W * 0.04;
    const y = H * 0.04;
    const w = S * 0.26;
    const h = S * 0.14;
    let o = `<rect x="${r(x)}" y="${r(y + h * 0.28)}" width="${r(w)}" height="${r(h * 0.72)}" fill="#1a1a1a"/>`;
    o += `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h * 0.24)}" fill="#fafafa"/>`;
    for (let i = 0; i < 6; i++) o += `<path d="M${r(x + (i * w) / 6)},${r(y)} h${r(w / 12)} l${r(w / 12)},${r(h * 0.24)} h${r(-w / 12)}Z" fill="#1a1a1a"/>`;
    o += `<text x="${r(x + w * 0.08)}" y="${r(y + h * 0.62)}" font-family="DejaVu Sans" font-weight="bold" font-size="${r(h * 0.2)}" fill="#fff">SCENE ${ctx.rng.fork('slate').int(1, 40)}</text><text x="${r(x + w * 0.08)}" y="${r(y + h * 0.9)}" font-family="DejaVu Sans" font-size="${r(h * 0.18)}" fill="#fff">FRAME ${String(ctx.rng.fork('frame').int(1, 999)).padStart(3, '0')}</text>`;
    return o;
  },
});
