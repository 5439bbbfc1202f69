/** Public request/result shapes of the studio engine, plus the internal renderer contract. */
import type { PromptInfo } from './prompt.js';
import type { BackgroundKind } from './backgrounds.js';
import type { Raw } from './raster.js';
import type { Rng } from './util/rng.js';

export type Aspect = '1:1' | '4:5' | '9:16' | '16:9';

/**
 * Where a face is in the request's photo, in pixels of the auto-oriented photo. Face detection
 * (face-api, traits-worker) fills this in a later step; the engine uses it to centre crops.
 */
export interface FaceBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RenderRequest {
  trendSlug: string;
  trendName: string;
  prompt: string;
  seed: number;
  aspect?: Aspect;
  photo?: Buffer;
  styleOptions?: Record<string, boolean>;
  vibe?: string;
  background?: string;
  onProgress?: (percent: number) => void;
  /** Optional seam for face detection: centres photo crops on this box. */
  faceBox?: FaceBox;
}

export interface RenderResult {
  png: Buffer;
  width: number;
  height: number;
}

/** The member's photo, decoded once; crops are made on demand for any box. */
export interface PhotoSource {
  width: number;
  height: number;
  /** Cover-crop to exactly width×height (RGB), centred on the face box when known. */
  crop(width: number, height: number): Promise<Raw>;
}

export interface TrendContext {
  req: RenderRequest;
  W: number;
  H: number;
  rng: Rng;
  prompt: PromptInfo;
  options: Record<string, boolean>;
  /** The Background Style chip, when one was chosen. */
  background?: BackgroundKind;
  photo?: PhotoSource;
  /** Unique prefix for SVG ids. */
  id: string;
  progress(percent: number): void;
}

export interface TrendRenderer {
  slug: string;
  name: string;
  /** Other slugs that mean the same trend. */
  aliases?: string[];
  render(ctx: TrendContext): Promise<Raw>;
}
