import sharp from 'sharp';
import { PhotoLimits, PhotoMessages } from '@trendforge/contracts';

/** Spec part 1 section 9: avatars up to 2 MB; the pixel cap stops decompression bombs before decoding. */
export const AvatarLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxPixels: 4096 * 4096,
  /** Stored avatars are square WebPs of this side. */
  side: 512,
} as const;

/** Formats decoded from the bytes themselves; SVG is left out (it can reference outside files). */
const AcceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** The texts of spec part 1 section 5 (toast title and description), plus the pixel cap the spec leaves open. */
export const UploadMessages = {
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please upload an image file (JPEG, PNG, etc.)',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please upload an image smaller than 2 MB',
  tooManyPixels: (width: number, height: number) =>
    `This image is ${width} × ${height} pixels. Please upload an image of at most 4096 × 4096 pixels.`,
} as const;

export type UploadRefusal = 'type' | 'size' | 'pixels';

/** An upload refused for its content; the message is fit to show the member. */
export class UploadRejectedError extends Error {
  override readonly name = 'UploadRejectedError';
  constructor(readonly reason: UploadRefusal, message: string) {
    super(message);
  }
}

export interface PreparedAvatar {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/**
 * Checks an avatar by decoding it (never by its name or declared type) and re-encodes it as a
 * square WebP, which also drops metadata (location, camera) and anything smuggled after the image.
 * Order matters: byte size first, then the header's pixel count, and only then the full decode.
 */
export async function prepareAvatar(bytes: Buffer): Promise<PreparedAvatar> {
  if (bytes.length > AvatarLimits.maxBytes) throw new UploadRejectedError('size', UploadMessages.tooLarge);

  // Reads the header only (no pixels), so no pixel limit here: it would hide the dimensions.
  const header = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header) throw new UploadRejectedError('type', UploadMessages.invalidType);
  if (!header.format || !AcceptedFormats.has(header.format) || !header.width || !header.height) {
    throw new UploadRejectedError('type', UploadMessages.invalidType);
  }
  if (header.width * header.height > AvatarLimits.maxPixels) {
    throw new UploadRejectedError('pixels', UploadMessages.tooManyPixels(header.width, header.height));
  }

  try {
    const data = await sharp(bytes, { limitInputPixels: AvatarLimits.maxPixels, failOn: 'error' })
      .rotate()
      .resize(AvatarLimits.side, AvatarLimits.side, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
    return { data, contentType: 'image/webp', width: AvatarLimits.side, height: AvatarLimits.side };
  } catch {
    // Truncated or corrupt pixel data behind a valid header.
    throw new UploadRejectedError('type', UploadMessages.invalidType);
  }
}

export interface PreparedPhoto {
  data: Buffer;
  contentType: 'image/jpeg';
  width: number;
  height: number;
}

const PhotoFormats = new Set<string>(PhotoLimits.formats);

/**
 * Checks a creation photo (spec part 2: JPG, PNG or WEBP up to 5 MB) by decoding it, never by its
 * name or declared type, refuses decompression bombs at the header, and re-encodes it as a JPEG
 * with EXIF orientation applied and every metadata block (EXIF, GPS, XMP) dropped.
 */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto> {
  if (bytes.length > PhotoLimits.maxBytes) throw new UploadRejectedError('size', PhotoMessages.tooLarge);
  const header = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!header?.format || !PhotoFormats.has(header.format) || !header.width || !header.height) {
    throw new UploadRejectedError('type', PhotoMessages.invalidType);
  }
  if (header.width * header.height > PhotoLimits.maxPixels) {
    throw new UploadRejectedError('pixels', PhotoMessages.tooManyPixels(header.width, header.height));
  }
  try {
    const side = PhotoLimits.storedLongSide;
    const { data, info } = await sharp(bytes, { limitInputPixels: PhotoLimits.maxPixels, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw new UploadRejectedError('type', PhotoMessages.invalidType);
  }
}
