/**
 * The member's photo as a trend uses it: with the person's matte (models.ts, computed once per
 * photo by traits-worker), the person cut out and set over a scene of the trend's choosing, so the
 * photo's own background never shows; without one, the photo framed on the face as before.
 */
import { backdrop, backgroundHint, type BackgroundKind, type Tones } from './backgrounds.js';
import { enlarge, fromRaw, luma, median3, over, renderSvgSoft, smoothSurface, toRaw, type Raw } from './raster.js';
import { lightOf, withSetting } from './stage.js';
import type { PhotoFace, TrendContext } from './types.js';
import { svgDoc } from './util/svg.js';
import { hexToRgb, hsl, rgbToHex, toHsl, type Rgb } from './util/color.js';
import { gradientMap, keepFace, warp, type Warp } from './effects.js';
import { groupCircle } from './faces.js';
import { blurPlane, flatPaints as clusterPaints, paintLabels, personColours } from './trends/person-shading.js';

/** The person (cut out) over `scene(w, h)`, at w×h, framed on the face like `crop`. */
export async function personOver(ctx: TrendContext, w: number, h: number, scene: (w: number, h: number) => Promise<Raw>, faceFraction?: number): Promise<Raw> {
  const person = await ctx.photo!.cutout(w, h, faceFraction);
  if (!person) return ctx.photo!.crop(w, h, faceFraction);
  return over(await scene(w, h), [{ img: person }]);
}

/**
 * The place the prompt names (beach, city, space…), else the Background Style chip, else
 * `fallback`, drawn soft at w×h with the prompt's setting (time of day, weather) and its light.
 */
export function placeScene(ctx: TrendContext, fallback: BackgroundKind, tones: Tones, blur = 0.004): (w: number, h: number) => Promise<Raw> {
  return async (w, h) => {
    const kind = backgroundHint(ctx.prompt.text) ?? ctx.background ?? fallback;
    const sub = { ...ctx, W: w, H: h };
    const bd = withSetting(backdrop(kind, w, h, ctx.rng.fork('place'), tones, `${ctx.id}p`), sub);
    return lightOf(await renderSvgSoft(svgDoc(w, h, bd.defs, bd.body), w, h, 0.5, Math.min(w, h) * blur), sub);
  };
}

/** Whether the prompt names a place of its own (the trend's own scene otherwise). */
export const promptPlace = (ctx: TrendContext) => backgroundHint(ctx.prompt.text) !== undefined;

/** The colour channels of an RGBA layer, and the layer again with new colour and its own alpha. */
export function colourOf(layer: Raw): Raw {
  const n = layer.width * layer.height;
  const out = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n; i++) {
    out[i * 3] = layer.data[i * 4];
    out[i * 3 + 1] = layer.data[i * 4 + 1];
    out[i * 3 + 2] = layer.data[i * 4 + 2];
  }
  return { data: out, width: layer.width, height: layer.height, channels: 3 };
}

export function withAlphaOf(rgb: Raw, layer: Raw): Raw {
  const n = layer.width * layer.height;
  const out = Buffer.allocUnsafe(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = rgb.data[i * 3];
    out[i * 4 + 1] = rgb.data[i * 3 + 1];
    out[i * 4 + 2] = rgb.data[i * 3 + 2];
    out[i * 4 + 3] = layer.data[i * 4 + 3];
  }
  return { ...layer, data: out };
}

/** How `animatedPerson` renders the character: the film's eyes, light and materials. */
export interface AnimatedLook {
  /** Eye magnification (0.4: about 1.7× at the centre). */
  eyes: number;
  /** Key light's colour on a surface facing it, as RGB gains (the fill is cool). */
  key?: [number, number, number];
  /** How many flat paints the hair's and the cloth's colours are simplified to (person-shading's flatPaints). */
  paints?: number;
  /** How glossy the surfaces are (1: Pixar's crisp highlights; lower: a softer, painted storybook). */
  gloss?: number;
  /** How far the light wraps round the forms (0: a hard terminator; 0.5: soft, glowing). */
  wrap?: number;
  /** The skin hue the person's own is pulled mostly towards (a film's idealised skin; their lightness stays theirs). */
  skinIdeal?: [number, number, number];
}

/**
 * The cut-out person as a 3D-animation character (Pixar, Disney), not a filtered photo:
 * - the face's proportions pushed (landmarks): bigger eyes, a smaller, softer nose;
 * - the figure split into three materials, each rendered, not photographed: skin (the face inside
 *   its outline, and the figure's pixels of the face's colour) as one smooth tone, hair (the colour
 *   above the forehead, near the head) in a few smooth clumps of its flat paints, and cloth as its
 *   flat paints (k-means); the photo's texture is gone, only its broad light stays, partly, as form;
 * - lit as a rendered surface: normals from a height map (the silhouette blurred: a rounded, inflated
 *   body; the broad light: folds and clumps), a warm key from the upper left with a cool fill,
 *   light scattered warm into the skin's shade, a glossy highlight on the skin, a sheen band round
 *   the head on the hair;
 * - the face relit as a modelled head (headLight), its features (eyes, brows, nostrils, lips) drawn
 *   on the skin by the photo's own fine light against its broad light, so the person stays
 *   recognisable, and each eye gets a catchlight.
 * Materials and light are computed at half size (they are soft) and applied at full size. RGBA in,
 * RGBA out; `face` in the layer's pixels.
 */
export async function animatedPerson(layer0: Raw, face: PhotoFace | undefined, look: AnimatedLook): Promise<Raw> {
  const { width: W, height: H } = layer0;
  const lm = face && face.landmarks.length === 68 ? face.landmarks : undefined;
  // One warp after the other: each samples the picture as the one before left it (they overlap).
  const layer = lm ? featureWarps(lm, look.eyes).reduce((img, ws) => warp(img, ws), layer0) : layer0;
  const w = Math.round(W / 2);
  const h = Math.round(H / 2);
  const s = Math.min(w, h);
  const rgb = colourOf(layer);
  const alphaFull = Buffer.allocUnsafe(W * H);
  for (let p = 0; p < W * H; p++) alphaFull[p] = layer.data[p * 4 + 3];
  // Half size: the person's own colours (the photo's background, under the matte's soft edge,
  // replaced by theirs), the edge-keeping median and its blur, the broad light, the rounded body.
  const half = await toRaw(fromRaw(layer).resize(w, h));
  // (the matte's feather narrowed first: its outer half is mostly the photo's background)
  for (let j = 3; j < half.data.length; j += 4) half.data[j] = clamp((half.data[j] - 128) * 2 + 128);
  const med = median3(await personColours(half, s * 0.02));
  const quarter = (img: Raw, sigma: number) => toRaw(fromRaw(img).resize(Math.round(w / 4), Math.round(h / 4)).blur(Math.max(0.5, sigma / 4)).extractChannel(0)).then((q) => toRaw(fromRaw(q).resize(w, h, { fit: 'fill', kernel: 'linear' }).extractChannel(0)));
  const [wide, broad, body] = await Promise.all([
    toRaw(fromRaw(med).blur(Math.max(1, s * 0.01))),
    quarter(luma(med), s * 0.02),
    quarter({ data: alphaFull, width: W, height: H, channels: 1 }, s * 0.045),
  ]);
  // Hair and cloth: a few flat paints, their borders softened (clumps and panels, not the photo's mottle).
  const { centres, labels } = clusterPaints(wide, body.data, look.paints ?? 8, MATERIAL_LUMA);
  const paint = (await toRaw(fromRaw(paintLabels(labels, centres, w, h)).median(5).blur(Math.max(1, s * 0.006)))).data;
  const mat = await materials(wide, body.data, lm?.map((p) => ({ x: p.x / 2, y: p.y / 2 })));
  const skinTone = mat ? idealSkin(mat.skin, look.skinIdeal ?? PIXAR_SKIN) : [0, 0, 0];
  const gloss = look.gloss ?? 1;
  const wrap = look.wrap ?? 0.25;
  const [kr, kg, kb] = look.key ?? [1.08, 1.02, 0.94];
  const amb = [0.36, 0.4, 0.54];
  const key = [kr - amb[0], kg - amb[1], kb - amb[2]];
  const B = broad.data, A = body.data;
  const lit = Buffer.allocUnsafe(w * h * 3);
  const skinRef = mat ? Math.max(40, mat.skinLight) : 128;
  const hairPhoto = mat?.hairColour ?? [0, 0, 0];
  const hairRef = Math.max(24, 0.299 * hairPhoto[0] + 0.587 * hairPhoto[1] + 0.114 * hairPhoto[2]);
  // (the hair's paints move with its tone: its clumps keep their light, in the film's hair colour)
  const hairTone = mat ? filmHair(hairPhoto, skinTone) : hairPhoto;
  const hairShift = hairTone.map((v, c) => v - hairPhoto[c]);
  // Dark hair's sheen is a pale band; light hair's its own colour, lifted a little (a bright band
  // on it reads as a bald crown's highlight).
  const lightHair = ramp01((hairRef - 60) / 90);
  const sheenGrey = 90 * (1 - lightHair), sheenBase = 0.6 - 0.3 * lightHair;
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - 2) * w, yb = Math.min(h - 1, y + 2) * w;
    for (let x = 0; x < w; x++) {
      const p = y * w + x, i = p * 3;
      const skin = mat ? mat.skinness[p] / 255 : 0;
      const hair = mat ? mat.hairness[p] / 255 : 0;
      const cloth = Math.max(0, 1 - skin - hair);
      const xa = Math.max(0, x - 2), xb = Math.min(w - 1, x + 2);
      // Height: the body's roundness, and the broad light's relief (more on hair: its clumps).
      const relief = 0.1 + 0.2 * hair;
      const gx = ((A[y * w + xb] - A[y * w + xa]) * BODY_RELIEF + (B[y * w + xb] - B[y * w + xa]) * relief) / 4;
      const gy = ((A[yb + x] - A[ya + x]) * BODY_RELIEF + (B[yb + x] - B[ya + x]) * relief) / 4;
      const n = 1 / Math.sqrt(gx * gx + gy * gy + 1);
      const nx = -gx * n, ny = -gy * n, nz = n;
      const nl = nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2];
      // Wrapped diffuse, relative to a surface facing the viewer (1 there).
      const diffuse = Math.max(0, (nl + wrap) / (1 + wrap)) / ((FLAT_LIGHT + wrap) / (1 + wrap));
      const h1 = Math.max(0, nx * HALF[0] + ny * HALF[1] + nz * HALF[2]);
      const h4 = h1 * h1 * h1 * h1, h8 = h4 * h4, h16 = h8 * h8;
      // Skin: a soft gloss; cloth: a faint sheen; hair: its band (below).
      const spec = (skin * h16 * h8 * 46 + cloth * h8 * 10) * gloss;
      // Light scattered warm into the edge of the skin's shade.
      const sss = skin * Math.max(0, 1 - Math.abs(diffuse - 0.45) / 0.35);
      // The photo's broad light, a little of it: folds, clumps and the face's modelling.
      const pl = 0.299 * paint[i] + 0.587 * paint[i + 1] + 0.114 * paint[i + 2];
      const ref = skin * skinRef + hair * hairRef + cloth * Math.max(24, pl);
      // (hair's clumps are its broad light, deepened: one colour in a few soft lumps of light)
      const form = Math.pow(Math.min(1.6, Math.max(0.45, B[p] / ref)), 0.35 + 0.15 * skin + 0.45 * hair);
      // Hair's sheen: a band round the head on the side the key comes from, strongest on the clumps' crowns.
      let band = 0, strands = 1;
      if (mat && hair > 0) {
        const dx = x - mat.head.x, dy = y - mat.head.y;
        const r = Math.hypot(dx, dy) / mat.head.r;
        // 1 on the side towards the key (upper left), 0 on the far side.
        const facing = 0.5 + 0.5 * (dx * LIGHT[0] + dy * LIGHT[1]) / ((Math.hypot(dx, dy) + 1e-3) * LIGHT_XY);
        band = hair * Math.exp(-((r - 0.8) ** 2) / 0.012) * facing * Math.min(1.4, B[p] / Math.max(24, pl)) * gloss;
        // Light hair has little light of its own to show its clumps (in the photo it is smooth and
        // skin-bright): modelled locks fanning out from the crown, each shaded at its edges.
        if (lightHair > 0 && skin < 0.05) {
          const a = Math.atan2(dy, dx);
          const lock = 0.5 + 0.5 * Math.sin(a * HAIR_LOCKS + 2.2 * Math.sin(a * 7 + r * 3));
          strands = 1 - Math.max(0, hair - 0.5) * 2 * lightHair * LOCK_SHADE * (1 - lock) ** 2;
        }
      }
      for (let c = 0; c < 3; c++) {
        const base = skin * (skinTone[c] * 0.85 + paint[i + c] * 0.15) + hair * (hairTone[c] * 0.6 + (paint[i + c] + hairShift[c]) * 0.4) + cloth * paint[i + c];
        // Skin's shade is warm (light scattered through it); cloth and hair take the cool fill.
        const light = amb[c] + (SKIN_FILL[c] - amb[c]) * skin + key[c] * diffuse;
        lit[i + c] = clamp(base * form * strands * light + spec * SPEC_TINT[c] + sss * SSS[c] + band * (sheenGrey + base * sheenBase));
      }
    }
  }
  // A modelled figure's silhouette is solid and smooth: the matte blurred and cut again (wisps
  // and see-through strands of hair merge into the hair's mass).
  const [relit, silhouette] = await Promise.all([
    enlarge({ data: lit, width: w, height: h, channels: 3 }, W, H),
    blurPlane(alphaFull, W, H, Math.min(W, H) * 0.005),
  ]);
  const out = withAlphaOf(relit, layer);
  for (let p = 0; p < W * H; p++) out.data[p * 4 + 3] = clamp((silhouette[p] - 128) * 3 + 128);
  if (lm && face) {
    await drawFeatures(out, rgb, face);
    await headLight(out, lm, look.key ?? [1.08, 1.02, 0.94]);
    catchlights(out, lm, look.eyes);
  }
  return out;
}

/** Light hair's modelled locks: how many round the head, and how deep the shade between them. */
const HAIR_LOCKS = 34;
const LOCK_SHADE = 0.35;

/** Pixar's idealised skin (a clean, warm peach) and how far a person's own is pulled towards it. */
const PIXAR_SKIN: [number, number, number] = [236, 178, 148];
const SKIN_PULL = 0.65;
/** The fill on skin, as RGB gains: warm (light scattered through skin is red), where cloth and hair take a cool one. */
const SKIN_FILL = [0.5, 0.38, 0.36];
/** How much a difference in light counts against one in colour when hair's and cloth's paints are told apart. */
const MATERIAL_LUMA = 0.35;

/**
 * The person's skin as a film's: their own lightness, a little lifted, in a clean skin hue (mostly
 * `ideal`'s: a photo's light may tint a face violet or green; a rendered one is skin-coloured).
 */
function idealSkin(skin: number[], ideal: number[]): number[] {
  const lum = (c: number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
  const l = lum(skin), li = lum(ideal);
  const target = l * 0.8 + 190 * 0.2;
  return skin.map((v, c) => clamp(target + ((v - l) * (1 - SKIN_PULL) + (ideal[c] - li) * SKIN_PULL) * (target / Math.max(60, li)) ** 0.5));
}

/**
 * The hair's colour as a film paints it: the person's own, but never the skin's. Light hair near
 * the skin's hue and saturation (blonde, strawberry blonde: in a photo often a shade of the skin)
 * is turned towards gold and saturated, so the head reads as hair, not as a bald crown.
 */
function filmHair(hair: number[], skin: number[]): number[] {
  const [hh, hs, hl] = toHsl(rgbToHex(hair as Rgb));
  const [sh, ss] = toHsl(rgbToHex(skin as Rgb));
  const hueGap = Math.abs(((hh - sh + 540) % 360) - 180);
  // How alike: a warm hue near the skin's, saturation not clearly lower (grey, platinum) and not dark.
  const alike = ramp01((HAIR_HUE_APART - hueGap) / 10) * ramp01((hs - 0.12) / 0.1) * ramp01((hl - 0.28) / 0.1);
  if (alike <= 0) return hair;
  const h = hh + (Math.max(hh, sh + HAIR_HUE_APART) - hh) * alike;
  const s = hs + (Math.max(hs, Math.min(0.85, ss + 0.1), 0.6) - hs) * alike;
  // (a shade deeper than the skin's too: hair and skin meet at a visible hairline)
  return hexToRgb(hsl(h, s, hl - HAIR_DEEPER * alike));
}

/** How far (degrees) the hair's hue is kept from the skin's when they are alike, and how much deeper (HSL lightness) it is made. */
const HAIR_HUE_APART = 18;
const HAIR_DEEPER = 0.12;

const ramp01 = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t);

/**
 * The figure's materials (half size): how much each pixel is skin and hair, 0…255; the rest is
 * cloth. Undefined without landmarks. Decided by place first, colour second, so hair as light as
 * the skin (blonde, strawberry blonde) is not taken for it:
 * - the skin's colour is the face's own (its pixels inside the outline, the features left out),
 *   the hair's is the colour above the forehead and beside the temples beyond the outline;
 * - inside the face's outline (with its forehead): skin, but for dark hair or a colour clearly the hair's;
 * - on the crown (round the head, above the ears, outside the outline): hair, unless a pixel is
 *   clearly nearer the skin's colour than the hair's (a high forehead, a bald head's skin);
 * - elsewhere (neck, ears, shoulders, arms, long hair): whichever of the two colours is nearer,
 *   hair only near the head; the neck under the jaw is skin in any light but a dark one.
 */
async function materials(img: Raw, alpha: Buffer, lm: Array<{ x: number; y: number }> | undefined) {
  if (!lm) return undefined;
  const { width: w, height: h, data } = img;
  const { outline, down, browMid, len } = faceOutline(lm);
  const right = { x: -down.y, y: down.x };
  // The face with its forehead (the brows raised further than faceOutline's).
  const withForehead = [...outline.slice(0, 17), ...lm.slice(17, 27).reverse().map((p) => ({ x: p.x - down.x * len * 0.42, y: p.y - down.y * len * 0.42 }))];
  const mask = polygonMask(withForehead, w, h);
  const skinPx = faceSkinPixels(img, alpha, mask.data, lm);
  if (skinPx.length < 12) return undefined;
  const skin = typicalColour(skinPx);
  const skinLight = luma3(skin);
  // The face's light may tint one cheek blue and the other warm: skin is near any of its tones.
  // (its shade is left out: dark hair lies near it, and the neck's looser match covers the jaw's shadow)
  const skinTones = colourTones(skinPx, 3, 0.12).filter((t) => luma3(t) >= skinLight * 0.7);
  // Hair: a grid above the forehead and beside the temples (in the face's own axes), beyond the
  // outline, on the figure. Where most of it is the skin's colour (a high forehead), the rest is
  // the hair; where nearly all of it is, the head is bald (or shaved): no hair, the crown is skin.
  // (Light hair is not the skin's colour: it differs in saturation or light, and its place decides the rest.)
  const hairAll: number[][] = [];
  for (let v = -1.1; v <= -0.05; v += 0.05) {
    for (let u = -0.95; u <= 0.95; u += 0.05) {
      const x = Math.round(browMid.x + (right.x * u + down.x * v) * len), y = Math.round(browMid.y + (right.y * u + down.y * v) * len);
      if (x < 0 || y < 0 || x >= w || y >= h || alpha[y * w + x] < 200 || mask.data[y * w + x]) continue;
      const i = (y * w + x) * 3;
      hairAll.push([data[i], data[i + 1], data[i + 2]]);
    }
  }
  const unlikeSkin = hairAll.filter((q) => nearestTone(q, skinTones, 0.5) > HAIR_SKIN_APART);
  const hairPx = unlikeSkin.length >= Math.max(4, hairAll.length * 0.2) ? unlikeSkin : [];
  const hairColour = hairPx.length > 0 ? typicalColour(hairPx) : undefined;
  // Lit and shaded hair differ as much as skin and hair may: hair is near any of its tones.
  const hairTones = hairColour ? colourTones(hairPx, 3, 0.3) : [];
  const chin = lm[8];
  const head = { x: browMid.x + down.x * len * 0.05, y: browMid.y + down.y * len * 0.05, r: len * 0.95 };
  const [inside, beside] = await Promise.all([
    toRaw(fromRaw(mask).blur(Math.max(1, len * 0.03)).extractChannel(0)).then((r) => r.data),
    // Just beside the face (the jaw's side, the neck behind it): skin in any light but a dark one.
    toRaw(fromRaw(mask).blur(Math.max(1, len * 0.1)).extractChannel(0)).then((r) => r.data),
  ]);
  const skinness = Buffer.alloc(w * h);
  const hairness = Buffer.alloc(w * h);
  for (let y = 0, p = 0; y < h; y++) {
    for (let x = 0; x < w; x++, p++) {
      if (alpha[p] === 0) continue;
      const i = p * 3;
      const r = data[i], g = data[i + 1], b = data[i + 2];
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      // Squared distances to the nearest skin tone with light counted 0.3, 0.12 and 0.05 (colourDistance's, inlined: every pixel).
      let s30 = Infinity, s12 = Infinity, s05 = Infinity, h30 = Infinity;
      for (const t of skinTones) {
        const dr = r - t[0], dg = g - t[1], db = b - t[2], dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
        const chroma = (dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2, dy2 = dy * dy;
        s30 = Math.min(s30, chroma + dy2 * 0.3); s12 = Math.min(s12, chroma + dy2 * 0.12); s05 = Math.min(s05, chroma + dy2 * 0.05);
      }
      for (const t of hairTones) {
        const dr = r - t[0], dg = g - t[1], db = b - t[2], dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
        h30 = Math.min(h30, (dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2 + dy * dy * 0.3);
      }
      const hairTypical = hairColour ? colourDistance([r, g, b], hairColour, 0.3) : Infinity;
      // How far down the face's own axis from the brows (in face lengths).
      const v = ((x - browMid.x) * down.x + (y - browMid.y) * down.y) / len;
      const e = Math.hypot(x - head.x, y - head.y) / head.r;
      // Near the head (long hair falls to the shoulders); the crown: round the head above the ears.
      const byHead = e <= 1.2 ? 1 : e >= 2.6 ? 0 : (2.6 - e) / 1.4;
      const inFace = inside[p] / 255;
      const crown = ramp01((0.3 - v) / 0.25) * ramp01((1.7 - e) / 0.4) * (1 - inFace);
      // Nearer the hair's colour than the skin's (ties go to hair on the crown), and near enough the
      // hair's: any of its tones outside the face, only its typical colour inside (a hair tone may lie
      // near a differently lit part of the face).
      const dSkin = Math.sqrt(s30), dHair = inFace * hairTypical + (1 - inFace) * Math.sqrt(h30);
      const nearer = ramp01(0.5 + 1.5 * (dSkin - dHair) / Math.max(12, (dSkin + dHair) / 2) + 0.9 * crown);
      const hairLike = hairColour ? nearer * ramp01((80 + 40 * crown - dHair) / 30) * byHead : 0;
      const notDark = ramp01((l - skinLight * 0.45) / (skinLight * 0.15));
      const skinLike = ramp01((38 - Math.sqrt(s12)) / 16);
      // The neck under the chin is skin though the jaw's shadow greys it (a looser match there).
      const nu = (x - chin.x) * right.x + (y - chin.y) * right.y, nv = (x - chin.x) * down.x + (y - chin.y) * down.y;
      const neck = ramp01((0.5 - Math.abs(nu) / len) / 0.1) * Math.min(ramp01((0.7 - nv / len) / 0.15), ramp01((nv / len + 0.35) / 0.1));
      // Beside the jaw (below the ears: above them is hair's place), the same looser match.
      const besideJaw = Math.max(neck, Math.min(1, beside[p] / 40) * ramp01((v - 0.45) / 0.15));
      const neckLike = besideJaw * notDark * ramp01((100 - Math.sqrt(s05)) / 20);
      const outside = Math.max(skinLike, neckLike) * (1 - hairLike * (1 - neck));
      const sk = inFace * notDark * Math.max(skinLike, 1 - hairLike * 0.85) + (1 - inFace) * outside;
      const hr = Math.min(1 - sk, hairLike * (1 - 0.8 * neck));
      skinness[p] = sk * 255;
      hairness[p] = hr * 255;
    }
  }
  return { skin, skinLight, skinness, hairness, head, hairColour };
}

/** How far (colourDistance, light half-counted) a colour above the forehead must be from the skin's to be taken for the hair's. */
const HAIR_SKIN_APART = 15;

const luma3 = (c: number[]) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** A set of colours' typical one: the mean of the middle half by light (shadows and highlights left out). */
function typicalColour(px: number[][]): number[] {
  const sorted = [...px].sort((a, b) => luma3(a) - luma3(b));
  const mid = sorted.slice(Math.floor(sorted.length / 4), Math.max(Math.floor(sorted.length / 4) + 1, Math.ceil((sorted.length * 3) / 4)));
  return [0, 1, 2].map((c) => mid.reduce((s, q) => s + q[c], 0) / mid.length);
}

/**
 * A set of colours' main tones (k-means, light counted by `lumaWeight`): the typical colour of
 * each of up to `k` groups holding at least an eighth of them.
 */
function colourTones(px: number[][], k: number, lumaWeight: number): number[][] {
  const sorted = [...px].sort((a, b) => luma3(a) - luma3(b));
  let centres = Array.from({ length: k }, (_, j) => sorted[Math.floor(((j + 0.5) / k) * sorted.length)]);
  let groups: number[][][] = [];
  for (let it = 0; it < 5; it++) {
    groups = centres.map(() => []);
    for (const q of px) {
      let best = 0;
      for (let j = 1; j < centres.length; j++) if (colourDistance(q, centres[j], lumaWeight) < colourDistance(q, centres[best], lumaWeight)) best = j;
      groups[best].push(q);
    }
    centres = groups.map((g, j) => (g.length ? [0, 1, 2].map((c) => g.reduce((s, q) => s + q[c], 0) / g.length) : centres[j]));
  }
  return groups.filter((g) => g.length >= px.length / 8).map(typicalColour);
}

/**
 * The face's skin pixels (RGB): inside its outline below the brows, on the figure, the eyes, the
 * brows, the mouth and the nostrils left out (every second pixel: enough for a colour).
 */
function faceSkinPixels(img: Raw, alpha: Buffer, mask: Buffer, lm: Array<{ x: number; y: number }>): number[][] {
  const { width: w, height: h, data } = img;
  const feats = ([['rightEye', 1.6], ['leftEye', 1.6], ['rightBrow', 1.2], ['leftBrow', 1.2], ['mouth', 1.2]] as const).map(([g, k]) => { const c = groupCircle(lm, g); return { x: c.x, y: c.y, r: c.r * k }; });
  feats.push({ x: lm[33].x, y: lm[33].y, r: Math.hypot(lm[35].x - lm[31].x, lm[35].y - lm[31].y) * 0.7 });
  const xs = lm.slice(0, 17).map((p) => p.x), ys = lm.map((p) => p.y);
  const out: number[][] = [];
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y < Math.min(h, Math.ceil(Math.max(...ys))); y += 2) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x < Math.min(w, Math.ceil(Math.max(...xs))); x += 2) {
      const p = y * w + x;
      if (!mask[p] || alpha[p] < 200 || feats.some((f) => Math.hypot(x - f.x, y - f.y) < f.r)) continue;
      out.push([data[p * 3], data[p * 3 + 1], data[p * 3 + 2]]);
    }
  }
  return out;
}

/** The colourDistance from `c` to the nearest of `tones`. */
function nearestTone(c: number[], tones: number[][], lumaWeight: number): number {
  let best = Infinity;
  for (const t of tones) best = Math.min(best, colourDistance(c, t, lumaWeight));
  return best;
}

/** A colour distance that counts chroma fully and light by `lumaWeight`. */
function colourDistance(a: number[], b: number[], lumaWeight: number): number {
  const dr = a[0] - b[0], dg = a[1] - b[1], db = a[2] - b[2];
  const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
  return Math.sqrt((dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2 + dy * dy * lumaWeight);
}

/**
 * The face's features drawn on the rendered skin (in place, full size): inside the face's outline,
 * the photo's fine light against its broad light darkens or lightens the render (lashes, irises,
 * brows, nostrils, the lips' line; a little everywhere on the face: its tonal structure, what it is
 * recognised by), and inside the features their own colour (iris, lips) comes back in part.
 */
async function drawFeatures(img: Raw, photo: Raw, face: PhotoFace): Promise<void> {
  const lm = face.landmarks;
  const { width: W, height: H, data } = img;
  const b = face.box;
  const x0 = Math.max(0, Math.floor(b.left - b.width * 0.2)), x1 = Math.min(W, Math.ceil(b.left + b.width * 1.2));
  const y0 = Math.max(0, Math.floor(b.top - b.height * 0.3)), y1 = Math.min(H, Math.ceil(b.top + b.height * 1.2));
  const w = x1 - x0, h = y1 - y0;
  if (w < 8 || h < 8) return;
  const crop = await toRaw(fromRaw(photo).extract({ left: x0, top: y0, width: w, height: h }));
  const L = luma(crop);
  const { outline } = faceOutline(lm.map((p) => ({ x: p.x - x0, y: p.y - y0 })));
  const [fine, broadF, inside] = await Promise.all([
    toRaw(fromRaw(L).blur(Math.max(0.6, b.width * 0.006)).extractChannel(0)),
    toRaw(fromRaw(L).blur(Math.max(2, b.width * 0.06)).extractChannel(0)),
    toRaw(fromRaw(polygonMask(outline, w, h)).blur(Math.max(1, b.width * 0.02)).extractChannel(0)),
  ]);
  const feats = ([['rightEye', 1.7], ['leftEye', 1.7], ['rightBrow', 1.25], ['leftBrow', 1.25], ['mouth', 1.3]] as const).map(([g, k]) => { const c = groupCircle(lm, g); return { x: c.x, y: c.y, r: c.r * k }; });
  feats.push({ x: lm[33].x, y: lm[33].y - (lm[33].y - lm[30].y) * 0.3, r: Math.hypot(lm[35].x - lm[31].x, lm[35].y - lm[31].y) * 0.95 });
  const fd = fine.data, bd = broadF.data, id = inside.data, cd = crop.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const q = y * w + x;
      const X = x + x0, Y = y + y0;
      const o = (Y * W + X) * 4;
      if (data[o + 3] === 0) continue;
      let feat = 0;
      for (const f of feats) {
        const d = Math.hypot(X - f.x, Y - f.y) / f.r;
        if (d < 1) feat = Math.max(feat, Math.min(1, (1 - d) / 0.35));
      }
      const face = id[q] / 255;
      const k = Math.max(feat, face * FACE_STRUCTURE);
      if (k <= 0) continue;
      const ratio = Math.max(0.12, Math.min(1.6, fd[q] / Math.max(16, bd[q])));
      const mark = 1 + (ratio - 1) * k * (ratio < 1 ? 1.15 + feat * FEATURE_INK : 0.8);
      const i = q * 3;
      const pl = 0.299 * cd[i] + 0.587 * cd[i + 1] + 0.114 * cd[i + 2];
      for (let c = 0; c < 3; c++) {
        const v = data[o + c] * mark;
        // The feature's own hue (iris, lips, brows) over the drawn mark, at the drawn light.
        const tint = (cd[i + c] - pl) * feat * 0.6;
        data[o + c] = clamp(v + tint);
      }
    }
  }
}

/** How much of the photo's fine light the face keeps outside its features (its tonal structure). */
const FACE_STRUCTURE = 0.45;
/** How much further the features' dark marks (lashes, brows, the lips' line) are deepened: a bright, smooth face keeps them legible. */
const FEATURE_INK = 0.6;

/**
 * The face relit as a modelled head, not the photo's: most of the face's broad light (a wide blur)
 * is replaced by the light a rounded head would take (an ellipsoid along the face's own axis, so a
 * tilted face is lit as tilted, with the nose and the cheeks raised on it): a warm key from the
 * upper left, a cool fill, warm light scattered at the shadow's edge and a rim on the far side,
 * and a soft gloss on the forehead, nose and cheeks. The photo's finer light (features, creases)
 * stays, so the person is still recognised. In place; RGBA, `lm` in its pixels.
 */
async function headLight(img: Raw, lm: Array<{ x: number; y: number }>, key: [number, number, number]): Promise<void> {
  const { width: W, height: H, data } = img;
  const browMid = { x: (lm[19].x + lm[24].x) / 2, y: (lm[19].y + lm[24].y) / 2 };
  const len = Math.hypot(lm[8].x - browMid.x, lm[8].y - browMid.y);
  if (len < 8) return;
  const down = { x: (lm[8].x - browMid.x) / len, y: (lm[8].y - browMid.y) / len };
  const right = { x: -down.y, y: down.x };
  // The head: an ellipsoid from the forehead to the chin, as wide as the jaw.
  const A = Math.hypot(lm[16].x - lm[0].x, lm[16].y - lm[0].y) * 0.56;
  const B = len * 0.74;
  const C = { x: browMid.x + down.x * len * 0.28, y: browMid.y + down.y * len * 0.28 };
  const R = Math.max(A, B) * 1.05;
  const x0 = Math.max(0, Math.floor(C.x - R)), x1 = Math.min(W, Math.ceil(C.x + R));
  const y0 = Math.max(0, Math.floor(C.y - R)), y1 = Math.min(H, Math.ceil(C.y + R));
  const w = x1 - x0, h = y1 - y0;
  if (w < 8 || h < 8) return;
  // The photo's broad light on the face (what the modelled light replaces).
  const crop = await toRaw(fromRaw(img).extract({ left: x0, top: y0, width: w, height: h }).removeAlpha());
  const broad = (await toRaw(fromRaw(luma(crop)).blur(Math.max(2, A * 0.12)).extractChannel(0))).data;
  const lights: number[] = [];
  for (const p of [lm[29], lm[2], lm[14], lm[30]]) {
    const x = Math.round(p.x) - x0, y = Math.round(p.y) - y0;
    if (x >= 0 && y >= 0 && x < w && y < h) lights.push(broad[y * w + x]);
  }
  if (lights.length < 2) return;
  const ref = Math.max(40, lights.reduce((p, q) => p + q, 0) / lights.length);
  // Raised forms on the head: the nose and both cheeks (gaussian bumps, heights in pixels).
  const noseW = Math.hypot(lm[35].x - lm[31].x, lm[35].y - lm[31].y);
  const mid = (i: number, j: number, t: number) => ({ x: lm[i].x + (lm[j].x - lm[i].x) * t, y: lm[i].y + (lm[j].y - lm[i].y) * t });
  const bumps = [
    { ...mid(30, 33, 0.3), s: noseW * 0.75, a: A * 0.2 },
    { ...mid(2, 31, 0.5), s: A * 0.28, a: A * 0.07 },
    { ...mid(14, 35, 0.5), s: A * 0.28, a: A * 0.07 },
  ];
  for (let y = 0; y < h; y++) {
    const Y = y + y0;
    for (let x = 0; x < w; x++) {
      const X = x + x0;
      const o = (Y * W + X) * 4;
      if (data[o + 3] === 0) continue;
      const dx = X - C.x, dy = Y - C.y;
      const u = dx * right.x + dy * right.y, v = dx * down.x + dy * down.y;
      const q = 1 - (u * u) / (A * A) - (v * v) / (B * B);
      if (q <= -0.15) continue;
      // How much of the face this is: full well inside the ellipse, none just beyond its edge.
      const inside = Math.max(0, Math.min(1, (q + 0.15) / 0.4));
      const sq = Math.sqrt(Math.max(0.05, q));
      // The ellipsoid's slope (in the face's axes), then the bumps' (in the picture's).
      const du = -u / (A * sq), dv = -(A * v) / (B * B * sq);
      let gx = du * right.x + dv * down.x, gy = du * right.y + dv * down.y;
      for (const b of bumps) {
        const ex = X - b.x, ey = Y - b.y;
        const g = b.a * Math.exp(-(ex * ex + ey * ey) / (2 * b.s * b.s)) / (b.s * b.s);
        gx -= ex * g;
        gy -= ey * g;
      }
      // A soft form (the slopes halved): the light turns gently across the face.
      gx *= HEAD_ROUNDNESS;
      gy *= HEAD_ROUNDNESS;
      const n = 1 / Math.sqrt(gx * gx + gy * gy + 1);
      const nx = -gx * n, ny = -gy * n, nz = n;
      const diffuse = Math.max(0, nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2]) / FLAT_LIGHT;
      const h1 = Math.max(0, nx * HALF[0] + ny * HALF[1] + nz * HALF[2]);
      const h4 = h1 * h1 * h1 * h1, h8 = h4 * h4;
      const spec = h8 * h8 * h8 * 60;
      const sss = Math.max(0, 1 - Math.abs(diffuse - 0.75) / 0.2);
      // A rim where the head turns away on the side opposite the key.
      const away = Math.max(0, nx * -LIGHT[0] + ny * -LIGHT[1]);
      const rim = Math.pow(1 - nz, 2) * away * 220;
      // The photo's own broad light here, relative to the face's (taken out mostly).
      const photo = Math.max(0.55, Math.min(1.6, broad[y * w + x] / ref));
      // Skin and light hair take the head's light; dark hair over the face keeps its own (lifting it greys it).
      const l = 0.299 * data[o] + 0.587 * data[o + 1] + 0.114 * data[o + 2];
      const keep = inside * HEAD_RELIGHT * Math.max(0, Math.min(1, (l - ref * 0.45) / (ref * 0.2)));
      for (let c = 0; c < 3; c++) {
        const lit = HEAD_FILL[c] + (key[c] - HEAD_FILL[c]) * diffuse;
        const relit = (data[o + c] / photo) * lit + spec * SPEC_TINT[c] + sss * SSS[c] + rim * RIM_TINT[c];
        data[o + c] = clamp(data[o + c] + (relit - data[o + c]) * keep);
      }
    }
  }
}

/** How much of the face's light is the modelled head's rather than the photo's. */
const HEAD_RELIGHT = 0.65;
/** The modelled head's slopes, scaled: how sharply the light turns across it. */
const HEAD_ROUNDNESS = 0.55;
/** The face's light where the key does not reach (warm: light scattered through the skin), as RGB gains. */
const HEAD_FILL = [0.8, 0.72, 0.72];
const RIM_TINT = [1, 0.86, 0.7];

/** How strongly the silhouette rounds the body in the height map (a modelled, inflated form). */
const BODY_RELIEF = 0.24;


/** A surface facing the viewer gets this much of the key light (LIGHT's z). */
const LIGHT = [-0.5, -0.58, 0.64].map((v, _, l) => v / Math.hypot(...l));
const FLAT_LIGHT = LIGHT[2];
const LIGHT_XY = Math.hypot(LIGHT[0], LIGHT[1]);
const HALF = [LIGHT[0], LIGHT[1], LIGHT[2] + 1].map((v, _, l) => v / Math.hypot(...l));
const SPEC_TINT = [1, 0.96, 0.88];
const SSS = [26, 6, 0];

/** Bigger eyes and a smaller nose, the proportions of an animated character (68 landmarks). */
function featureWarps(lm: Array<{ x: number; y: number }>, eyes: number): Warp[][] {
  const nose = groupCircle(lm, 'nose');
  const tip = lm[33];
  return [
    [{ x: (nose.x + tip.x) / 2, y: (nose.y + tip.y) / 2, r: nose.r * 1.1, scale: -0.18 }],
    [groupCircle(lm, 'rightEye')],
    [groupCircle(lm, 'leftEye')],
  ].map((g) => g.map((e) => ('scale' in e ? e : { x: e.x, y: e.y, r: e.r * 2.9, scale: eyes })));
}

/**
 * A catchlight in each eye: the key light's reflection on a glossy eye, a soft white dot over the
 * iris (the eye's darkest pixels) towards the light, and a faint second one below it.
 */
function catchlights(img: Raw, lm: Array<{ x: number; y: number }>, eyes: number): void {
  const { width: W, height: H, data, channels: C } = img;
  for (const g of ['rightEye', 'leftEye'] as const) {
    const e = groupCircle(lm, g);
    // The eye's radius after the warp (magnified about 1 / (1 − eyes) at the centre).
    const R = e.r * Math.min(2, 1 / (1 - eyes * 0.8));
    let sx = 0, sy = 0, n = 0;
    const lum = (x: number, y: number) => { const i = (y * W + x) * C; return 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]; };
    const x0 = Math.max(0, Math.floor(e.x - R * 0.8)), x1 = Math.min(W, Math.ceil(e.x + R * 0.8));
    const y0 = Math.max(0, Math.floor(e.y - R * 0.45)), y1 = Math.min(H, Math.ceil(e.y + R * 0.45));
    const ls: number[] = [];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) ls.push(lum(x, y));
    if (ls.length < 9) continue;
    ls.sort((p, q) => p - q);
    const dark = ls[Math.floor(ls.length * 0.2)];
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (lum(x, y) <= dark) { sx += x; sy += y; n++; }
    if (n === 0) continue;
    const ix = sx / n, iy = sy / n;
    const dot = (cx: number, cy: number, rad: number, a: number) => {
      for (let y = Math.max(0, Math.floor(cy - rad - 1)); y < Math.min(H, cy + rad + 1); y++) {
        for (let x = Math.max(0, Math.floor(cx - rad - 1)); x < Math.min(W, cx + rad + 1); x++) {
          const t = Math.min(1, Math.max(0, rad + 0.5 - Math.hypot(x - cx, y - cy))) * a;
          const i = (y * W + x) * C;
          for (let c = 0; c < 3; c++) data[i + c] += (255 - data[i + c]) * t;
        }
      }
    };
    const rad = Math.max(1, R * 0.1);
    dot(ix - R * 0.18, iy - R * 0.18, rad, 0.85);
    dot(ix + R * 0.12, iy + R * 0.1, rad * 0.5, 0.5);
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Below this light (0…1) a cel lifts a pixel by grey rather than by scaling its colour. */
const DARK_CEL = 0.1;

/**
 * The cut-out person cel-shaded (anime): the photo smoothed into flat regions, each pixel's light
 * snapped to a few bands of the broad form (a blurred luminance, so bands follow the face and the
 * folds, not the grain) with a short soft step between them, colours kept and brightened.
 */
export async function celPerson(layer: Raw, S: number, levels = 3): Promise<Raw> {
  const rgb = colourOf(layer);
  const smooth = await smoothSurface(rgb, 7, 1.6, 2);
  const guide = await toRaw(fromRaw(luma(smooth)).blur(Math.max(0.8, S * 0.003)).extractChannel(0));
  const a = smooth.data, g = guide.data, alpha = layer.data;
  const out = Buffer.from(a);
  for (let p = 0, i = 0; p < g.length; p++, i += 3) {
    if (alpha[p * 4 + 3] === 0) continue;
    const l = (0.299 * a[i] + 0.587 * a[i + 1] + 0.114 * a[i + 2]) / 255;
    const f = (g[p] / 255) * levels;
    const k0 = Math.floor(f);
    const t = Math.max(0, (f - k0 - 0.85) / 0.15);
    // The band's light, capped below white: lit skin never burns out.
    const q = Math.min(0.9, (k0 + t * t * (3 - 2 * t) + 0.5) / levels);
    // Pixel darker or lighter than its band by detail (eyes, lips) keeps most of that difference.
    const target = Math.max(0, q + (l - g[p] / 255) * 0.7);
    // Colour scaled to the target light; a near-black pixel (dark cloth, hair) cannot be scaled up,
    // so it is lifted by grey instead: no black blotches left in a lit band.
    const k = target / Math.max(l, DARK_CEL);
    const lift = (target - l * k) * 255;
    out[i] = clamp(a[i] * k + lift);
    out[i + 1] = clamp(a[i + 1] * k + lift);
    out[i + 2] = clamp(a[i + 2] * k + lift);
  }
  return withAlphaOf({ ...rgb, data: out }, layer);
}

/**
 * The skin of a cel-shaded person painted as anime paints it (over `cel`, celPerson's result; the
 * face inside its outline, and elsewhere on the figure the pixels near the face's skin colour):
 * the skin one flat tone, with at most one clean shadow tone where the face's broad light falls
 * off (the photo's luminance blurred over a tenth of the face, thresholded once: the shadow follows
 * the cheekbone, the nose and the jaw, never the skin's mottle); the features (eyes, brows, nose,
 * lips: the landmarks' regions) keep the person's own, which they are recognised by, wherever they
 * differ from the skin. RGBA in (`layer` the photo's cut-out, `cel` the same size), RGBA out.
 */
export async function celFace(cel: Raw, layer: Raw, face: PhotoFace): Promise<Raw> {
  const lm = face.landmarks;
  if (lm.length !== 68) return cel;
  const { width: W, height: H } = layer;
  const b = face.box;
  // The face's region (skin can reach a little beyond the box: forehead, neck under the chin).
  const cx = b.left + b.width / 2, cy = b.top + b.height * 0.62;
  const rx = b.width * 0.66, ry = b.height * 0.86;
  // The whole figure: skin elsewhere (neck, shoulders, arms) is painted the same, by its colour.
  const x0 = 0, y0 = 0, w = W, h = H;
  if (rx < 4 || ry < 4) return cel;
  const { outline, down } = faceOutline(lm);
  const [crop, inside] = await Promise.all([
    toRaw(fromRaw(colourOf(layer)).extract({ left: x0, top: y0, width: w, height: h })),
    toRaw(fromRaw(polygonMask(outline.map((p) => ({ x: p.x - x0, y: p.y - y0 })), w, h)).blur(Math.max(0.8, b.width * 0.008)).extractChannel(0)),
  ]);
  // A lightly smoothed copy (colour likeness to the skin) and the broad light (the shadow's shape).
  const [soft, broad, fine] = await Promise.all([
    toRaw(fromRaw(crop).blur(Math.max(0.8, b.width * 0.012))),
    toRaw(fromRaw(luma(crop)).blur(Math.max(2, b.width * 0.05)).extractChannel(0)),
    toRaw(fromRaw(luma(crop)).blur(Math.max(0.6, b.width * 0.005)).extractChannel(0)),
  ]);
  const sd = soft.data, bd = broad.data, id = inside.data, fd = fine.data;
  // The skin's colour: the median of the cheeks and the nose's bridge.
  const mid = (i: number, j: number, t: number) => ({ x: lm[i].x + (lm[j].x - lm[i].x) * t, y: lm[i].y + (lm[j].y - lm[i].y) * t });
  const spots = [mid(2, 31, 0.45), mid(14, 35, 0.45), lm[28], lm[29], mid(3, 48, 0.5), mid(13, 54, 0.5)];
  const ch: number[][] = [[], [], []];
  const lights: number[] = [];
  for (const p of spots) {
    const x = Math.round(p.x) - x0, y = Math.round(p.y) - y0;
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    const i = (y * w + x) * 3;
    for (let c = 0; c < 3; c++) ch[c].push(sd[i + c]);
    lights.push(bd[y * w + x]);
  }
  if (lights.length < 3) return cel;
  const median = (v: number[]) => [...v].sort((p, q) => p - q)[Math.floor(v.length / 2)];
  const skin = ch.map(median);
  // The lit tone: the person's skin, lighter and a little less saturated (anime skin is light).
  const sl = 0.299 * skin[0] + 0.587 * skin[1] + 0.114 * skin[2];
  const lift = Math.max(1, 185 / Math.max(40, sl));
  const litTone = skin.map((v) => clamp((v + (sl - v) * 0.25) * lift * 0.88 + 200 * 0.12));
  const shadeTone = litTone.map((v, c) => v * SHADE_TONE[c]);
  // The shadow: where the broad light is clearly below the cheeks'.
  const lightMid = median(lights);
  const threshold = lightMid * 0.84;
  // The features: eyes with their lids and lashes, brows, the nose's underside, the lips.
  const feats = ([['rightEye', 1.9], ['leftEye', 1.9], ['rightBrow', 1.3], ['leftBrow', 1.3], ['mouth', 1.35]] as const).map(([g, k]) => { const c = groupCircle(lm, g); return { x: c.x, y: c.y, r: c.r * k }; });
  feats.push({ x: lm[33].x, y: lm[33].y - (lm[33].y - lm[30].y) * 0.3, r: Math.hypot(lm[35].x - lm[31].x, lm[35].y - lm[31].y) * 1.0 });
  const out = Buffer.from(cel.data);
  const cd = cel.data, ld = layer.data;
  const nose = lm[33];
  for (let y = 0; y < h; y++) {
    const Y = y + y0;
    const ey = (Y - cy) / ry;
    for (let x = 0; x < w; x++) {
      const X = x + x0;
      const o = (Y * W + X) * 4;
      if (ld[o + 3] === 0) continue;
      const ex = (X - cx) / rx;
      const e = ex * ex + ey * ey;
      const p = y * w + x, i = p * 3;
      // How much this pixel is skin: inside the face's outline nearly any skin-like colour (the
      // photo's light may tint a cheek), outside it (neck, ears) only a close one.
      const dr = sd[i] - skin[0], dg = sd[i + 1] - skin[1], db = sd[i + 2] - skin[2];
      const dy = 0.299 * dr + 0.587 * dg + 0.114 * db;
      const dist = Math.sqrt((dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2 + dy * dy * 0.1);
      const inFace = id[p] / 255;
      // Inside the outline every pixel but dark hair is face (the photo's light may tint a cheek
      // blue or pink); outside it (neck, ears) only a colour near the skin's.
      const sLum = 0.299 * sd[i] + 0.587 * sd[i + 1] + 0.114 * sd[i + 2];
      const notHair = Math.max(0, Math.min(1, (sLum - sl * 0.45) / (sl * 0.15)));
      const byColour = Math.max(0, Math.min(1, (SKIN_TOLERANCE - dist) / 14));
      const isSkin = Math.max(inFace * notHair * Math.max(0, Math.min(1, (1 - e) / 0.15)), byColour);
      if (isSkin <= 0) continue;
      // One clean shadow edge (a pixel or two of anti-aliasing); below the jaw (the neck) always shade.
      const below = (X - nose.x) * down.x + (Y - nose.y) * down.y > 0 ? 1 - inFace : 0;
      const t = Math.max(below, Math.max(0, Math.min(1, (threshold - bd[p]) / 3 + 0.5)));
      // Inside a feature, pixels unlike the skin (iris, lashes, brows, lips, nostrils) are the person's own.
      let feat = 0;
      for (const f of feats) {
        const d = Math.hypot(X - f.x, Y - f.y) / f.r;
        if (d < 1) feat = Math.max(feat, Math.min(1, (1 - d) / 0.3));
      }
      // The features are drawn into the flat tone by their own fine light against the broad one
      // (lashes, iris, nostrils and the lips' line darken it; the eyes' whites and teeth lighten it).
      const ratio = Math.max(0.15, Math.min(1.5, fd[p] / Math.max(20, bd[p])));
      // (A slight shade, a socket's or a cheek's, stays flat: only clear marks are drawn.)
      const mark = ratio < 1 ? 1 - Math.max(0, 0.92 - ratio) * feat * 1.25 : 1 + (ratio - 1) * feat * 0.8;
      // A little of the broad light's gradient stays within each tone (the face's modelling, soft).
      const model = 1 + Math.max(-0.25, Math.min(0.2, ((bd[p] - lightMid) / Math.max(40, lightMid)) * FACE_MODELLING));
      for (let c = 0; c < 3; c++) {
        const flat = (litTone[c] + (shadeTone[c] - litTone[c]) * t) * model * mark;
        // Half the feature's own colour (iris, lips, brows) over its drawn mark.
        const tone = flat + (cd[o + c] - flat) * feat * 0.5;
        out[o + c] = clamp(cd[o + c] + (tone - cd[o + c]) * isSkin);
      }
    }
  }
  return { ...cel, data: out };
}

/**
 * The face's own axis (it may be tilted: from the brows' middle down to the chin, `len` long) and
 * its outline: the jaw, then the forehead (the brows raised along the axis). 68 landmarks.
 */
export function faceOutline(lm: Array<{ x: number; y: number }>): { outline: Array<{ x: number; y: number }>; down: { x: number; y: number }; browMid: { x: number; y: number }; len: number } {
  const browMid = { x: (lm[19].x + lm[24].x) / 2, y: (lm[19].y + lm[24].y) / 2 };
  const len = Math.hypot(lm[8].x - browMid.x, lm[8].y - browMid.y) || 1;
  const down = { x: (lm[8].x - browMid.x) / len, y: (lm[8].y - browMid.y) / len };
  const outline = [...lm.slice(0, 17), ...lm.slice(17, 27).reverse().map((p) => ({ x: p.x - down.x * len * 0.3, y: p.y - down.y * len * 0.3 }))];
  return { outline, down, browMid, len };
}

/** A polygon filled (255 inside) on a w×h grey mask: even-odd scanlines at pixel centres. */
export function polygonMask(pts: Array<{ x: number; y: number }>, w: number, h: number): Raw {
  const m = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++) {
    const yc = y + 0.5;
    const xs: number[] = [];
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const a = pts[i], c = pts[j];
      if ((a.y <= yc) !== (c.y <= yc)) xs.push(a.x + ((yc - a.y) / (c.y - a.y)) * (c.x - a.x));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      for (let x = Math.max(0, Math.ceil(xs[k] - 0.5)); x < Math.min(w, Math.ceil(xs[k + 1] - 0.5)); x++) m[y * w + x] = 255;
    }
  }
  return { data: m, width: w, height: h, channels: 1 };
}

/**
 * The cut-out's silhouette inked as a drawn figure's is: a dark line about `px` wide along the
 * inside of the matte's edge (the XDoG lines find only the edges the scene's colours happen to
 * give; a comic or cartoon figure is always outlined). RGBA in, RGBA out.
 */
export async function inkOutline(layer: Raw, px: number, colour: [number, number, number] = [17, 17, 17]): Promise<Raw> {
  const { width: W, height: H } = layer;
  const n = W * H;
  const alpha = Buffer.allocUnsafe(n);
  for (let p = 0; p < n; p++) alpha[p] = layer.data[p * 4 + 3];
  const spread = (await toRaw(fromRaw({ data: alpha, width: W, height: H, channels: 1 }).blur(Math.max(0.4, px * 0.6)).extractChannel(0))).data;
  const out = Buffer.from(layer.data);
  for (let p = 0; p < n; p++) {
    // Inside the figure, where its blurred matte falls off: the edge's inner band.
    if (spread[p] >= 235 || alpha[p] < 128) continue;
    const t = Math.min(1, (235 - spread[p]) / 40);
    const o = p * 4;
    for (let c = 0; c < 3; c++) out[o + c] += (colour[c] - out[o + c]) * t;
  }
  return { ...layer, data: out };
}

/** How much of the face's broad light stays as a soft gradient inside the flat tones. */
const FACE_MODELLING = 1;

/** Anime skin's shadow tone, as gains on its lit tone (a warm, rosy shade). */
const SHADE_TONE = [0.88, 0.74, 0.76];

/** How far (chroma, light counting for little) a face pixel's colour may be from the skin's and still be painted as skin. */
const SKIN_TOLERANCE = 34;

/**
 * The cut-out person as a dream (Dreamcore): airbrushed soft (a smooth surface, not the photo's
 * grain), repainted in pastel memory colours (lavender shadows, rose mid-tones, cream lights; the
 * face keeps half its own colour, so the person stays recognisable), a pale glow spilling round the
 * silhouette, a faint echo of the figure drifting up and to the side, as a half-remembered
 * double exposure, and the figure fading out towards the frame's bottom. RGBA in, RGBA out; `face` in the layer's pixels.
 */
export async function dreamPerson(layer: Raw, face?: { left: number; top: number; width: number; height: number }): Promise<Raw> {
  const { width: W, height: H } = layer;
  const S = Math.min(W, H);
  const rgb = colourOf(layer);
  const soft = await smoothSurface(rgb, 5, 3, 2);
  let pastel = gradientMap(soft, [[0, '#5a4a98'], [0.35, '#b27cc0'], [0.65, '#f4b4c8'], [0.88, '#fff0e0'], [1, '#ffffff']], 0.62);
  if (face) pastel = keepFace(pastel, soft, face, 0.5);
  const alpha = Buffer.allocUnsafe(W * H);
  for (let p = 0; p < W * H; p++) alpha[p] = layer.data[p * 4 + 3];
  // The glow is wide: blurred at a quarter size, enlarged back.
  const small = await toRaw(fromRaw({ data: alpha, width: W, height: H, channels: 1 }).resize(Math.round(W / 4), Math.round(H / 4)).blur(Math.max(0.5, S * 0.025 / 4)).extractChannel(0));
  const glow = await toRaw(fromRaw(small).resize(W, H, { fit: 'fill', kernel: 'linear' }).extractChannel(0));
  const ox = Math.round(S * 0.075), oy = Math.round(-S * 0.05);
  const out = Buffer.allocUnsafe(W * H * 4);
  const d = pastel.data, g = glow.data;
  for (let y = 0, p = 0; y < H; y++) {
    const ey = y - oy;
    // The figure fades out towards the bottom of the frame, as a memory does at its edges.
    const t = Math.max(0, (y / H - 0.72) / 0.28);
    const fade = 1 - 0.55 * t * t * (3 - 2 * t);
    for (let x = 0; x < W; x++, p++) {
      const a = (alpha[p] / 255) * fade;
      // Behind the person: the echo (the figure shifted, faint) over the glow.
      const ex = x - ox;
      const q = ey >= 0 && ey < H && ex >= 0 && ex < W ? ey * W + ex : -1;
      const ea = q >= 0 ? (alpha[q] / 255) * 0.38 * fade : 0;
      const ga = Math.min(1, (g[p] / 255) * 1.6) * 0.65 * (1 - a);
      let r = 255, gg = 236, b = 248, back = ga;
      if (ea > 0) {
        r = r * (1 - ea) + d[q * 3] * ea;
        gg = gg * (1 - ea) + d[q * 3 + 1] * ea;
        b = b * (1 - ea) + d[q * 3 + 2] * ea;
        back = back + ea * (1 - back);
      }
      const total = a + back * (1 - a);
      const o = p * 4;
      if (total <= 0) {
        out[o] = out[o + 1] = out[o + 2] = out[o + 3] = 0;
        continue;
      }
      out[o] = (d[p * 3] * a + r * back * (1 - a)) / total;
      out[o + 1] = (d[p * 3 + 1] * a + gg * back * (1 - a)) / total;
      out[o + 2] = (d[p * 3 + 2] * a + b * back * (1 - a)) / total;
      out[o + 3] = total * 255;
    }
  }
  return { data: out, width: W, height: H, channels: 4 };
}
