import sharp from 'sharp';

/** Decoding a photo may take at most this many pixels (a decompression bomb is refused). */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * A photo's pixels as the detectors and the renderer read them: turned upright (EXIF), RGB, long
 * side at most `longSide` (never enlarged); `orientedWidth` is the upright photo's full width, to
 * map these pixels back to it.
 */
export async function uprightRgb(photo: Buffer, longSide: number, options: { strict?: boolean } = {}) {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, ...(options.strict ? { failOn: 'error' as const } : {}) })
    .rotate()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(photo).metadata();
  const orientedWidth = (meta.orientation ?? 1) >= 5 ? meta.height ?? info.width : meta.width ?? info.width;
  return { data, info, orientedWidth };
}
