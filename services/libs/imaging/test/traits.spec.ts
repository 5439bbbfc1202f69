/**
 * The personalization (trait words) in the render: folded into the prompt's reading for the drawn
 * person, the prompt's own words first, never for an animal or a robot, never over a photo.
 */
import sharp from 'sharp';
import { renderTrend, type RenderRequest } from '../src/index.js';
import { analysePrompt, applyTraits } from '../src/prompt.js';
import { drawFigure, figureFromPrompt } from '../src/figure.js';
import { createRng } from '../src/util/rng.js';
import { hexToRgb } from '../src/util/color.js';
import { changedFraction, demoPhoto } from './helpers.js';

const PAL = { primary: '#e0383e', secondary: '#2f6fe0' };

describe('applyTraits', () => {
  it('reads every kind of trait option into the drawn person', () => {
    const p = applyTraits(analysePrompt('a person at a party'), 'blonde hair, curly hair, green eyes, glasses, hat, necklace, earrings, formal wear, feminine, smiling face, elegant');
    expect(p.hairColour).toBe(analysePrompt('a blonde person').hairColour);
    expect(p).toMatchObject({ hairStyle: 'curly', glasses: true, headwear: 'hat', necklace: true, earrings: true, clothes: 'formal', feminine: true, expression: 'grin', style: 'elegant' });
    expect(p.eyeColour).toBe(analysePrompt('a person with green eyes').eyeColour);
    expect(applyTraits(analysePrompt('a person'), 'business attire, masculine, neutral expression')).toMatchObject({ clothes: 'formal', feminine: false, expression: 'calm' });
    expect(applyTraits(analysePrompt('a person'), 'sportswear, hat')).toMatchObject({ clothes: 'sporty', headwear: 'cap' });
    expect(applyTraits(analysePrompt('a person'), 'casual wear, bald').hairStyle).toBe('bald');
    expect(applyTraits(analysePrompt('a person'), 'straight hair').hairStyle).toBe('straight');
    // The fallback traits of the creator page are understood too.
    expect(applyTraits(analysePrompt('a person'), ['smiling face', 'casual style', 'natural pose'])).toMatchObject({ clothes: 'casual', expression: 'grin' });
  });

  it("keeps the prompt's own words where they say something else", () => {
    const king = applyTraits(analysePrompt('a king with red hair and short hair'), 'blonde hair, long hair, hat');
    expect(king.hairColour).toBe(analysePrompt('red hair').hairColour);
    expect(king.hairStyle).toBe('short');
    expect(king.headwear).toBe('crown');
    expect(applyTraits(analysePrompt('a woman'), 'masculine').feminine).toBe(true);
    const suit = applyTraits(analysePrompt('a man in a blue suit'), 'sportswear');
    expect(suit.clothes).toBe('formal');
    const spec = figureFromPrompt(suit, createRng(1), PAL);
    expect(spec.outfit).toBe(analysePrompt('blue').colours[0]);
  });

  it('leaves animals and robots as they are', () => {
    for (const prompt of ['a cat astronaut', 'a friendly robot']) {
      const info = analysePrompt(prompt);
      expect(applyTraits(info, 'blonde hair, glasses, hat, formal wear, necklace')).toBe(info);
    }
  });

  it('draws the clothes and the accessories', () => {
    const svg = (traits: string) => drawFigure(figureFromPrompt(applyTraits(analysePrompt('a person'), traits), createRng(7), PAL), 'chibi', 'gloss', 'x');
    const plain = svg('');
    const dressed = svg('formal wear, necklace, earrings');
    expect(dressed).toContain('#f6f6f8'); // the shirt under the suit
    expect(dressed).toContain('#e6b422'); // gold: chain and earrings
    expect(plain).not.toContain('#e6b422');
    expect(svg('sportswear')).not.toBe(plain);
    expect(svg('casual wear')).not.toBe(plain);
  });
});

describe('traits in the render', () => {
  const base: RenderRequest = { trendSlug: 'pixar', trendName: 'Pixar', prompt: 'a person at a party', seed: 21, longSide: 512 };
  const near = (png: Buffer, hex: string, tol: number) =>
    sharp(png).removeAlpha().raw().toBuffer().then((px) => {
      const [r, g, b] = hexToRgb(hex);
      let n = 0;
      for (let i = 0; i < px.length; i += 3) if (Math.abs(px[i] - r) + Math.abs(px[i + 1] - g) + Math.abs(px[i + 2] - b) < tol) n++;
      return n / (px.length / 3);
    });

  it('visibly changes the person, deterministically', async () => {
    const plain = (await renderTrend(base)).png;
    const blonde = (await renderTrend({ ...base, traits: 'blonde hair, glasses, formal wear, necklace' })).png;
    const black = (await renderTrend({ ...base, traits: 'black hair, hat, sportswear' })).png;
    expect((await renderTrend({ ...base, traits: 'blonde hair, glasses, formal wear, necklace' })).png.equals(blonde)).toBe(true);
    expect(await changedFraction(plain, blonde)).toBeGreaterThan(0.05);
    expect(await changedFraction(blonde, black)).toBeGreaterThan(0.05);
    // Blonde hair is in the picture with the blonde trait, and far less of it with black hair.
    const blondeHex = analysePrompt('a blonde person').hairColour!;
    expect(await near(blonde, blondeHex, 50)).toBeGreaterThan(2 * (await near(black, blondeHex, 50)) + 0.005);
  });

  it('changes nothing for an animal subject or over a photo', async () => {
    const cat = { ...base, prompt: 'a brave cat' };
    expect((await renderTrend({ ...cat, traits: 'blonde hair, glasses, hat' })).png.equals((await renderTrend(cat)).png)).toBe(true);
    const photo = { ...base, trendSlug: 'anime', photo: await demoPhoto(6, 640) };
    expect((await renderTrend({ ...photo, traits: 'blonde hair, glasses, hat' })).png.equals((await renderTrend(photo)).png)).toBe(true);
  });
});
