/**
 * The drawable vocabulary and its icons: every word draws an icon that exists in the Fluent Emoji
 * set, and an icon comes out as a standalone SVG that sharp rasterises.
 */
import sharp from 'sharp';
import { hasEmojiIcon, iconSvg } from '../src/plan/icons.js';
import { VOCABULARY } from '../src/plan/vocabulary.js';

describe('the drawable vocabulary', () => {
  it('has several hundred words over hundreds of icons', () => {
    expect(VOCABULARY.size).toBeGreaterThanOrEqual(600);
    expect(new Set([...VOCABULARY.values()].map((e) => e.icon)).size).toBeGreaterThanOrEqual(300);
  });

  it('points every word at an icon that exists in the emoji set', () => {
    const missing = [...VOCABULARY].filter(([, e]) => !hasEmojiIcon(e.icon)).map(([w, e]) => `${w} → ${e.icon}`);
    expect(missing).toEqual([]);
  });

  it("flags the engine's own figures", () => {
    expect(VOCABULARY.get('puppy')).toMatchObject({ kind: 'animal', figure: 'dog' });
    expect(VOCABULARY.get('kitten')).toMatchObject({ figure: 'cat' });
    expect(VOCABULARY.get('vixen')).toMatchObject({ figure: 'fox' });
    expect(VOCABULARY.get('bunny')).toMatchObject({ figure: 'rabbit' });
    expect(VOCABULARY.get('grizzly')).toMatchObject({ figure: 'bear' });
    expect(VOCABULARY.get('android')).toMatchObject({ kind: 'creature', figure: 'robot' });
    expect(VOCABULARY.get('astronaut')).toMatchObject({ kind: 'person', figure: 'person' });
    expect(VOCABULARY.get('dragon')?.figure).toBeUndefined();
  });
});

describe('iconSvg', () => {
  it('returns a standalone SVG that rasterises to a PNG with visible pixels', async () => {
    const svg = iconSvg('dragon');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 32 32"/);
    const { data, info } = await sharp(Buffer.from(svg as string)).resize(128, 128).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([128, 128, 4]);
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 200) opaque += 1;
    expect(opaque).toBeGreaterThan(128 * 128 * 0.2);
    const png = await sharp(Buffer.from(svg as string)).png().toBuffer();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });

  it('returns null for a name the set does not have', () => {
    expect(iconSvg('no-such-icon')).toBeNull();
  });
});
