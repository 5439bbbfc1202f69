import { creatorPrompt, isVariationType, StyleOptionTexts, TrendStyleFlags, VariationPhrases, viralityLabel, viralityScore } from '../src/index.js';

/** `n` plain words without any virality keyword. */
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('virality score (spec part 2 section 5)', () => {
  // Each expected score is worked out by hand from the formula: base 60, keyword weights, word-count rule, clamp, round.
  test.each([
    ['2 words: 60 - min(15, 8*2)', 'a cat', 45],
    ['9 words: 60 - 2', words(9), 58],
    ['10 words: 60 + 10', words(10), 70],
    ['25 words: 60 + 10', words(25), 70],
    ['26 words: 60 - 0.5, rounded', words(26), 60],
    ['40 words: 60 - 7.5, rounded', words(40), 53],
    ['70 words: 60 - min(15, 22.5)', words(70), 45],
    ['stunning 7 + cinematic 10 + epic 9, 11 words: 60 + 26 + 10', 'a stunning cinematic epic portrait of a dragon over the sea', 96],
    ['hyper-realistic 8, 2 words: 60 + 8 - 15', 'hyper-realistic portrait', 53],
    ['keywords count once and ignore case, 3 words: 60 + 5 - 14', 'Vibrant VIBRANT vibrant', 51],
    ['every keyword, 12 words: 60 + 81 + 10 clamps at 100', 'vibrant stunning amazing dramatic beautiful cinematic colorful epic detailed hyper-realistic magical fantasy', 100],
    // No keyword weighs less than nothing and the word rule takes at most 15: the lowest score is 45, so the 0 clamp never bites.
    ['empty: 60 - 15', '', 45],
  ])('%s', (_, prompt, score) => {
    expect(viralityScore(prompt).score).toBe(score);
  });

  test.each([
    ['a cinematic shot of a fox in the snow tonight', 80, 'Excellent viral potential!'],
    ['an epic shot of a fox in the snow tonight', 79, 'Good viral potential'],
    ['a stunning fox in the snow under the moon', 65, 'Good viral potential'],
    ['a dramatic fox in the snow at night', 64, 'Moderate viral potential'],
  ])('labels at the 80 and 65 boundaries: %s', (prompt, score, label) => {
    expect(viralityScore(prompt)).toEqual({ score, label });
  });

  test('labels by score', () => {
    expect([100, 80, 79.9, 65, 64, 0].map(viralityLabel)).toEqual([
      'Excellent viral potential!', 'Excellent viral potential!', 'Good viral potential', 'Good viral potential', 'Moderate viral potential', 'Moderate viral potential',
    ]);
  });
});

describe('creator page prompt rewrite (spec part 2 section 5)', () => {
  const pixar = { slug: 'pixar', name: 'Pixar', prompt: 'A 3D animated movie still', promptTemplate: 'A 3D animated movie still of {subject}, soft light' };
  const person = 'as a stylised character';

  test('the template with {subject} replaced by the rewritten prompt: wording added, the style after the subject', () => {
    expect(creatorPrompt(pixar, ' a fox in the snow ')).toBe(`A 3D animated movie still of a fox in the snow, ${person}, in Pixar style, soft light`);
    // Never "movie still of Pixar style, a ...".
    expect(creatorPrompt(pixar, 'a robot')).not.toMatch(/of Pixar style/);
  });

  test('a recognisable likeness only when a photo shows whom', () => {
    expect(creatorPrompt(pixar, 'a robot')).not.toContain('likeness');
    expect(creatorPrompt(pixar, 'me surfing', [], { photo: true })).toContain('me surfing, as a stylised character with a recognisable likeness');
  });

  test('switched-on flags append their phrases, once each, in order', () => {
    expect(creatorPrompt(pixar, 'me surfing', ['vibrant_colors', 'exaggerated_eyes', 'vibrant_colors', 'not_a_flag']))
      .toBe(`A 3D animated movie still of me surfing, in vibrant, saturated colours, with big, sparkling, exaggerated eyes, ${person}, in Pixar style, soft light`);
  });

  test('dog words switch to dog wording, other animal words to animal wording', () => {
    expect(creatorPrompt(pixar, 'my puppy on a skateboard')).toContain('my puppy on a skateboard, as an adorable dog character with expressive eyes');
    expect(creatorPrompt(pixar, 'a brave Canine')).toContain('as an adorable dog character');
    expect(creatorPrompt(pixar, 'two kittens napping')).toContain('two kittens napping, as an adorable animal character with expressive eyes');
    expect(creatorPrompt(pixar, 'my pet')).toContain('as an adorable animal character');
    expect(creatorPrompt(pixar, 'a dogmatic professor')).toContain(person);
  });

  test('a prompt that already names the style word is left as typed (flags too)', () => {
    expect(creatorPrompt(pixar, 'a PIXAR hero dog', ['exaggerated_eyes'])).toBe('A 3D animated movie still of a PIXAR hero dog, soft light');
    const cover = { slug: 'magazine-cover', name: 'Magazine Cover', prompt: 'A magazine cover', promptTemplate: '' };
    expect(creatorPrompt(cover, 'me on a magazine cover')).toBe('A magazine cover: me on a magazine cover');
    expect(creatorPrompt(cover, 'me on a magazine')).toBe(`A magazine cover: Magazine Cover style, me on a magazine, ${person}`);
  });

  test('the style prefix is added only when missing', () => {
    const dollBox = { slug: 'barbie', name: 'Doll Box', prompt: 'A fashion doll', promptTemplate: '' };
    expect(creatorPrompt(dollBox, 'doll box style, me at the beach')).toBe(`A fashion doll: doll box style, me at the beach, ${person}`);
    expect(creatorPrompt(dollBox, 'me at the beach')).toBe(`A fashion doll: Doll Box style, me at the beach, ${person}`);
  });

  test('without a template: the trend prompt and a colon; else "Create an image in {name} style: ..."', () => {
    expect(creatorPrompt({ ...pixar, promptTemplate: 'no placeholder' }, 'a fox')).toBe(`A 3D animated movie still: Pixar style, a fox, ${person}`);
    expect(creatorPrompt({ ...pixar, promptTemplate: '', prompt: '' }, 'a fox')).toBe(`Create an image in Pixar style: a fox, ${person}`);
  });

  test('every catalogue flag has a label, a description and a phrase', () => {
    for (const flag of Object.values(TrendStyleFlags).flat()) {
      expect(StyleOptionTexts[flag]).toEqual({ label: expect.any(String), description: expect.any(String), phrase: expect.stringMatching(/\S/) });
    }
  });
});

describe('variations', () => {
  test('four types; standard adds nothing, the others their own phrase', () => {
    expect(Object.keys(VariationPhrases).sort()).toEqual(['artistic', 'detailed', 'minimalist', 'standard']);
    expect(VariationPhrases.standard).toBe('');
    expect(new Set([VariationPhrases.detailed, VariationPhrases.artistic, VariationPhrases.minimalist]).size).toBe(3);
    expect(['standard', 'artistic', 'cubist', undefined].map(isVariationType)).toEqual([true, true, false, false]);
  });
});
