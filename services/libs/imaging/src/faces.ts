/**
 * The one face detector of TrendForge: @vladmandic/face-api's nets as models.ts loads them (the
 * process's tfjs, read from the installed package on disk, nothing downloaded), images decoded
 * with sharp. Used by the studio engine (framing, landmark-driven style flags) and by
 * traits-worker (face found, landmarks, age/gender presentation, expression). The recognition
 * net (128-d face descriptors, `faceDescriptor`) is loaded only when first asked for: renders never
 * pay for it.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { uprightRgb } from './util/pixels.js';
import type { FaceBox } from './types.js';
import { faceApiModels, faceApiRecognition } from './models.js';

export interface FacePoint {
  x: number;
  y: number;
}

export interface DetectedFace {
  /** In pixels of the auto-oriented image. */
  box: FaceBox;
  score: number;
  /** The 68 iBUG landmarks (jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, mouth 48–67). */
  landmarks: FacePoint[];
  /** Present on the largest face when traits were asked for. */
  age?: number;
  gender?: 'male' | 'female';
  genderProbability?: number;
  expression?: string;
  expressions?: Record<string, number>;
}

export interface DetectOptions {
  /** Also run the age/gender and expression nets on the largest face (traits-worker). */
  traits?: boolean;
}

/* face-api's node-wasm build is CommonJS and has no types entry of its own for this path. */
interface FaceApi {
  tf: { tensor3d(d: Uint8Array, s: [number, number, number], t: 'int32'): { dispose(): void } };
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: unknown, options: unknown): FaceQuery;
  extractFaceTensors(input: unknown, rects: unknown[]): Promise<Array<{ dispose(): void }>>;
  nets: {
    ageGenderNet: { predictAgeAndGender(face: unknown): Promise<{ age: number; gender: 'male' | 'female'; genderProbability: number }> };
    faceExpressionNet: { predictExpressions(face: unknown): Promise<Record<string, number>> };
  };
}
interface RawResult {
  detection: { box: { x: number; y: number; width: number; height: number }; score: number };
  alignedRect: unknown;
  landmarks: { positions: Array<{ x: number; y: number }> };
  age?: number;
  gender?: 'male' | 'female';
  genderProbability?: number;
  expressions?: Record<string, number>;
  descriptor?: Float32Array;
}
interface FaceQuery {
  withFaceLandmarks(): FaceQuery & PromiseLike<RawResult[]>;
  withFaceDescriptors(): FaceQuery & PromiseLike<RawResult[]>;
}

const DETECT_SIDE = 640;

/** face-api's models, once per process (models.ts). */
const faceApi = () => faceApiModels() as unknown as Promise<FaceApi>;
const recognitionApi = () => faceApiRecognition() as unknown as Promise<FaceApi>;

const cache = new Map<string, Promise<DetectedFace[]>>();
const CACHE_SIZE = 16;

/**
 * Every face in an image, largest first. Results are cached by content (renders of one photo in
 * several trends, and the 4K export, detect once).
 */
export function detectFaces(image: Buffer, options: DetectOptions = {}): Promise<DetectedFace[]> {
  const key = createHash('sha1').update(image).update(options.traits ? 't' : '-').digest('hex');
  let hit = cache.get(key);
  if (!hit) {
    hit = runDetection(image, options);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return hit;
}

/**
 * The image decoded (oriented, at most DETECT_SIDE) as a tensor for `fn`, which maps its pixels to
 * the oriented image's with `at`. With `margin`, the image is decoded smaller and framed by a
 * neutral grey margin of that fraction of its long side on every edge (see `faceIdentities`).
 */
async function withTensor<T>(api: FaceApi, image: Buffer, fn: (tensor: unknown, at: (x: number, y: number) => FacePoint, k: number) => Promise<T>, margin = 0): Promise<T> {
  const side = Math.round(DETECT_SIDE / (1 + 2 * margin));
  const upright = await uprightRgb(image, side);
  let { data, info } = upright;
  const fullW = upright.orientedWidth;
  const k = fullW / info.width;
  const pad = Math.round(Math.max(info.width, info.height) * margin);
  if (pad > 0) {
    ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#808080' })
      .raw()
      .toBuffer({ resolveWithObject: true }));
  }
  const tensor = api.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
  try {
    return await fn(tensor, (x, y) => ({ x: (x - pad) * k, y: (y - pad) * k }), k);
  } finally {
    tensor.dispose();
  }
}

/** The tiny detector is fast; SSD MobileNet finds the faces it misses (profiles, small faces). */
async function findFaces(api: FaceApi, tensor: unknown, extend: (q: FaceQuery & PromiseLike<RawResult[]>) => PromiseLike<RawResult[]>, ssdOnly = false): Promise<RawResult[]> {
  const run = (detector: unknown) => extend(api.detectAllFaces(tensor, detector).withFaceLandmarks());
  const found = ssdOnly ? [] : await run(new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }));
  return found.length > 0 ? found : run(new api.SsdMobilenetv1Options({ minConfidence: 0.45, maxResults: 8 }));
}

const area = (b: FaceBox) => b.width * b.height;

async function runDetection(image: Buffer, options: DetectOptions): Promise<DetectedFace[]> {
  const api = await faceApi();
  return withTensor(api, image, async (tensor, _at, k) => {
    const found = (await findFaces(api, tensor, (q) => q, options.traits)).sort((a, b) => b.detection.box.width * b.detection.box.height - a.detection.box.width * a.detection.box.height);
    const faces = found.map((f): DetectedFace => {
      const b = f.detection.box;
      return {
        box: { left: b.x * k, top: b.y * k, width: b.width * k, height: b.height * k },
        score: f.detection.score,
        landmarks: f.landmarks.positions.map((p) => ({ x: p.x * k, y: p.y * k })),
      };
    });
    // Traits are read from the largest face only: its age, gender and expression, on its aligned crop.
    if (options.traits && found[0]) {
      const [crop] = await api.extractFaceTensors(tensor, [found[0].alignedRect]);
      try {
        const { age, gender, genderProbability } = await api.nets.ageGenderNet.predictAgeAndGender(crop);
        const expressions = await api.nets.faceExpressionNet.predictExpressions(crop);
        Object.assign(faces[0], {
          age,
          gender,
          genderProbability,
          expressions: Object.fromEntries(Object.entries(expressions).map(([e, v]) => [e, Math.round(v * 1000) / 1000])),
          expression: Object.entries(expressions).sort((a, b) => b[1] - a[1])[0]?.[0],
        });
      } finally {
        crop.dispose();
      }
    }
    return faces;
  });
}

/** A face and its 128-d identity descriptor (faceRecognitionNet, dlib-aligned from the landmarks). */
export interface FaceIdentity {
  box: FaceBox;
  descriptor: Float32Array;
}

const identities = new Map<string, Promise<FaceIdentity[]>>();

/**
 * Every face of an image with its identity descriptor, largest first (the same detector order as
 * `detectFaces`, so the first is the face a render frames on). Cached by content. Loads the
 * recognition net on first use.
 */
export function faceIdentities(image: Buffer): Promise<FaceIdentity[]> {
  const key = createHash('sha1').update(image).digest('hex');
  let hit = identities.get(key);
  if (!hit) {
    hit = (async () => {
      const api = await recognitionApi();
      const run = (margin: number) =>
        withTensor(api, image, async (tensor, at) =>
          (await findFaces(api, tensor, (q) => q.withFaceDescriptors()))
            .filter((f) => f.descriptor)
            .map((f) => {
              const b = f.detection.box;
              const tl = at(b.x, b.y);
              const br = at(b.x + b.width, b.y + b.height);
              return { box: { left: tl.x, top: tl.y, width: br.x - tl.x, height: br.y - tl.y }, descriptor: f.descriptor! };
            })
            .sort((a, b) => area(b.box) - area(a.box)), margin);
      // Both detectors miss a stylised face that fills most of the frame (a render's close-up);
      // with room around it, they find it.
      const found = await run(0);
      return found.length > 0 ? found : run(0.5);
    })();
    identities.set(key, hit);
    hit.catch(() => identities.delete(key));
    if (identities.size > CACHE_SIZE) identities.delete(identities.keys().next().value as string);
  }
  return hit;
}

/** The identity descriptor of an image's largest face, or undefined when it has none. */
export async function faceDescriptor(image: Buffer): Promise<Float32Array | undefined> {
  return (await faceIdentities(image))[0]?.descriptor;
}

/** Euclidean distance of two face descriptors: below about 0.6 face-api reads them as one person. */
export function descriptorDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('descriptorDistance: descriptors of different lengths');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return Math.sqrt(sum);
}

/** The face a render is about: the largest one. */
export async function mainFace(image: Buffer): Promise<DetectedFace | undefined> {
  return (await detectFaces(image))[0];
}

/** Named landmark groups of a 68-point face. */
export const LANDMARKS = {
  jaw: [0, 17],
  rightBrow: [17, 22],
  leftBrow: [22, 27],
  nose: [27, 36],
  rightEye: [36, 42],
  leftEye: [42, 48],
  mouth: [48, 60],
  innerMouth: [60, 68],
} as const;

export function landmarkGroup(points: FacePoint[], group: keyof typeof LANDMARKS): FacePoint[] {
  const [a, b] = LANDMARKS[group];
  return points.slice(a, b);
}

/** Centre and radius (half the widest extent) of a landmark group. */
export function groupCircle(points: FacePoint[], group: keyof typeof LANDMARKS): { x: number; y: number; r: number } {
  const g = landmarkGroup(points, group);
  const xs = g.map((p) => p.x);
  const ys = g.map((p) => p.y);
  const x = (Math.min(...xs) + Math.max(...xs)) / 2;
  const y = (Math.min(...ys) + Math.max(...ys)) / 2;
  return { x, y, r: Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2 };
}
