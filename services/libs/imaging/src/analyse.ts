/**
 * Traits of a member's photo (traits-worker's job): the shared face detector reads the faces; the
 * largest one gives the traits, in the words of the fixed trait options (contracts' TraitOptions)
 * plus what the detector reliably sees ("smiling face", "beard", an age band). Its face mesh
 * (models.ts) places the irises, glasses and beard; its person's matte tells the hair's length.
 * Colours are sampled in face coordinates (following the head's tilt) and judged against the
 * person's own skin, which also serves as the white reference, so a warm or coloured light does
 * not turn brown hair blonde. A trait is only given when the pixels support it clearly;
 * otherwise it is left out.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { uprightRgb } from './util/pixels.js';
import { manyFacesNote, type PhotoFace, type TraitsJobResult } from '@trendforge/contracts';
import { detectFaces, type DetectedFace, type FacePoint } from './faces.js';
import { faceMesh, personMatte, type FaceMesh, type PersonMatte } from './models.js';

/** Decoded pixels (RGB) of the auto-oriented photo, at most this long (as stored photos are). */
const MAX_SIDE = 2048;

/** Gender presentation from face-api only when it is this sure; else "androgynous look". */
export const GENDER_SURE = 0.8;
/** An expression is named when its probability is at least this. */
export const EXPRESSION_SURE = 0.7;
/** Eye colour needs eyes (corner to corner) at least this wide in the photo, px: irises of about 14 px and more. */
export const MIN_EYE_WIDTH = 32;
/** ...and open: mean lid gap over eye width. */
const MIN_EYE_OPENNESS = 0.24;
/** ...and the iris clearly darker than the skin (a closed lid, even with make-up, is not). */
const IRIS_DARKER = 0.58;
/** ...and of some colour in the photo's own light (HSV saturation). */
const IRIS_SATURATION = 0.12;

/** Expressions named as traits (face-api's other labels misread looking down as "sad"). */
const EXPRESSION_TRAITS: Record<string, string> = { happy: 'smiling face', neutral: 'neutral expression', surprised: 'surprised look' };

export type HairColour = 'black hair' | 'brown hair' | 'blonde hair' | 'red hair';
export type EyeColour = 'blue eyes' | 'brown eyes' | 'green eyes' | 'hazel eyes';

type RGB = [number, number, number];

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/** What one face shows: the traits, the sampled colours, and the measures behind them (tests, tuning). */
export interface FaceReading {
  traits: string[];
  hair?: HairColour | 'bald';
  length?: 'long hair' | 'short hair';
  eyes?: EyeColour;
  glasses?: boolean;
  beard?: boolean;
  hairColour?: string;
  eyeColour?: string;
  measures: {
    skin: RGB;
    hair?: RGB;
    /** Hair in the light of the skin reference (white balanced). */
    hairBalanced?: RGB;
    /** Nose tip across the face (0.5 facing the camera). */
    facing: number;
    /** The skin's colour is a plausible skin colour: colours can be judged in this light. */
    ordinaryLight: boolean;
    /** How the hair beside each temple reads. */
    sides?: string[];
    /** Columns (of 5) where the forehead reads as skin up to the top of the head. */
    skinColumns: number;
    eyeWidth: number;
    eyeOpenness: number;
    iris?: RGB;
    irisBalanced?: RGB;
    irisPixels: number;
    redEye: boolean;
    /** Share of the samples beside the jaw (each side) that are hair. */
    hairBeside?: number[];
    glasses?: { bridge: number; rims: number[] };
    beard?: { chin: boolean; lip: boolean; jaws: number };
  };
}

const hex = (n: number) => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, '0');
const toHex = (c: RGB) => `#${hex(c[0])}${hex(c[1])}${hex(c[2])}`;
const luma = (c: RGB) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const medianColour = (px: RGB[]): RGB => [median(px.map((p) => p[0])), median(px.map((p) => p[1])), median(px.map((p) => p[2]))];

/** Hue in degrees (0–360) and saturation (0–1, HSV) of a colour. */
function hueSat(c: RGB): { hue: number; sat: number } {
  const [r, g, b] = c;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let hue = 0;
  if (d > 0) {
    if (max === r) hue = 60 * (((g - b) / d) % 6);
    else if (max === g) hue = 60 * ((b - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
  }
  return { hue: (hue + 360) % 360, sat: max > 0 ? d / max : 0 };
}

/**
 * Skin as the white reference: a typical skin colour's chromaticity over this skin's, per channel.
 * Skin tones differ mostly in lightness, far less in chromaticity, so the ratio undoes the colour
 * of the light.
 */
const CANONICAL_SKIN: RGB = [200, 150, 122];
function balanceBy(skin: RGB): (c: RGB) => RGB {
  const sm = (skin[0] + skin[1] + skin[2]) / 3 || 1;
  const cm = (CANONICAL_SKIN[0] + CANONICAL_SKIN[1] + CANONICAL_SKIN[2]) / 3;
  const gain = [0, 1, 2].map((i) => CANONICAL_SKIN[i] / cm / Math.max(0.05, skin[i] / sm));
  return (c) => [c[0] * gain[0], c[1] * gain[1], c[2] * gain[2]];
}

/** Sum of the chromaticity differences (r, g, b shares) of two colours: 0 alike, up to 2. */
function chromaDistance(a: RGB, b: RGB): number {
  const sa = a[0] + a[1] + a[2] || 1;
  const sb = b[0] + b[1] + b[2] || 1;
  return Math.abs(a[0] / sa - b[0] / sb) + Math.abs(a[1] / sa - b[1] / sb) + Math.abs(a[2] / sa - b[2] / sb);
}

/** Could be skin like the cheeks: a forehead is often lighter (it faces the light), rarely another colour. */
function skinLike(c: RGB, skin: RGB): boolean {
  const ratio = luma(c) / Math.max(1, luma(skin));
  return chromaDistance(c, skin) < 0.08 && ratio > 0.6 && ratio < 2;
}

/** Still the same surface as `ref` (the skin just below), going up the forehead. */
function sameSurface(c: RGB, ref: RGB): boolean {
  const ratio = luma(c) / Math.max(1, luma(ref));
  return chromaDistance(c, ref) < 0.06 && ratio > 0.72 && ratio < 1.4;
}

/** Face coordinates: `a` across (face units to the face's left-to-right), `b` up from the brows, in brow-to-chin lengths. */
function faceFrame(lm: FacePoint[]) {
  const brows = lm.slice(17, 27);
  const B = { x: brows.reduce((s, p) => s + p.x, 0) / brows.length, y: brows.reduce((s, p) => s + p.y, 0) / brows.length };
  const C = lm[8];
  const unit = Math.hypot(B.x - C.x, B.y - C.y) || 1;
  const up = { x: (B.x - C.x) / unit, y: (B.y - C.y) / unit };
  const side = { x: -up.y, y: up.x };
  return { unit, at: (a: number, b: number): FacePoint => ({ x: B.x + (side.x * a + up.x * b) * unit, y: B.y + (side.y * a + up.y * b) * unit }) };
}

function sampler(img: Pixels) {
  const pixel = (x: number, y: number): RGB | undefined => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= img.width || yi >= img.height) return undefined;
    const i = (yi * img.width + xi) * 3;
    return [img.data[i], img.data[i + 1], img.data[i + 2]];
  };
  /** Mean of a small disc (radius r px) around a point; undefined when it leaves the photo. */
  const disc = (p: FacePoint, r: number): RGB | undefined => {
    const step = Math.max(1, r / 2);
    const acc = [0, 0, 0];
    let n = 0;
    for (let dy = -r; dy <= r; dy += step) {
      for (let dx = -r; dx <= r; dx += step) {
        if (dx * dx + dy * dy > r * r) continue;
        const v = pixel(p.x + dx, p.y + dy);
        if (!v) return undefined;
        acc[0] += v[0];
        acc[1] += v[1];
        acc[2] += v[2];
        n++;
      }
    }
    return n ? [acc[0] / n, acc[1] / n, acc[2] / n] : undefined;
  };
  return { pixel, disc };
}

/**
 * Hair: up five columns over the forehead, the first lasting departure from the skin colour is
 * the hairline; the hair is sampled just above it. Where the skin goes on past the top of the
 * head in most columns, the person is bald.
 */
/** Hairlines above this (brow-to-chin lengths over the brows) are the top of the head, not a hairline. */
const MAX_HAIRLINE = 0.52;
/** Skin up to this high in most columns: bald. */
const BALD_FROM = 0.6;

function readHair(img: Pixels, lm: FacePoint[], skin: RGB): { top?: RGB; sides: RGB[]; skinColumns: number } {
  const { unit, at } = faceFrame(lm);
  const { disc } = sampler(img);
  const r = Math.max(1, unit * 0.025);
  const found: RGB[] = [];
  let skinColumns = 0;
  const STEP = 0.03;
  for (const a of [-0.3, -0.15, 0, 0.15, 0.3]) {
    const c0 = disc(at(a, 0.14), r);
    if (!c0) continue;
    let hairline: number | undefined;
    let ref = c0;
    if (!skinLike(c0, skin)) hairline = 0.14; // a fringe
    else {
      let sum: RGB = [...c0];
      let n = 1;
      let run = 0;
      let top = 0.14;
      for (let b = 0.14 + STEP; b <= 0.75; b += STEP) {
        const c = disc(at(a, b), r);
        if (!c) break;
        top = b;
        if (sameSurface(c, ref)) {
          run = 0;
          sum = [sum[0] + c[0], sum[1] + c[1], sum[2] + c[2]];
          n++;
          ref = [sum[0] / n, sum[1] / n, sum[2] / n];
        } else if (++run === 2) {
          hairline = b - STEP;
          break;
        }
      }
      if (hairline === undefined) {
        // Skin all the way up to where the top of the head is (not just to a photo edge).
        if (top >= BALD_FROM) skinColumns++;
        continue;
      }
      // So high up, it is what is above the head (a bald head's outline, hair pulled back, or a
      // background like skin): no hair sample, and from near the top of the head on, bald.
      if (hairline > MAX_HAIRLINE) {
        if (hairline >= BALD_FROM) skinColumns++;
        continue;
      }
    }
    for (let b = hairline; b <= hairline + 0.2; b += 0.025) {
      const c = disc(at(a, b), r);
      if (c && !sameSurface(c, ref)) found.push(c);
    }
  }
  // Beside the temples, just outside the face outline: hair, unless it is short (or tied back).
  const origin = at(0, 0);
  const sides: RGB[] = [];
  for (const [edge, dir] of [[0, -1], [16, 1]] as const) {
    const px: RGB[] = [];
    for (const out of [0.08, 0.14, 0.2]) {
      for (const up of [-0.05, 0.05, 0.15]) {
        // From the outline point, outwards across the face and up towards the temple.
        const o = at(dir * out, up);
        const c = disc({ x: lm[edge].x + o.x - origin.x, y: lm[edge].y + o.y - origin.y }, r);
        if (c && !skinLike(c, skin)) px.push(c);
      }
    }
    if (px.length >= 5) sides.push(medianColour(px));
  }
  return { top: found.length >= 12 ? medianColour(found) : undefined, sides, skinColumns };
}

/** The hair colour a (skin-balanced) colour reads as, or undefined when it is in between. */
export function classifyHair(hair: RGB, balanced: RGB, skin: RGB): HairColour | undefined {
  const L = luma(balanced);
  const rel = luma(hair) / Math.max(1, luma(skin));
  const { hue, sat } = hueSat(balanced);
  // Black hair is dark and grey; a dark but warm, saturated colour is dark brown.
  if ((L < 45 || rel < 0.3) && sat < 0.38) return 'black hair';
  if (L < 62 && sat >= 0.4 && hue >= 10 && hue <= 45) return 'brown hair';
  if (L < 55 || rel < 0.36) return undefined;
  if (sat >= 0.5 && (hue < 26 || hue > 345) && L < 170 && balanced[0] / Math.max(1, balanced[1]) >= 1.55) return 'red hair';
  if (rel >= 0.8 && L >= 120 && hue >= 25 && hue <= 60 && sat >= 0.2) return 'blonde hair';
  if (rel <= 0.68 && L <= 115 && hue <= 50 && sat >= 0.15) return 'brown hair';
  return undefined;
}

/** The eye openings of MediaPipe's face mesh (lid contours), each eye's right and left. */
const EYE_OUTLINES = [
  [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
];

/**
 * The irises where the face mesh places them: the ring between pupil and the iris's edge, inside
 * the lids, without glints, the white of the eye and the black of pupil and lashes.
 */
function readIris(img: Pixels, lm: FacePoint[], mesh?: FaceMesh): { iris?: RGB; pixels: number; width: number; openness: number; redEye: boolean } {
  const { pixel } = sampler(img);
  const eyes = [lm.slice(36, 42), lm.slice(42, 48)];
  const dist = (a: FacePoint, b: FacePoint) => Math.hypot(a.x - b.x, a.y - b.y);
  const width = eyes.reduce((s, e) => s + dist(e[3], e[0]), 0) / 2;
  const openness = eyes.reduce((s, e) => s + (dist(e[1], e[5]) + dist(e[2], e[4])) / 2 / Math.max(1, dist(e[3], e[0])), 0) / 2;
  const px: RGB[] = [];
  let red = 0;
  let all = 0;
  for (const c of mesh?.irises ?? []) {
    // The pupil is about a third of the iris; the iris's edge blends into the white.
    const outer = c.r * 0.85;
    const inner = c.r * 0.35;
    // The lids of the eye whose outline's centre is nearest this iris.
    const [lids] = EYE_OUTLINES.map((o) => o.map((j) => mesh!.points[j])).sort((a, b) => dist(centre(a), c) - dist(centre(b), c));
    for (let y = Math.floor(c.y - outer); y <= c.y + outer; y++) {
      for (let x = Math.floor(c.x - outer); x <= c.x + outer; x++) {
        const d = Math.hypot(x - c.x, y - c.y);
        if (d > outer || d < inner || !inside(lids, x, y)) continue;
        const v = pixel(x, y);
        if (!v) continue;
        all++;
        const [r, g, b] = v;
        if (r > 90 && r > g * 1.6 && r > b * 1.5) red++;
        const l = luma(v);
        if (l > 190 || (l > 130 && hueSat(v).sat < 0.15) || l < 22) continue;
        px.push(v);
      }
    }
  }
  return { iris: px.length >= 25 ? medianColour(px) : undefined, pixels: px.length, width, openness, redEye: all > 0 && red / all > 0.04 };
}

const centre = (ps: FacePoint[]): FacePoint => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });

function inside(poly: FacePoint[], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i];
    const b = poly[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

/** The eye colour a (skin-balanced) iris colour reads as, or undefined when unclear (or red-eye). */
export function classifyEyes(balanced: RGB): EyeColour | undefined {
  const [r, g, b] = balanced;
  const { hue, sat } = hueSat(balanced);
  const L = luma(balanced);
  if (sat < 0.12) return undefined;
  if (hue >= 190 && hue <= 250 && b > r * 1.1) return 'blue eyes';
  if (hue >= 80 && hue < 170 && g > r * 1.05 && g > b * 1.1) return 'green eyes';
  if (hue >= 38 && hue < 70 && L >= 60) return 'hazel eyes';
  if (hue >= 8 && hue < 38 && sat >= 0.25 && L < 110) return 'brown eyes';
  return undefined;
}

/** Nose tip across the face, from one side of the jaw (0) to the other (1): about 0.5 when facing the camera. */
function facing(lm: FacePoint[]): number {
  const a = lm[2];
  const b = lm[14];
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return ((lm[30].x - a.x) * dx + (lm[30].y - a.y) * dy) / Math.max(1, dx * dx + dy * dy);
}

/** Skin in an ordinary light (hue of orange to red, some colour): else the light is too coloured to judge colours by. */
function ordinaryLight(skin: RGB): boolean {
  const { hue, sat } = hueSat(skin);
  return (hue <= 50 || hue >= 350) && sat >= 0.12 && sat <= 0.8 && luma(skin) >= 45;
}

/**
 * How strongly a line crosses the path from `a` to `b`: the largest step of a sample from the
 * mean of its neighbours `w` px away on both sides, over the path's median lightness. Skin changes
 * smoothly (a few per cent); the rim or bridge of a pair of glasses is a thin line of its own colour.
 */
function lineAcross(img: Pixels, a: FacePoint, b: FacePoint, w: number): number {
  const { disc } = sampler(img);
  const n = Math.max(8, Math.round(Math.hypot(b.x - a.x, b.y - a.y)));
  const r = Math.max(1, w / 4);
  const ls = Array.from({ length: n + 1 }, (_, i) => disc({ x: a.x + ((b.x - a.x) * i) / n, y: a.y + ((b.y - a.y) * i) / n }, r)).map((c) => (c ? luma(c) : NaN));
  const step = Math.max(1, Math.round((w * n) / Math.max(1, Math.hypot(b.x - a.x, b.y - a.y))));
  let most = 0;
  for (let i = step; i + step < ls.length; i++) {
    const d = Math.abs(ls[i] - (ls[i - step] + ls[i + step]) / 2);
    if (d > most) most = d;
  }
  return most / Math.max(1, median(ls.filter((l) => !Number.isNaN(l))));
}

/** A line this strong (share of the skin's lightness) across the nose bridge and under an eye: glasses. */
export const GLASSES_LINE = 0.2;

/** Glasses: a line across the bridge of the nose and one under an eye, where skin has none (MediaPipe mesh points). */
function readGlasses(img: Pixels, mesh: FaceMesh): { bridge: number; rims: number[] } {
  const p = mesh.points;
  const eyeWidth = (Math.hypot(p[33].x - p[133].x, p[33].y - p[133].y) + Math.hypot(p[263].x - p[362].x, p[263].y - p[362].y)) / 2;
  const w = eyeWidth * 0.12;
  const down = { x: (p[2].x - p[168].x) / Math.hypot(p[2].x - p[168].x, p[2].y - p[168].y), y: (p[2].y - p[168].y) / Math.hypot(p[2].x - p[168].x, p[2].y - p[168].y) };
  const along = (q: FacePoint, from: number, to: number): [FacePoint, FacePoint] => [
    { x: q.x + down.x * from * eyeWidth, y: q.y + down.y * from * eyeWidth },
    { x: q.x + down.x * to * eyeWidth, y: q.y + down.y * to * eyeWidth },
  ];
  // The bridge: from between the brows (9) down the nose past the inner eye corners.
  const bridge = lineAcross(img, ...along(p[9], 0, 0.9), w);
  // Under each eye: from just below the lower lid (145, 374) down the cheek.
  const rims = [p[145], p[374]].map((q) => lineAcross(img, ...along(q, 0.15, 0.75), w));
  return { bridge, rims };
}

/** Beard: the chin, the upper lip and the jaw beside the mouth read darker and greyer than the cheeks (MediaPipe mesh points). */
function readBeard(img: Pixels, mesh: FaceMesh, skin: RGB): { chin: boolean; lip: boolean; jaws: number } {
  const p = mesh.points;
  const { disc } = sampler(img);
  const faceWidth = Math.hypot(p[234].x - p[454].x, p[234].y - p[454].y);
  const r = Math.max(1, faceWidth * 0.03);
  const at = (a: number, b: number, t: number) => disc({ x: p[a].x + (p[b].x - p[a].x) * t, y: p[a].y + (p[b].y - p[a].y) * t }, r);
  const skinSat = hueSat(skin).sat;
  const hairy = (c: RGB | undefined) => !!c && luma(c) < luma(skin) * 0.62 && (hueSat(c).sat < skinSat * 0.85 || chromaDistance(c, skin) > 0.06);
  const most = (cs: Array<RGB | undefined>) => cs.filter(hairy).length * 2 > cs.length;
  return {
    // Between the lower lip (17) and the bottom of the chin (152).
    chin: most([at(17, 152, 0.45), at(17, 152, 0.7), at(17, 148, 0.6), at(17, 377, 0.6)]),
    // Between the nose (2) and the upper lip (0), and towards the mouth's corners.
    lip: most([at(2, 0, 0.55), at(2, 37, 0.55), at(2, 267, 0.55)]),
    // The jaw below each corner of the mouth (61, 291 towards 172, 397).
    jaws: [most([at(61, 172, 0.45), at(61, 172, 0.65)]), most([at(291, 397, 0.45), at(291, 397, 0.65)])].filter(Boolean).length,
  };
}

/**
 * Hair length from the matte: long hair falls beside the jaw and the neck, inside the person's
 * matte, not skin, and (where the hair over the forehead was sampled) about as light; short hair
 * leaves the background (or the neck's skin) there. Counted on each side in a band from the
 * lower jaw down the neck, just outside the jaw.
 */
function readHairLength(img: Pixels, lm: FacePoint[], skin: RGB, matte: PersonMatte, hair?: RGB): { sides: number[] } {
  const { pixel } = sampler(img);
  const kx = matte.width / img.width;
  const ky = matte.height / img.height;
  const faceWidth = Math.hypot(lm[16].x - lm[0].x, lm[16].y - lm[0].y);
  const faceHeight = Math.hypot(lm[8].x - lm[27].x, lm[8].y - lm[27].y);
  // Of about the hair's lightness (its colour shifts in the shade beside the neck; a white collar or a bright wall is not it).
  const likeHair = (c: RGB) => !hair || (luma(c) / Math.max(1, luma(hair)) > 0.4 && luma(c) / Math.max(1, luma(hair)) < 2.5);
  const sides = [[4, 5, 6], [12, 11, 10]].map((edge, s) => {
    const dir = s === 0 ? -1 : 1;
    let found = 0;
    let n = 0;
    for (const j of edge) {
      for (const down of [0, 0.2, 0.4]) {
        for (const out of [0.08, 0.16, 0.24]) {
          const x = lm[j].x + dir * out * faceWidth;
          const y = lm[j].y + down * faceHeight;
          const c = pixel(x, y);
          if (!c) continue;
          n++;
          const a = matte.alpha[Math.min(matte.height - 1, Math.round(y * ky)) * matte.width + Math.min(matte.width - 1, Math.round(x * kx))];
          if (a >= 160 && !skinLike(c, skin) && likeHair(c)) found++;
        }
      }
    }
    return n ? found / n : 0;
  });
  return { sides };
}

/** Share of the samples beside the jaw that are hair, on a side, from which the hair is long. */
const LONG_HAIR = 0.5;
/** ...and under which (on both sides) it is short. */
const SHORT_HAIR = 0.15;

/** The age band face-api's estimate falls in (its estimates are within a few years for adults). */
export function ageBand(age: number): string {
  if (age < 13) return 'child';
  if (age < 20) return 'teenager';
  if (age < 40) return 'young adult';
  if (age < 60) return 'middle-aged';
  return 'senior';
}

/** Everything one face shows; `img` is the oriented photo scaled by `k` from the detector's pixels. */
export function readFace(img: Pixels, face: DetectedFace, k = 1, { mesh, matte }: { mesh?: FaceMesh; matte?: PersonMatte } = {}): FaceReading {
  const lm = face.landmarks.map((p) => ({ x: p.x * k, y: p.y * k }));
  const { unit } = faceFrame(lm);
  const { disc } = sampler(img);
  const mid = (a: number, b: number, t: number): FacePoint => ({ x: lm[a].x + (lm[b].x - lm[a].x) * t, y: lm[a].y + (lm[b].y - lm[a].y) * t });
  // Skin: both cheeks, the nose bridge and beside the mouth.
  const skinSamples = [mid(2, 31, 0.45), mid(14, 35, 0.45), lm[29], mid(3, 48, 0.5), mid(13, 54, 0.5)]
    .map((p) => disc(p, Math.max(1, unit * 0.035)))
    .filter((c): c is RGB => !!c);
  const skin: RGB = skinSamples.length ? medianColour(skinSamples) : [0, 0, 0];
  const balance = balanceBy(skin);
  const traits: string[] = [];
  const turn = facing(lm);
  const reading: FaceReading = { traits, measures: { skin, facing: turn, ordinaryLight: ordinaryLight(skin), skinColumns: 0, eyeWidth: 0, eyeOpenness: 0, irisPixels: 0, redEye: false } };
  // Colours only of a face turned to the camera (a profile's landmarks miss the forehead) in a light that shows them.
  const judge = turn >= 0.22 && turn <= 0.78 && reading.measures.ordinaryLight;

  const { top, sides, skinColumns } = readHair(img, lm, skin);
  reading.measures.skinColumns = skinColumns;
  if (top) {
    reading.hairColour = toHex(top);
    reading.measures.hair = top;
    reading.measures.hairBalanced = balance(top);
    reading.measures.sides = sides.map((c) => classifyHair(c, balance(c), skin) ?? '?');
  }
  if (judge && skinColumns >= 4) reading.hair = 'bald';
  else if (judge && top) {
    const hair = classifyHair(top, balance(top), skin);
    // The hair over the forehead goes on beside the temples; a top reading that no side confirms
    // (while the sides show something) is more likely the background above the head.
    const sideClasses = reading.measures.sides ?? [];
    if (hair && (sides.length === 0 || sideClasses.includes(hair))) reading.hair = hair;
  }
  if (reading.hair) traits.push(reading.hair);
  if (matte && reading.hair !== 'bald') {
    const { sides: around } = readHairLength(img, lm, skin, matte, top);
    reading.measures.hairBeside = around;
    // Long: hair beside the jaw on a side; short: hair on the head (seen above the forehead) and none beside the jaw.
    if (Math.max(...around) >= LONG_HAIR) reading.length = 'long hair';
    else if (top && Math.max(...around) <= SHORT_HAIR && turn >= 0.3 && turn <= 0.7) reading.length = 'short hair';
    if (reading.length) traits.push(reading.length);
  }

  const iris = readIris(img, lm, mesh);
  Object.assign(reading.measures, { eyeWidth: iris.width, eyeOpenness: iris.openness, irisPixels: iris.pixels, redEye: iris.redEye });
  if (iris.iris) {
    reading.eyeColour = toHex(iris.iris);
    reading.measures.iris = iris.iris;
    reading.measures.irisBalanced = balance(iris.iris);
    // Large enough, open (an iris is darker than the lid that covers a closed eye), no flash red-eye,
    // and of a colour (grey or black is the lashes of an eye looking down, or a shadow).
    const open = iris.openness >= MIN_EYE_OPENNESS && luma(iris.iris) < luma(skin) * IRIS_DARKER;
    const coloured = hueSat(iris.iris).sat >= IRIS_SATURATION;
    if (judge && iris.width >= MIN_EYE_WIDTH && open && coloured && !iris.redEye) reading.eyes = classifyEyes(reading.measures.irisBalanced);
  }
  if (reading.eyes) traits.push(reading.eyes);

  if (mesh) {
    const glasses = readGlasses(img, mesh);
    const beard = readBeard(img, mesh, skin);
    Object.assign(reading.measures, { glasses, beard });
    if (glasses.bridge >= GLASSES_LINE && Math.max(...glasses.rims) >= GLASSES_LINE) {
      reading.glasses = true;
      traits.push('glasses');
    }
    // A shadow under the chin is not a beard: it needs the chin and the upper lip or both sides of the jaw.
    if (judge && beard.chin && (beard.lip || beard.jaws === 2)) {
      reading.beard = true;
      traits.push('beard');
    }
  }

  if (face.gender && face.genderProbability !== undefined) {
    traits.push(face.genderProbability >= GENDER_SURE ? (face.gender === 'female' ? 'feminine' : 'masculine') : 'androgynous look');
  }
  if (face.age !== undefined) traits.push(ageBand(face.age));
  const [label, p] = Object.entries(face.expressions ?? {}).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (label && p >= EXPRESSION_SURE && EXPRESSION_TRAITS[label]) traits.push(EXPRESSION_TRAITS[label]);
  return reading;
}

/** The photo's pixels as read for traits: oriented, RGB, long side at most MAX_SIDE; `k` from oriented pixels to these. */
export async function photoPixels(photo: Buffer): Promise<Pixels & { k: number; mean: RGB }> {
  const { data, info, orientedWidth: orientedW } = await uprightRgb(photo, MAX_SIDE);
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) {
    sum[0] += data[i];
    sum[1] += data[i + 1];
    sum[2] += data[i + 2];
  }
  const n = Math.max(1, data.length / 3);
  return { data, width: info.width, height: info.height, k: info.width / orientedW, mean: [sum[0] / n, sum[1] / n, sum[2] / n] };
}

/** A photo's analysis: the traits job's result and, with a face, the matte of its person. */
export interface Analysis {
  result: TraitsJobResult;
  matte?: PersonMatte;
}

/**
 * A member's photo analysed: the traits of its largest face (none when there is no face), how
 * many faces there are (a note from two), the largest face in pixels of the oriented photo, and
 * the photo's average colour; with a face, the matte of its person (which the hair's length is
 * read from) and its face mesh (irises, glasses, beard).
 */
export async function analyseWithMatte(photo: Buffer): Promise<Analysis> {
  const [img, faces] = await Promise.all([photoPixels(photo), detectFaces(photo, { traits: true })]);
  const main = faces[0];
  let face: PhotoFace | null = null;
  let traits: string[] = [];
  let matte: PersonMatte | undefined;
  if (main) {
    const box = { left: main.box.left * img.k, top: main.box.top * img.k, width: main.box.width * img.k, height: main.box.height * img.k };
    matte = await personMatte(photo, main.box, faces.slice(1).map((f) => f.box));
    const mesh = await faceMesh(img, box);
    const reading = readFace(img, main, img.k, { mesh, matte });
    traits = reading.traits;
    face = {
      box: main.box,
      landmarks: main.landmarks,
      age: main.age,
      gender: main.gender,
      genderProbability: main.genderProbability,
      expression: main.expression,
      hairColour: reading.hairColour,
      eyeColour: reading.eyeColour,
    };
  }
  return {
    result: {
      traits,
      faces: faces.length,
      note: faces.length >= 2 ? manyFacesNote(faces.length) : null,
      dominantColour: toHex(img.mean),
      face,
    },
    matte,
  };
}

/**
 * Loads the models and runs each once, on a photo that ships in face-api's package: the first
 * inference of a model on the WASM backend also sets it up (memory, kernels) and takes several
 * times as long as the next, so a worker does it at its start rather than on a member's photo.
 */
export async function warmAnalysis(): Promise<void> {
  await analyseWithMatte(await readFile(join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg')));
}

/** `analyseWithMatte`'s traits result alone. */
export async function analysePhoto(photo: Buffer): Promise<TraitsJobResult> {
  return (await analyseWithMatte(photo)).result;
}
