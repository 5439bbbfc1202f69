import sharp from 'sharp';

/** A render as a square JPEG of `size` px (trend preview and example images). */
export async function squareJpeg(png: Buffer, size: number, quality: number): Promise<Buffer> {
  return sharp(png).resize(size, size, { fit: 'cover' }).jpeg({ quality, mozjpeg: true }).toBuffer();
}
