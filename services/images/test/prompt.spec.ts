import { creatorPrompt } from '@trendforge/contracts';
import { enginePrompt, generationCost } from '../src/prompt.js';

describe('engine prompt (spec part 2 section 5)', () => {
  const trend = { name: 'Pixar', prompt: 'A 3D animated still', promptTemplate: 'A 3D still of {subject}, vibrant' };

  test('the template with {subject} replaced', () => {
    expect(enginePrompt(trend, 'a fox')).toBe('A 3D still of a fox, vibrant');
  });
  test('else the trend prompt, a colon and the text', () => {
    expect(enginePrompt({ ...trend, promptTemplate: '' }, 'a fox')).toBe('A 3D animated still: a fox');
  });
  test('else "Create an image in {name} style: ..."', () => {
    expect(enginePrompt({ ...trend, promptTemplate: '', prompt: '' }, 'a fox')).toBe('Create an image in Pixar style: a fox');
  });
  test('a prompt composed by the client wins', () => {
    expect(enginePrompt(trend, 'a fox', '  Pixar style fox, glossy  ')).toBe('Pixar style fox, glossy');
  });
});

describe('generation cost (DESIGN.md section 2)', () => {
  test('weekly and non-premium trends are free; premium ones cost their credits, default 1', () => {
    expect(generationCost({ isWeeklyTrend: true, premium: true, creditsRequired: 3 })).toBe(0);
    expect(generationCost({ isWeeklyTrend: false, premium: false, creditsRequired: 2 })).toBe(0);
    expect(generationCost({ isWeeklyTrend: false, premium: true, creditsRequired: 3 })).toBe(3);
    expect(generationCost({ isWeeklyTrend: false, premium: true, creditsRequired: 0 })).toBe(1);
  });
});

describe('wizard variation (spec part 2 section 3)', () => {
  const trend = { name: 'Pixar', prompt: 'A 3D animated still', promptTemplate: 'A 3D still of {subject}, vibrant' };

  test('a variation adds its phrase once; standard adds nothing', () => {
    expect(enginePrompt(trend, 'a fox', undefined, 'detailed')).toBe('A 3D still of a fox, vibrant, highly detailed, intricate textures, rich cinematic lighting');
    expect(enginePrompt(trend, 'a fox', undefined, 'standard')).toBe('A 3D still of a fox, vibrant');
    const composed = 'Pixar fox, minimalist composition, clean shapes, uncluttered background';
    expect(enginePrompt(trend, 'a fox', composed, 'minimalist')).toBe(composed);
  });
});

describe('creator page requests (spec part 2 section 5)', () => {
  const trend = { slug: 'pixar', name: 'Pixar', prompt: 'A 3D animated still', promptTemplate: 'A 3D still of {subject}, vibrant' };

  test('style options (even none switched on) mean the creator page: its rewrite builds the prompt', () => {
    expect(enginePrompt(trend, 'my puppy', undefined, undefined, { exaggerated_eyes: true }))
      .toBe(creatorPrompt(trend, 'my puppy', ['exaggerated_eyes']));
    expect(enginePrompt(trend, 'my puppy', undefined, undefined, { exaggerated_eyes: true }))
      .toBe('A 3D still of my puppy, with big, sparkling, exaggerated eyes, as an adorable dog character with expressive eyes, in Pixar style, vibrant');
    expect(enginePrompt(trend, 'a fox', undefined, undefined, {})).toBe(creatorPrompt(trend, 'a fox'));
    // A likeness is asked for only when a photo shows whom.
    expect(enginePrompt(trend, 'a robot', undefined, undefined, {})).toBe('A 3D still of a robot, as a stylised character, in Pixar style, vibrant');
    expect(enginePrompt(trend, 'me', undefined, undefined, {}, true)).toContain('me, as a stylised character with a recognisable likeness');
  });

  test('a prompt the page composed still wins; without style options the Forge and wizard prompts are unchanged', () => {
    expect(enginePrompt(trend, 'a fox', 'Pixar fox, glossy', undefined, { exaggerated_eyes: true })).toBe('Pixar fox, glossy');
    expect(enginePrompt(trend, 'a fox')).toBe('A 3D still of a fox, vibrant');
  });
});
