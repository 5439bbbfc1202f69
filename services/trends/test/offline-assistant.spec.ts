import { TrendStyleFlags, VariationPhrases, VariationTypes, type CatalogueSlug } from '@trendforge/contracts';
import { catalogue } from '../src/catalogue.js';
import { OfflineAssistant } from '../src/assist/offline-assistant.js';
import { analysePrompt } from '../src/assist/prompt-analysis.js';
import type { AssistTrend } from '../src/assist/trend-profile.js';

/** A catalogue trend as the assist service hands it over (its flags and vibes). */
function trendOf(slug: CatalogueSlug): AssistTrend {
  const { name, description, prompt, promptTemplate, vibes } = catalogue.find((trend) => trend.slug === slug)!;
  return { slug, name, description, prompt, promptTemplate, vibes, flags: [...TrendStyleFlags[slug]] };
}

const assistant = new OfflineAssistant();
const pixar = trendOf('pixar');
const ghibli = trendOf('ghibli');
const chef = 'me as a chef in a tiny Paris kitchen';
const puppy = 'a golden retriever puppy surfing a huge wave at sunset, dramatic lighting, wide shot';

describe('reading a prompt', () => {
  test('finds the subject, what it does, where it is, and the lighting and framing words', () => {
    expect(analysePrompt(puppy)).toMatchObject({
      subject: 'a golden retriever puppy',
      wordCount: 14,
      found: { pose: ['surfing'], lighting: ['sunset', 'dramatic lighting'], composition: ['wide shot'] },
    });
    expect(analysePrompt('portrait of my grandma knitting by the window, close-up, soft light')).toMatchObject({
      subject: 'my grandma',
      found: { pose: ['knitting'], setting: ['by the window'], lighting: ['soft light'], composition: ['portrait', 'close-up'] },
    });
    expect(analysePrompt(chef)).toMatchObject({ subject: 'me as a chef', found: { setting: ['in a tiny Paris kitchen'], lighting: [], pose: [] } });
  });

  test('names the look of style words', () => {
    expect(analysePrompt('a photorealistic knight in anime style').styles).toEqual([{ word: 'photorealistic', look: 'photo' }, { word: 'anime', look: 'anime' }]);
  });
});

describe('offline prompt coach feedback', () => {
  test('two different prompts get different feedback and suggestions, each about its own subject', async () => {
    const [a, b] = await Promise.all([assistant.feedback(pixar, chef), assistant.feedback(pixar, puppy)]);
    expect(a.feedback).not.toBe(b.feedback);
    expect(a.suggestion).not.toBe(b.suggestion);
    expect(a.feedback).toContain('"me as a chef"');
    expect(b.feedback).toContain('"a golden retriever puppy"');
    // The suggestion is the member's prompt, improved: their words stay.
    expect(a.suggestion.startsWith(chef)).toBe(true);
    expect(b.suggestion.startsWith(puppy)).toBe(true);
  });

  test('says what is missing and fills it from the trend: Pixar lighting for a prompt without light', async () => {
    const { feedback, suggestion } = await assistant.feedback(pixar, chef);
    expect(feedback).toMatch(/Missing for Pixar: lighting: "with soft cinematic key light and a warm rim glow"/);
    expect(suggestion).toContain('with soft cinematic key light and a warm rim glow');
    // What the prompt already has is praised, not asked for.
    const praised = await assistant.feedback(pixar, puppy);
    expect(praised.feedback).toContain('Good: it already sets the lighting ("sunset", "dramatic lighting")');
    expect(praised.feedback).not.toContain('Missing for Pixar: lighting');
  });

  test('the same prompt gets trend-specific advice', async () => {
    const [forPixar, forGhibli] = await Promise.all([assistant.feedback(pixar, chef), assistant.feedback(ghibli, chef)]);
    expect(forGhibli.feedback).toContain('bathed in warm golden afternoon light');
    expect(forPixar.feedback).not.toContain('bathed in warm golden afternoon light');
  });

  test('a style word that clashes with the trend is named and left out of the suggestion', async () => {
    const { feedback, suggestion } = await assistant.feedback(pixar, 'a photorealistic knight riding a dragon over London');
    expect(feedback).toContain('"photorealistic" pulls toward a photographic look, which fights the Pixar style');
    expect(suggestion).toMatch(/^a knight riding a dragon over London, /);
    // Anime suits Ghibli: no clash there.
    expect((await assistant.feedback(ghibli, 'an anime girl on a hill')).feedback).not.toContain('fights');
  });

  test('reports the virality score of the prompt', async () => {
    expect((await assistant.feedback(pixar, puppy)).feedback).toContain('Viral potential: 78/100 (Good viral potential).');
  });
});

describe('offline prompt coach chat', () => {
  test('a lighting question gets a lighting answer for this prompt and trend', async () => {
    const answer = await assistant.answer(pixar, 'How should I light this?', chef, []);
    expect(answer).toContain('lighting');
    expect(answer).toContain('"me as a chef"');
    expect(answer).toContain('with soft cinematic key light and a warm rim glow');
    expect(answer).not.toMatch(/colour|palette/i);
  });

  test('a lighting question on a prompt that has lighting talks about the lighting it has', async () => {
    const answer = await assistant.answer(pixar, 'Is the lighting good?', puppy, []);
    expect(answer).toContain('Your prompt already gives the lighting: "sunset", "dramatic lighting"');
  });

  test.each([
    ['What background would work?', 'setting', /in a tiny Paris kitchen/],
    ['Which colours should I use?', 'colours', /in vibrant, saturated colours/],
    ['What pose should I do?', 'pose or action', /with a strong emotional expression and pose/],
    ['How should I frame the shot?', 'composition', /close-up portrait, centred/],
    ['What mood fits?', 'mood', /a heartwarming mood/],
  ])('%s answers on the %s', async (question, topic, detail) => {
    const answer = await assistant.answer(pixar, question, chef, []);
    expect(answer).toContain(`the ${topic}`);
    expect(answer).toMatch(detail);
  });

  test('answers differ with the prompt and with the trend', async () => {
    const question = 'Which colours should I use?';
    const answers = await Promise.all([assistant.answer(pixar, question, chef, []), assistant.answer(pixar, question, puppy, []), assistant.answer(ghibli, question, chef, [])]);
    expect(new Set(answers).size).toBe(3);
  });

  test('a follow-up continues the topic with ideas not given yet', async () => {
    const first = await assistant.answer(pixar, 'How should I light this?', chef, []);
    const followUp = await assistant.answer(pixar, 'what else?', chef, [{ role: 'user', content: 'How should I light this?' }, { role: 'assistant', content: first }]);
    expect(followUp).toContain('lighting');
    expect(followUp).not.toContain('with soft cinematic key light and a warm rim glow');
    expect(followUp).toContain('golden hour sunlight');
  });

  test('a question about something new puts it into the prompt', async () => {
    expect(await assistant.answer(pixar, 'Should I add a red scarf?', chef, [])).toContain(`"${chef}, with a red scarf"`);
  });

  test('answers the question asked: "How can I make it funnier?" gets humour for this subject, not word counts or lighting', async () => {
    const answer = await assistant.answer(pixar, 'How can I make it funnier?', chef, []);
    expect(answer).toContain('To make "me as a chef" funnier');
    expect(answer).toMatch(/Humour comes from a surprise/);
    expect(answer).toContain(`For example: "${chef}, `);
    expect(answer).not.toMatch(/words|lighting|light/i);
    // A follow-up gets fresh ideas, not the same ones.
    const again = await assistant.answer(pixar, 'Any other way to make it funnier?', chef, [{ role: 'user', content: 'How can I make it funnier?' }, { role: 'assistant', content: answer }]);
    expect(again).not.toBe(answer);
    expect(await assistant.answer(pixar, 'Make it scarier', chef, [])).toContain('scarier');
  });
});

describe('offline prompt variations', () => {
  const base = 'my dog on a skateboard in the park';

  test('each type writes a different prompt that keeps the subject', async () => {
    const prompts = await Promise.all(VariationTypes.map((type) => assistant.variation(pixar, base, type)));
    expect(new Set(prompts).size).toBe(4);
    for (const prompt of prompts) expect(prompt).toContain('my dog');
    const [standard, detailed, artistic, minimalist] = prompts;
    expect(standard.startsWith(base)).toBe(true);
    expect(detailed).toContain(VariationPhrases.detailed);
    expect(detailed.length).toBeGreaterThan(standard.length);
    expect(artistic).toContain(VariationPhrases.artistic);
    expect(minimalist).toContain(VariationPhrases.minimalist);
    expect(minimalist).not.toContain('skateboard');
  });

  test('the minimalist one keeps what the subject does, and drops where', async () => {
    const minimalist = await assistant.variation(pixar, 'my dad cooking pancakes in a messy kitchen at dawn', 'minimalist');
    expect(minimalist).toContain('my dad cooking pancakes');
    expect(minimalist).not.toContain('kitchen');
  });

  test('two base subjects, or two trends, give different variations', async () => {
    for (const type of VariationTypes) {
      const [a, b, c] = await Promise.all([assistant.variation(pixar, base, type), assistant.variation(pixar, 'grandma baking bread', type), assistant.variation(ghibli, base, type)]);
      expect(b).toContain('grandma');
      expect(new Set([a, b, c]).size).toBe(3);
    }
  });
});
