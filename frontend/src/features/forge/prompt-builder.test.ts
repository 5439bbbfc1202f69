import { describe, expect, it } from 'vitest';
import { buildPrompt } from './prompt-builder';

const trend = { name: 'Toy Box', prompt: 'A collectible toy in its box', promptTemplate: '' };

describe('buildPrompt', () => {
  it('fills the {subject} placeholder of the template', () => {
    expect(
      buildPrompt({ ...trend, promptTemplate: 'A {subject} as a 3D animated hero' }, '  a corgi  '),
    ).toBe('A a corgi as a 3D animated hero');
  });

  it('falls back to "prompt: text", then to the style sentence', () => {
    expect(buildPrompt(trend, 'my cat')).toBe('A collectible toy in its box: my cat');
    expect(buildPrompt({ ...trend, prompt: '' }, 'my cat')).toBe('Create an image in Toy Box style: my cat');
  });

  it('appends template, extras and background', () => {
    expect(
      buildPrompt(trend, 'my cat', { template: 'minimalist', extras: ['Neon accents', 'Bokeh'], background: 'Space' }),
    ).toBe(
      'A collectible toy in its box: my cat, minimalist composition, clean shapes, uncluttered background, neon accents, bokeh, space background',
    );
  });
});
