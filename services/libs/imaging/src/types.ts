/** Public request/result shapes of the studio engine, plus the internal renderer contract. */
import type { VariationType } from '@trendforge/contracts';
import type { PromptInfo } from './prompt.js';
import type { ScenePlan } from './plan/plan.js';
import type { BackgroundKind } from './backgrounds.js';
import type { Raw } from './raster.js';
import type { Rng } from './util/rng.js';

export type Aspect = '1:1' | '4:5' | '9:16' | '16:9';

/** Where a face is in a photo, in pixels of the auto-oriented photo. */
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
  /** Scale the aspect preset so its long side is this many px (e.g. 3840 for the 4K export). */
  longSide?: number;
  photo?: Buffer;
  styleOptions?: Record<string, boolean>;
  /**
   * How strongly the trend's look is applied, 1–10 (the Forge screen sends 7, the trend as
   * designed): lower calms its colour and contrast, higher pushes them.
   */
  styleIntensity?: number;
  /** The scene plan to draw instead of the one planned from the prompt (plan/plan.ts planScene). */
  plan?: ScenePlan;
  vibe?: string;
  /**
   * The personalization: comma-separated trait words ("blonde hair, glasses, formal wear"). Without
   * a photo they shape the drawn person (prompt words win where they differ); with a photo, the
   * photo is the person and they change nothing.
   */
  traits?: string;
  background?: string;
  /** The wizard's style variation (variation.ts): standard, or a detailed, minimalist or artistic finish. */
  variation?: VariationType;
  onProgress?: (percent: number) => void;
  /**
   * Once, near the middle of the render: a small JPEG of the picture as it stands (previewJpeg),
   * before the result. Not asked, not made.
   */
  onPreview?: (jpeg: Buffer) => void;
  /** A face box to frame on when the detector finds none (e.g. from stored traits). */
  faceBox?: FaceBox;
  /**
   * The person's matte (models.ts personMatte, encodeMatte: greyscale PNG over the whole oriented
   * photo), computed once per photo by traits-worker: with it the person is cut out and placed in
   * the trend's scene. Renders never compute one.
   */
  matte?: Buffer;
  /** Run the face detector on the photo (default true). */
  detectFaces?: boolean;
}

export interface RenderResult {
  png: Buffer;
  width: number;
  height: number;
}

/** The main face inside a crop, in that crop's pixels. */
export interface PhotoFace {
  box: FaceBox;
  /** 68 landmarks (empty when only a box was given). */
  landmarks: Array<{ x: number; y: number }>;
}

/** The member's photo, decoded once; crops are made on demand for any box. */
export interface PhotoSource {
  width: number;
  height: number;
  /** A face with landmarks was found. */
  hasFace: boolean;
  /** A matte of the person came with the photo: `cutout` gives the person alone. */
  hasMatte: boolean;
  /**
   * The same crop as `crop` with the person's matte as alpha (RGBA): the person without the
   * photo's background. Undefined when the photo came without a matte.
   */
  cutout(width: number, height: number, faceFraction?: number): Promise<Raw | undefined>;
  /**
   * Crop to exactly width×height (RGB), framed on the main face (its height a `faceFraction` of
   * the crop's, photo permitting); the centre when there is no face.
   */
  crop(width: number, height: number, faceFraction?: number): Promise<Raw>;
  /** Where the main face lands in the same crop. */
  faceIn(width: number, height: number, faceFraction?: number): PhotoFace | undefined;
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
  /**
   * How far the trend's render is (0-100); with `snapshot`, the picture as it stands, which the
   * engine hands back once as its midpoint preview (renderers pass it near their middle).
   */
  progress(percent: number, snapshot?: Raw): void;
}

export interface TrendRenderer {
  slug: string;
  name: string;
  /** Other slugs that mean the same trend. */
  aliases?: string[];
  render(ctx: TrendContext): Promise<Raw>;
}
