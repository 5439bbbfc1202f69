import sharp from 'sharp';
import type { TraitsJobResult } from '@trendforge/contracts';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * Colour and light traits of a member's photo, read from its pixels (traits-worker).
 * Face landmarks join these when the shared face detector lands.
 */
export async function analysePhoto(photo: Buffer): Promise<TraitsJobResult> {
  const { channels, isOpaque } = await sharp(photo, { limitInputPixels: 40_000_000 }).rotate().resize(256, 256, { fit: 'inside' }).stats();
  const [r, g, b] = channels.map((c) => c.mean);
  const brightness = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const saturation = Math.max(r, g, b) - Math.min(r, g, b);
  const traits = [
    r > b + 12 ? 'warm tones' : b > r + 12 ? 'cool tones' : 'neutral tones',
    brightness > 170 ? 'bright lighting' : brightness < 85 ? 'low-key lighting' : 'soft lighting',
    saturation > 60 ? 'vivid colours' : 'muted colours',
  ];
  if (!isOpaque) traits.push('transparent background');
  return { traits, dominantColour: `#${hex(r)}${hex(g)}${hex(b)}` };
}
