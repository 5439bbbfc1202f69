/**
 * The member's photo: decoded once (orientation applied), its main face found by the shared
 * detector, and crops framed on that face, so the face is large and centred whatever the
 * photo (a group shot becomes a portrait of its largest face).
 */
import sharp from 'sharp';
import { uprightRgb } from './util/pixels.js';
import { mainFace, type DetectedFace, type FacePoint } from './faces.js';
import type { FaceBox, PhotoFace, PhotoSource } from './types.js';
import { toRaw, type Raw } from './raster.js';
import type { PersonMatte } from './models.js';

const MAX_SIDE = 2048;

/** Face height as a fraction of the crop height, when a trend does not ask for another. */
const DEFAULT_FACE_FRACTION = 0.34;

export async function openPhoto(buf: Buffer, faceBox?: FaceBox, detect = true, matte?: PersonMatte): Promise<PhotoSource> {
  const { data, info, orientedWidth: orientedW } = await uprightRgb(buf, MAX_SIDE, { strict: true });
  const k = info.width / orientedW;
  const w = info.width;
  const h = info.height;
  // A photo the detector cannot read (or without a face) still renders: framing falls back to the centre.
  const found: DetectedFace | undefined = detect ? await mainFace(buf).catch(() => undefined) : undefined;
  const face = found
    ? { box: scaleBox(found.box, k), landmarks: found.landmarks.map((p) => ({ x: p.x * k, y: p.y * k })) }
    : faceBox && faceBox.width > 0 && faceBox.height > 0
      ? { box: scaleBox(faceBox, k), landmarks: [] as FacePoint[] }
      : undefined;
  const raw = { raw: { width: w, height: h, channels: info.channels } };

  /** The crop window in decoded pixels for a target of tw×th. */
  const windowFor = (tw: number, th: number, faceFraction: number) => {
    const aspect = tw / th;
    let ch = face ? face.box.height / faceFraction : Math.min(h, w / aspect);
    let cw = ch * aspect;
    const fit = Math.min(1, w / cw, h / ch);
    cw *= fit;
    ch *= fit;
    const cx = face ? face.box.left + face.box.width / 2 : w / 2;
    // The face sits a little above the middle, leaving room for the shoulders.
    const top = face ? face.box.top + face.box.height / 2 - ch * 0.42 : (h - ch) * 0.35;
    // Whole decoded pixels, inside the photo.
    const l = Math.round(Math.min(w - cw, Math.max(0, cx - cw / 2)));
    const t = Math.round(Math.min(h - ch, Math.max(0, top)));
    return { l, t, ew: Math.max(1, Math.min(w - l, Math.round(cw))), eh: Math.max(1, Math.min(h - t, Math.round(ch))) };
  };

  return {
    width: w,
    height: h,
    hasFace: face !== undefined && face.landmarks.length > 0,
    hasMatte: matte !== undefined,
    async crop(tw, th, faceFraction = DEFAULT_FACE_FRACTION) {
      const { l, t, ew, eh } = windowFor(tw, th, faceFraction);
      return toRaw(sharp(data, raw).extract({ left: l, top: t, width: ew, height: eh }).resize(tw, th, { fit: 'fill', kernel: 'lanczos3' }));
    },
    async cutout(tw, th, faceFraction = DEFAULT_FACE_FRACTION): Promise<Raw | undefined> {
      if (!matte) return undefined;
      const { l, t, ew, eh } = windowFor(tw, th, faceFraction);
      const [rgb, alpha] = await Promise.all([
        sharp(data, raw).extract({ left: l, top: t, width: ew, height: eh }).resize(tw, th, { fit: 'fill', kernel: 'lanczos3' }).raw().toBuffer(),
        matteWindow(matte, w, h, l, t, ew, eh, tw, th),
      ]);
      const out = Buffer.alloc(tw * th * 4);
      for (let i = 0, j = 0; i < tw * th; i++, j += 4) {
        out[j] = rgb[i * 3];
        out[j + 1] = rgb[i * 3 + 1];
        out[j + 2] = rgb[i * 3 + 2];
        out[j + 3] = alpha[i];
      }
      return { data: out, width: tw, height: th, channels: 4 };
    },
    faceIn(tw, th, faceFraction = DEFAULT_FACE_FRACTION): PhotoFace | undefined {
      if (!face) return undefined;
      const { l, t, ew, eh } = windowFor(tw, th, faceFraction);
      const sx = tw / ew;
      const sy = th / eh;
      const map = (p: FacePoint) => ({ x: (p.x - l) * sx, y: (p.y - t) * sy });
      const tl = map({ x: face.box.left, y: face.box.top });
      return {
        box: { left: tl.x, top: tl.y, width: face.box.width * sx, height: face.box.height * sy },
        landmarks: face.landmarks.map(map),
      };
    },
  };
}

function scaleBox(b: FaceBox, k: number): FaceBox {
  return { left: b.left * k, top: b.top * k, width: b.width * k, height: b.height * k };
}

/**
 * The matte under a window of the decoded photo (l, t, ew×eh of w×h), scaled to tw×th. The
 * matte is smaller than the photo: a slight blur after scaling keeps its edge from stepping, and a
 * contrast stretch keeps semi-transparent fringes (the photo's background in them) thin.
 */
async function matteWindow(m: PersonMatte, w: number, h: number, l: number, t: number, ew: number, eh: number, tw: number, th: number): Promise<Buffer> {
  const kx = m.width / w;
  const ky = m.height / h;
  const left = Math.max(0, Math.min(m.width - 1, Math.floor(l * kx)));
  const top = Math.max(0, Math.min(m.height - 1, Math.floor(t * ky)));
  const width = Math.max(1, Math.min(m.width - left, Math.round(ew * kx)));
  const height = Math.max(1, Math.min(m.height - top, Math.round(eh * ky)));
  return sharp(m.alpha, { raw: { width: m.width, height: m.height, channels: 1 } })
    .extract({ left, top, width, height })
    .resize(tw, th, { fit: 'fill', kernel: 'cubic' })
    .linear(1.25, -20)
    .extractChannel(0)
    .raw()
    .toBuffer();
}
