/** Decoding the member's photo: auto-orient, then cover crops centred on the face when known. */
import sharp from 'sharp';
import type { FaceBox, PhotoSource } from './types.js';
import { toRaw } from './raster.js';

const MAX_SIDE = 2048;

export async function openPhoto(buf: Buffer, face?: FaceBox): Promise<PhotoSource> {
  // Decode once, orientation applied, bounded in size so later crops are cheap.
  const { data, info } = await sharp(buf, { failOn: 'error' })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const meta = await sharp(buf).metadata();
  const orientedW = (meta.orientation ?? 1) >= 5 ? meta.height ?? info.width : meta.width ?? info.width;
  const k = info.width / orientedW;
  const w = info.width;
  const h = info.height;
  const raw = { raw: { width: w, height: h, channels: info.channels } };
  return {
    width: w,
    height: h,
    async crop(tw: number, th: number) {
      const s = Math.max(tw / w, th / h);
      const sw = Math.max(tw, Math.round(w * s));
      const sh = Math.max(th, Math.round(h * s));
      let cx = sw / 2;
      let cy = sh / 2;
      if (face && face.width > 0 && face.height > 0) {
        cx = (face.left + face.width / 2) * k * s;
        // Keep some headroom above the face: aim slightly below its centre.
        cy = (face.top + face.height * 0.6) * k * s;
      }
      const left = Math.round(Math.min(sw - tw, Math.max(0, cx - tw / 2)));
      const top = Math.round(Math.min(sh - th, Math.max(0, cy - th / 2)));
      return toRaw(sharp(data, raw).resize(sw, sh, { kernel: 'lanczos3' }).extract({ left, top, width: tw, height: th }));
    },
  };
}
