/**
 * The one face detector of TrendForge: @vladmandic/face-api on the tfjs WASM backend, models and
 * wasm binaries read from the installed packages on disk (nothing is downloaded), images decoded
 * with sharp. Used by the studio engine (framing, landmark-driven style flags) and by
 * traits-worker (face found, landmarks, age/gender presentation, expression).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { FaceBox } from './types.js';

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
  /** Present when traits were asked for. */
  age?: number;
  gender?: 'male' | 'female';
  genderProbability?: number;
  expression?: string;
  expressions?: Record<string, number>;
}

export interface DetectOptions {
  /** Also run the age/gender and expression nets (traits-worker). */
  traits?: boolean;
}

/* face-api's node-wasm build is CommonJS and has no types entry of its own for this path. */
interface FaceApi {
  tf: { setWasmPaths(p: string, fetch?: boolean): void; setBackend(b: string): Promise<boolean>; ready(): Promise<void>; tensor3d(d: Uint8Array, s: [number, number, number], t: 'int32'): { dispose(): void } };
  nets: Record<'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net' | 'ageGenderNet' | 'faceExpressionNet', { loadFromDisk(dir: string): Promise<void> }>;
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => unknown;
  detectAllFaces(input: unknown, options: unknown): FaceQuery;
}
interface RawResult {
  detection: { box: { x: number; y: number; width: number; height: number }; score: number };
  landmarks: { positions: Array<{ x: number; y: number }> };
  age?: number;
  gender?: 'male' | 'female';
  genderProbability?: number;
  expressions?: Record<string, number>;
}
interface FaceQuery {
  withFaceLandmarks(): FaceQuery & PromiseLike<RawResult[]>;
  withFaceExpressions(): FaceQuery & PromiseLike<RawResult[]>;
  withAgeAndGender(): FaceQuery & PromiseLike<RawResult[]>;
}

const require = createRequire(import.meta.url);
const DETECT_SIDE = 640;

let loading: Promise<FaceApi> | undefined;

/** Load the WASM backend and the models once per process. */
function faceApi(): Promise<FaceApi> {
  loading ??= (async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    // A file path with fetch off: emscripten reads the .wasm with fs, no network.
    api.tf.setWasmPaths(join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/', false);
    await api.tf.setBackend('wasm');
    await api.tf.ready();
    const models = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
    await Promise.all([api.nets.tinyFaceDetector, api.nets.ssdMobilenetv1, api.nets.faceLandmark68Net, api.nets.ageGenderNet, api.nets.faceExpressionNet].map((n) => n.loadFromDisk(models)));
    return api;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

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

async function runDetection(image: Buffer, options: DetectOptions): Promise<DetectedFace[]> {
  const api = await faceApi();
  const { data, info } = await sharp(image, { limitInputPixels: 60_000_000 })
    .rotate()
    .resize(DETECT_SIDE, DETECT_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(image).metadata();
  const fullW = (meta.orientation ?? 1) >= 5 ? meta.height ?? info.width : meta.width ?? info.width;
  const k = fullW / info.width;
  const tensor = api.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
  try {
    const run = async (detector: unknown): Promise<RawResult[]> => {
      const q = api.detectAllFaces(tensor, detector).withFaceLandmarks();
      return options.traits ? q.withFaceExpressions().withAgeAndGender() : q;
    };
    // The tiny detector is fast; SSD MobileNet finds the faces it misses (profiles, small faces).
    let found = await run(new api.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.5 }));
    if (found.length === 0 || options.traits) found = await run(new api.SsdMobilenetv1Options({ minConfidence: 0.45, maxResults: 8 }));
    return found
      .map((f): DetectedFace => {
        const b = f.detection.box;
        const out: DetectedFace = {
          box: { left: b.x * k, top: b.y * k, width: b.width * k, height: b.height * k },
          score: f.detection.score,
          landmarks: f.landmarks.positions.map((p) => ({ x: p.x * k, y: p.y * k })),
        };
        if (options.traits) {
          out.age = f.age;
          out.gender = f.gender;
          out.genderProbability = f.genderProbability;
          out.expressions = f.expressions ? Object.fromEntries(Object.entries(f.expressions).map(([e, v]) => [e, Math.round(v * 1000) / 1000])) : undefined;
          out.expression = f.expressions ? Object.entries(f.expressions).sort((a, b) => b[1] - a[1])[0]?.[0] : undefined;
        }
        return out;
      })
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  } finally {
    tensor.dispose();
  }
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
