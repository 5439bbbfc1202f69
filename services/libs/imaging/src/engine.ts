/** The studio engine: the embedded offline image provider. */
import sharp, { type Sharp } from 'sharp';
import { parseBackground } from './backgrounds.js';
import { analysePrompt, applyTraits } from './prompt.js';
import { planScene } from './plan/plan.js';
import { curve, encodePng, fromRaw, recombCurveVignette, saturationMatrix, type Raw } from './raster.js';
import { openPhoto } from './photo.js';
import { decodeMatte } from './models.js';
import { rendererFor } from './trends/index.js';
import { applyVariation } from './variation.js';
import type { Aspect, RenderRequest, RenderResult, TrendContext } from './types.js';
import { createRng, hashString } from './util/rng.js';

export const FRAMES: Record<Aspect, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '4:5': { width: 1080, height: 1350 },
  '9:16': { width: 1080, height: 1920 },
  '16:9': { width: 1920, height: 1080 },
};

/** The long side of the download export ("4K"). */
export const EXPORT_LONG_SIDE = 3840;
const MAX_LONG_SIDE = 4096;
/** The long side of a preview of a picture still forming. */
const PREVIEW_LONG_SIDE = 512;
/** The long side of a creation's thumbnail (the gallery's cards). */
export const THUMBNAIL_SIDE = 384;

/** A render, with its thumbnail when asked for one (`thumbnailSide`). */
export interface RenderedTrend extends RenderResult {
  thumbnail?: Buffer;
}

/** How a render is delivered, beside what it draws (RenderRequest). */
export interface RenderDelivery {
  /**
   * The thumbnail's long side: made from the picture's own pixels while its PNG is encoded, so the
   * caller never decodes the PNG again for it (about 20 ms of CPU a generation).
   */
  thumbnailSide?: number;
  /**
   * No midpoint preview when the render reaches its midpoint sooner than this: it ends about as
   * soon after, so the member would hardly see the preview, and it costs some 10 ms of CPU (a
   * copy, a JPEG) and its storing and pushing. Slow renders (a photo, a busy machine) keep theirs.
   */
  previewAfterMs?: number;
}

export async function renderTrend(req: RenderRequest, { thumbnailSide, previewAfterMs = 0 }: RenderDelivery = {}): Promise<RenderedTrend> {
  const started = performance.now();
  const frame = FRAMES[req.aspect ?? '1:1'] ?? FRAMES['1:1'];
  // Exports (4K) and previews scale the preset; every layout is relative to the frame.
  const k = req.longSide && req.longSide > 0 ? Math.min(MAX_LONG_SIDE, req.longSide) / Math.max(frame.width, frame.height) : 1;
  const W = Math.round(frame.width * k);
  const H = Math.round(frame.height * k);
  let last = -1;
  const profile = process.env.IMAGING_PROFILE === '1';
  let t0 = performance.now();
  let c0 = process.cpuUsage();
  const progress = (p: number) => {
    if (profile) {
      const t = performance.now();
      const c = process.cpuUsage(c0);
      process.stderr.write(`[imaging] ${req.trendSlug} ${Math.round(p)}% +${(t - t0).toFixed(1)}ms cpu ${((c.user + c.system) / 1000).toFixed(1)}ms\n`);
      t0 = t;
      c0 = process.cpuUsage();
    }
    const v = Math.max(0, Math.min(100, Math.round(p)));
    if (v <= last || !req.onProgress) return;
    last = v;
    try {
      req.onProgress(v);
    } catch {
      // A progress listener must never break a render.
    }
  };
  progress(0);
  // The midpoint preview: the first snapshot a renderer passes, else the trend's picture before its finish.
  let previewSent: Promise<void> | undefined;
  const preview = (img: Raw) => {
    const onPreview = req.onPreview;
    if (previewSent || !onPreview) return;
    if (performance.now() - started < previewAfterMs) {
      previewSent = Promise.resolve();
      return;
    }
    // A copy: the renderer goes on drawing while sharp encodes.
    const still = { ...img, data: Buffer.from(img.data) };
    previewSent = previewJpeg(still).then((jpeg) => onPreview(jpeg)).catch(() => undefined);
  };
  const seed = Number.isFinite(req.seed) ? Math.trunc(req.seed) >>> 0 : 0;
  const renderer = rendererFor(req.trendSlug ?? '');
  // The stream depends on the seed and the prompt, so the same seed with another prompt varies too.
  const rng = createRng(hashString(`${renderer.slug}|${req.prompt ?? ''}`, seed));
  const photo = req.photo && req.photo.length > 0 ? await openPhoto(req.photo, req.faceBox, req.detectFaces !== false, req.matte ? await decodeMatte(req.matte).catch(() => undefined) : undefined) : undefined;
  progress(10);
  const info = analysePrompt(req.prompt ?? '');
  // The scene plan: what the prompt asks to see, staged by every trend (stage.ts).
  info.plan = req.plan ?? planScene(info.text);
  const ctx: TrendContext = {
    req,
    W,
    H,
    rng,
    // The personalization shapes the drawn character; with a photo, the photo is the person.
    prompt: photo ? info : applyTraits(info, req.traits),
    options: { ...(req.styleOptions ?? {}) },
    background: parseBackground(req.background),
    photo,
    id: 'tf',
    progress: (p, snapshot) => {
      if (snapshot) preview(snapshot);
      progress(10 + p * 0.8);
    },
  };
  // The variation finishes the trend's picture; its own stream, so the picture itself never changes with it.
  const drawn = await renderer.render(ctx);
  preview(drawn);
  const img = await applyVariation(applyIntensity(drawn, req.styleIntensity), req.variation, createRng(hashString(`variation|${req.variation ?? ''}`, seed)));
  progress(92);
  const [png, thumbnail] = await Promise.all([encodePng(img), thumbnailSide ? thumbnailWebp(fromRaw(img).removeAlpha(), thumbnailSide) : undefined]);
  await previewSent;
  progress(100);
  return { png, width: img.width, height: img.height, ...(thumbnail ? { thumbnail } : {}) };
}

/** The style intensity as colour and contrast around the trend's own (7 leaves the picture as it is). */
function applyIntensity(img: Raw, intensity: number | undefined): Raw {
  if (intensity === undefined || !Number.isFinite(intensity)) return img;
  const level = Math.max(1, Math.min(10, Math.round(intensity)));
  if (level === 7) return img;
  const t = (level - 7) / 3;
  return recombCurveVignette(img, saturationMatrix(1 + 0.3 * t), curve(0.2 * t, 0, 1), 0);
}

/** A WebP thumbnail whose longer side is `size` px, of a stored image (a render's own comes with it: renderTrend). */
export async function makeThumbnail(png: Buffer, size = THUMBNAIL_SIDE): Promise<Buffer> {
  return thumbnailWebp(sharp(png).rotate(), size);
}

/** Effort 2: half the CPU of effort 3 for files about 4 % larger (about 6 against 12 ms at 384 px). */
function thumbnailWebp(image: Sharp, size: number): Promise<Buffer> {
  return image.resize(size, size, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer();
}

/**
 * A stored image scaled so its long side is `longSide` px (PNG): the export of a creation that
 * cannot be rendered again (made by another engine, or before its render inputs were kept).
 */
export async function scaleToLongSide(image: Buffer, longSide = EXPORT_LONG_SIDE): Promise<Buffer> {
  const side = Math.min(MAX_LONG_SIDE, longSide);
  return sharp(image).rotate().resize(side, side, { fit: 'inside', kernel: 'lanczos3' }).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * An image from another engine made to the exact frame of an aspect preset (PNG): scaled to cover
 * the frame, centred, and the overflow cropped (providers answer in a few fixed sizes; the nearest
 * one differs from the preset by a strip at most).
 */
export async function fitToFrame(image: Buffer, aspect: Aspect = '1:1'): Promise<Buffer> {
  const { width, height } = FRAMES[aspect] ?? FRAMES['1:1'];
  return sharp(image).rotate().resize(width, height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' }).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * A preview as it is stored: the studio engine's midpoint already is one (a JPEG of the preview's
 * size, kept as it is); other engines' partial images are made into one.
 */
export async function asPreviewJpeg(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata().catch(() => undefined);
  if (meta?.format === 'jpeg' && Math.max(meta.width ?? Infinity, meta.height ?? Infinity) <= PREVIEW_LONG_SIDE && (meta.orientation ?? 1) === 1) return image;
  return previewJpeg(image);
}

/** A small JPEG of a picture still forming (a partial image, the engine's midpoint): light to store and send. */
export async function previewJpeg(image: Buffer | Raw, longSide = PREVIEW_LONG_SIDE): Promise<Buffer> {
  const input = Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  return input.resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 72, mozjpeg: false }).toBuffer();
}

/** Decode with sharp; throws on anything that is not an image. */
export async function readImageInfo(buf: Buffer): Promise<{ format: string; width: number; height: number }> {
  const meta = await sharp(buf).metadata();
  if (!meta.format || !meta.width || !meta.height) throw new Error('Not a decodable image');
  const swap = (meta.orientation ?? 1) >= 5;
  return { format: meta.format, width: swap ? meta.height : meta.width, height: swap ? meta.width : meta.height };
}
