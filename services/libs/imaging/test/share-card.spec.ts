import sharp from 'sharp';
import { shareCard, ShareCardSize } from '../src/share-card.js';

/** The link preview of a shared creation: 1200×630 JPEG, the whole image in the middle on a blurred ground. */
describe('share card', () => {
  // A square picture: red left half, blue right half.
  const picture = () => sharp({ create: { width: 512, height: 512, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: 256, height: 512, channels: 3, background: '#0000ff' } }, left: 256, top: 0 }]).png().toBuffer();

  it('is a 1200×630 JPEG with the whole image contained in the middle', async () => {
    const card = await shareCard(await picture());
    expect(await sharp(card).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: ShareCardSize.width, height: ShareCardSize.height }));
    const { data, info } = await sharp(card).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3));
    // The image (558 px square, centred) keeps both halves in full colour...
    const [r1, , b1] = at(600 - 140, 315);
    const [r2, , b2] = at(600 + 140, 315);
    expect([r1 > 200, b1 < 60, r2 < 60, b2 > 200]).toEqual([true, true, true, true]);
    // ...and the ground beside it is the same picture, darkened.
    const [r3, , b3] = at(40, 315);
    expect(r3).toBeLessThan(200);
    expect(r3).toBeGreaterThan(b3);
  });

  it('gives the same bytes for the same image', async () => {
    const image = await picture();
    expect((await shareCard(image)).equals(await shareCard(image))).toBe(true);
  });
});
