/**
 * The link preview of a shared creation (Open Graph / Twitter large image): 1200×630, the image
 * whole on a blurred, darkened copy of itself with the brand in a corner. Sharp only, no engine:
 * request-serving processes import it as `@trendforge/imaging/share-card`.
 */
import sharp from 'sharp';

export const ShareCardSize = { width: 1200, height: 630 } as const;
/** Room around the image, px. */
const Margin = 36;

/** The brand in a pill; the text is fitted to its width whatever font the machine has. */
const Badge = { width: 260, height: 48 } as const;
const badge = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Badge.width}" height="${Badge.height}">
  <rect x="1" y="1" width="${Badge.width - 2}" height="${Badge.height - 2}" rx="${Badge.height / 2 - 1}" fill="#0b0b12" fill-opacity="0.75" stroke="#ffffff" stroke-opacity="0.35"/>
  <text x="${Badge.width / 2}" y="31" text-anchor="middle" textLength="${Badge.width - 40}" lengthAdjust="spacingAndGlyphs"
    font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="18" fill="#ffffff">Made with TrendForge</text>
</svg>`);

/** A creation (any format sharp decodes) as its 1200×630 JPEG preview. */
export async function shareCard(image: Buffer): Promise<Buffer> {
  const { width: W, height: H } = ShareCardSize;
  const [ground, picture] = await Promise.all([
    sharp(image).rotate().resize(W, H, { fit: 'cover' }).blur(24).modulate({ brightness: 0.45, saturation: 1.1 }).toBuffer(),
    sharp(image).rotate().resize(W - 2 * Margin, H - 2 * Margin, { fit: 'inside' }).toBuffer({ resolveWithObject: true }),
  ]);
  return sharp(ground)
    .composite([
      { input: picture.data, left: Math.round((W - picture.info.width) / 2), top: Math.round((H - picture.info.height) / 2) },
      { input: badge, left: W - Badge.width - 16, top: H - Badge.height - 16 },
    ])
    .flatten({ background: '#000000' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
