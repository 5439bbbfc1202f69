import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

export type Rgb = readonly [number, number, number];

export interface PngOptions {
  width: number;
  height: number;
  /** Top-left colour; the image fades to `to` at the bottom-right (default: the same colour). */
  color: Rgb;
  to?: Rgb;
}

/**
 * A valid 8-bit RGB PNG built with node:zlib only (no imaging dependency): deterministic bytes
 * for the same options, a diagonal gradient so it is not a trivially uniform image.
 */
export function createPng({ width, height, color, to = color }: PngOptions): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 4096 * 4096) {
    throw new RangeError(`Invalid PNG size ${width}x${height}`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace

  // The colour depends only on x + y: compute each diagonal once, then copy a window per row.
  const span = Math.max(1, width + height - 2);
  const diagonal = Buffer.alloc((width + height - 1) * 3);
  for (let d = 0; d < width + height - 1; d++) {
    for (let c = 0; c < 3; c++) diagonal[d * 3 + c] = Math.round(color[c] + ((to[c] - color[c]) * d) / span);
  }
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height); // each row starts with filter byte 0 (None)
  for (let y = 0; y < height; y++) diagonal.copy(raw, y * stride + 1, y * 3, (y + width) * 3);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real 1-bit greyscale PNG of side × side pixels (400 megapixels by default) in a few kilobytes:
 * a decompression bomb, for checking that uploads refuse it before decoding.
 */
export function createPngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // 1-bit greyscale keeps the raw rows small enough to compress here
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR, or null if the bytes are not a PNG. */
export function readPngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(SIGNATURE) || png.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
