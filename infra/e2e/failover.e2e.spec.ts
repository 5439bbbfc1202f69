import { startFakeGemini, startFakeOpenAI, type FakeGemini, type FakeOpenAI } from '@trendforge/testing';
import { ApiMember, eventually, pickForgeStyle, signUpInBrowser, useE2EStack } from './harness.js';

/**
 * A keyed stack whose primary image provider (OpenAI) is down: the generation worker's fallback,
 * Gemini (IMAGE_FALLBACK=gemini), renders the member's image, and the result says which engine
 * made it. Both providers are local servers speaking their wire formats, through the real SDKs.
 */
describe('failover to the fallback provider, in Chromium', () => {
  const suite = useE2EStack('failover');
  let openai: FakeOpenAI;
  let gemini: FakeGemini;

  beforeAll(async () => {
    [openai, gemini] = await Promise.all([startFakeOpenAI(), startFakeGemini()]);
    // The studio worker steps aside for a keyed one: OpenAI primary, Gemini fallback.
    await suite.stack.stopInstance('generation-worker');
    await suite.stack.spawnExtra('generation-worker', {
      OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL,
      GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini',
    });
  }, 120_000);

  afterAll(async () => {
    await openai?.close();
    await gemini?.close();
  });

  test('with the primary provider down, a generation completes on Gemini and the result says so', async () => {
    // Down: every connection to OpenAI is dropped without an answer.
    openai.failNext('network', { times: 1000 });
    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const prompt = 'a fox figurine on a desk';
    try {
      await signUpInBrowser(page, suite.url, 'failover');

      await pickForgeStyle(page, suite.url, 'pixar');
      await page.getByTestId('prompt-input').fill(prompt);
      await page.getByTestId('generate-button').click();

      const result = page.getByTestId('result-image');
      await result.waitFor({ timeout: 120_000 });
      await expect(result.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThan(0);
      await expect(page.getByTestId('engine-label').first().textContent()).resolves.toBe('Gemini engine');

      expect(openai.requests.some((request) => request.path.startsWith('/v1/images/'))).toBe(true);
      expect(gemini.requests.filter((request) => JSON.stringify(request.body.contents).includes(prompt))).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  test('over the API too: the generation and the creation name the engine, one charge', async () => {
    openai.failNext('network', { times: 1000 });
    const member = await ApiMember.register(suite.url, 'failover-api');
    const answer = await member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a lighthouse keeper cat' }, 201);
    const generation = await eventually('the generation to complete', async () => {
      const state = await member.json('GET', `/api/generations/${answer.id}`);
      return state.status === 'completed' ? state : undefined;
    });
    expect(generation).toEqual(expect.objectContaining({ engine: 'gemini' }));
    expect(await member.json('GET', '/api/images')).toEqual([expect.objectContaining({ id: answer.id, engine: 'gemini' })]);
    expect(await member.json('GET', '/api/auth/me')).toEqual(expect.objectContaining({ credits: 3, monthlyUsage: 1 }));
  });
});
