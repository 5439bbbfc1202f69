import { UnrecoverableError } from 'bullmq';
import { readPngSize, startFakeGemini, type FakeGemini } from '@trendforge/testing';
import { GenerationFailure, VariationPhrases, type GenerationJob } from '@trendforge/contracts';
import { loadGenerationWorkerConfig } from '../src/config.js';
import { attemptError, failureReason, isProviderOutage, isProviderRateLimit } from '../src/failure.js';
import { GeminiProvider } from '../src/gemini.js';
import { retryAfterMs } from '../src/pace.js';
import { createImageProvider, StudioProvider } from '../src/providers.js';

const job: GenerationJob = {
  generationId: '00000000-0000-4000-8000-000000000011', userId: '00000000-0000-4000-8000-000000000012',
  trendSlug: '3d-figurine', trendName: '3D Figurine', prompt: 'A collectible 3D figurine of a fox on a desk', userPrompt: 'a fox', seed: 7,
};
const model = 'gemini-2.5-flash-image';

describe('Gemini image provider (real @google/genai SDK against a Gemini-speaking server)', () => {
  let gemini: FakeGemini;
  let provider: GeminiProvider;
  beforeAll(async () => {
    gemini = await startFakeGemini({ apiKey: 'gm-test' });
    provider = new GeminiProvider('gm-test', gemini.baseUrl, model);
  });
  afterAll(async () => { await gemini.close(); });
  beforeEach(() => gemini.reset());

  test('without a photo: generateContent with the prompt, IMAGE asked for, the PNG it answers, engine gemini', async () => {
    const { png, engine, headers } = await provider.render(job, undefined, () => undefined);
    expect(engine).toBe('gemini');
    expect(headers).toBeUndefined();
    expect(readPngSize(png)).toEqual({ width: 1024, height: 1024 });
    const [request] = gemini.requests;
    // The API version is the SDK's choice (v1 in 3.x).
    expect(request.path).toMatch(new RegExp(`^/v1(beta)?/models/${model}:generateContent$`));
    expect(request.headers['x-goog-api-key']).toBe('gm-test');
    expect(request.body.contents).toEqual([{ role: 'user', parts: [{ text: job.prompt }] }]);
    expect(request.body.generationConfig).toEqual(expect.objectContaining({ responseModalities: ['IMAGE'], candidateCount: 1, imageConfig: { aspectRatio: '1:1' } }));
  });

  test('with a photo: the photo goes along as an inline reference image (its own MIME type, base64), with the traits and variation in the prompt', async () => {
    const photo = (await new StudioProvider().render(job, undefined, () => undefined)).png;
    const personal: GenerationJob = { ...job, userTraits: 'curly hair, glasses', variation: 'artistic' };
    const { png } = await provider.render(personal, photo, () => undefined);
    const [request] = gemini.requests;
    const parts = request.body.contents?.[0].parts ?? [];
    expect(parts[0]).toEqual({ text: `${job.prompt}, ${VariationPhrases.artistic} | Person traits: curly hair, glasses` });
    expect(parts[1].inlineData?.mimeType).toBe('image/png');
    expect(Buffer.from(parts[1].inlineData?.data ?? '', 'base64').equals(photo)).toBe(true);
    // The fake colours its image from the prompt and the input images: the photo changed the picture.
    const withoutPhoto = await provider.render(personal, undefined, () => undefined);
    expect(png.equals(withoutPhoto.png)).toBe(false);
  });

  test.each([
    ['1:1', { width: 1024, height: 1024 }],
    ['4:5', { width: 1080, height: 1350 }],
    ['9:16', { width: 1080, height: 1920 }],
    ['16:9', { width: 1920, height: 1080 }],
  ] as const)('aspect %s: asked as the model\'s own aspect ratio, its answer made the exact frame of the preset', async (aspect, frame) => {
    const { png } = await provider.render({ ...job, aspect }, undefined, () => undefined);
    expect(gemini.requests[0].body.generationConfig?.imageConfig).toEqual({ aspectRatio: aspect });
    expect(readPngSize(png)).toEqual(frame);
  });

  test('429 RESOURCE_EXHAUSTED: a rate limit, retried like OpenAI\'s, and the queue pauses for its RetryInfo delay', async () => {
    gemini.failNext('rate_limit');
    const error = await provider.render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(isProviderRateLimit(error)).toBe(true);
    expect(retryAfterMs((error as { headers?: Headers }).headers)).toBe(1000);
    expect(failureReason(error)).toBe(GenerationFailure.rateLimit);
    const attempt = attemptError(error);
    expect(attempt).not.toBeInstanceOf(UnrecoverableError);
    expect(attempt.message).toBe(GenerationFailure.rateLimit);
    // One request: the SDK does not retry on its own.
    expect(gemini.requests).toHaveLength(1);
  });

  test.each([
    ['unavailable', GenerationFailure.highDemand],
    ['internal', GenerationFailure.highDemand],
    ['network', GenerationFailure.network],
  ] as const)('%s: the provider is down — worth another attempt, and an outage for the router', async (kind, reason) => {
    gemini.failNext(kind);
    const error = await provider.render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(isProviderOutage(error)).toBe(true);
    const attempt = attemptError(error);
    expect(attempt).not.toBeInstanceOf(UnrecoverableError);
    expect(attempt.message).toBe(reason);
  });

  test.each([
    ['invalid_api_key', GenerationFailure.apiKey],
    ['blocked_prompt', GenerationFailure.contentPolicy],
    ['image_safety', GenerationFailure.contentPolicy],
  ] as const)('%s: no further (paid) attempt, the reason from the catalogue', async (kind, reason) => {
    gemini.failNext(kind);
    const error = await provider.render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(isProviderOutage(error)).toBe(false);
    const attempt = attemptError(error);
    expect(attempt).toBeInstanceOf(UnrecoverableError);
    expect(attempt.message).toBe(reason);
  });

  test('a wrong key is refused by the server (400 API_KEY_INVALID), read as the API-key message', async () => {
    const error = await new GeminiProvider('wrong', gemini.baseUrl, model).render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(failureReason(error)).toBe(GenerationFailure.apiKey);
  });

  test('a model that draws no images is an invalid request (400), not retried', async () => {
    const error = await new GeminiProvider('gm-test', gemini.baseUrl, 'gemini-2.5-flash').render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(attemptError(error)).toEqual(expect.objectContaining({ name: 'UnrecoverableError', message: GenerationFailure.invalidRequest }));
  });

  test('IMAGE_PROVIDER=gemini renders with Gemini; without GEMINI_API_KEY it is refused at start-up', async () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379', NATS_URL: 'nats://127.0.0.1:4222', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp' };
    const provider = createImageProvider(loadGenerationWorkerConfig({ ...env, IMAGE_PROVIDER: 'gemini', GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl }));
    expect(provider).toBeInstanceOf(GeminiProvider);
    expect((await provider.render(job, undefined, () => undefined)).engine).toBe('gemini');
    expect(() => createImageProvider(loadGenerationWorkerConfig({ ...env, IMAGE_PROVIDER: 'gemini' }))).toThrow(/needs GEMINI_API_KEY/);
  });
});
