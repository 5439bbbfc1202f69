import sharp from 'sharp';
import type { TraitsJobResult } from '@trendforge/contracts';
import { detectFaces, type DetectedFace } from './faces.js';
import type { FaceBox } from './types.js';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The face part of a photo analysis (traits-worker's job result carries it along). */
export interface FaceTraits {
  box: FaceBox;
  landmarks: Array<{ x: number; y: number }>;
  age?: number;
  gender?: 'male' | 'female';
  expression?: string;
  /** Mean colours sampled at the landmarks: hair above the brows, the irises. */
  hairColour?: string;
  eyeColour?: string;
}

export interface PhotoAnalysis extends TraitsJobResult {
  faces: number;
  face?: FaceTraits;
}

/**
 * Traits of a member's photo: colour and light from its pixels, plus the main face from the shared
 * detector (face found, landmarks, age and gender presentation, expression, hair and eye colour).
 */
export async function analysePhoto(photo: Buffer): Promise<PhotoAnalysis> {
  const { channels, isOpaque } = await sharp(photo, { limitInputPixels: 40_000_000 }).rotate().resize(256, 256, { fit: 'inside' }).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  const brightness = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const saturation = Math.max(r, g, b) - Math.min(r, g, b);
  const traits = [
    r > b + 12 ? 'warm tones' : b > r + 12 ? 'cool tones' : 'neutral tones',
    brightness > 170 ? 'bright lighting' : brightness < 85 ? 'low-key lighting' : 'soft lighting',
    saturation > 60 ? 'vivid colours' : 'muted colours',
  ];
  if (!isOpaque) traits.push('transparent background');
  const faces = await detectFaces(photo, { traits: true });
  const main = faces[0];
  let face: FaceTraits | undefined;
  if (main) {
    face = { box: main.box, landmarks: main.landmarks, age: main.age, gender: main.gender, expression: main.expression, ...(await sampleColours(photo, main)) };
    traits.push('face found');
    if (main.gender) traits.push(main.gender === 'female' ? 'feminine presentation' : 'masculine presentation');
    if (main.age !== undefined) traits.push(`about ${Math.round(main.age)} years old`);
    if (main.expression) traits.push(`${main.expression} expression`);
  } else {
    traits.push('no face found');
  }
  return { traits, dominantColour: `#${hex(r)}${hex(g)}${hex(b)}`, faces: faces.length, face };
}

/** Hair: a band above the brows; eyes: the irises' centres. */
async function sampleColours(photo: Buffer, f: DetectedFace): Promise<{ hairColour?: string; eyeColour?: string }> {
  const { data, info } = await sharp(photo).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): [number, number, number] | undefined => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= info.width || yi >= info.height) return undefined;
    const i = (yi * info.width + xi) * info.channels;
    return [data[i], data[i + 1], data[i + 2]];
  };
  const mean = (pts: Array<[number, number]>) => {
    const got = pts.map(([x, y]) => at(x, y)).filter((v): v is [number, number, number] => !!v);
    if (got.length === 0) return undefined;
    const m = [0, 1, 2].map((c) => got.reduce((s, v) => s + v[c], 0) / got.length);
    return `#${hex(m[0])}${hex(m[1])}${hex(m[2])}`;
  };
  const lm = f.landmarks;
  const browY = Math.min(lm[19].y, lm[24].y);
  const hairY = browY - f.box.height * 0.45;
  const hair: Array<[number, number]> = [];
  for (let k = 0; k <= 8; k++) hair.push([f.box.left + (f.box.width * k) / 8, hairY]);
  const eye = (a: number, b: number): [number, number] => [(lm[a].x + lm[b].x) / 2, (lm[a].y + lm[b].y) / 2];
  return { hairColour: mean(hair), eyeColour: mean([eye(37, 40), eye(38, 41), eye(43, 46), eye(44, 47)]) };
}
