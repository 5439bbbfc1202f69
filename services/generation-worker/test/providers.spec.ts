import OpenAI from 'openai';
import { readPngSize, startFakeOpenAI, type FakeOpenAI } from '@trendforge/testing';
import type { GenerationJob } from '@trendforge/contracts';
import { failureReason } from '../src/failure.js';
import { OpenAIProvider, StudioProvider, createImageProvider } from '../src/providers.js';

const job: GenerationJob = {
  generationId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002',
  trendSlug: 'pixar', trendName: 'Pixar', prompt: 'A 3D animated movie still of a fox', userPrompt: 'a fox', seed: 7,
};

describe('image providers', () => {
  let openai: FakeOpenAI;
  beforeAll(async () => { openai = await startFakeOpenAI(); });
  afterAll(async () => { await openai.close(); });
  beforeEach(() => openai.reset());

  test('without an API key the studio engine renders a 1024×1024 PNG', async () => {
    const provider = createImageProvider({ OPENAI_IMAGE_MODEL: 'gpt-image-1' } as never);
    expect(provider).toBeInstanceOf(StudioProvider);
    const { png, engine } = await provider.render(job, undefined, () => undefined);
    expect(engine).toBe('studio');
    expect(readPngSize(png)).toEqual({ width: 1024, height: 1024 });
  });

  test('with a key, gpt-image-1 is asked with the full prompt (real SDK, OpenAI wire format)', async () => {
    const provider = createImageProvider({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, OPENAI_IMAGE_MODEL: 'gpt-image-1' } as never);
    expect(provider).toBeInstanceOf(OpenAIProvider);
    const { png, engine } = await provider.render(job, undefined, () => undefined);
    expect(engine).toBe('openai');
    expect(readPngSize(png)).toEqual({ width: 1024, height: 1024 });
    expect(openai.requests).toEqual([expect.objectContaining({ path: '/v1/images/generations', body: expect.objectContaining({ model: 'gpt-image-1', prompt: job.prompt, size: '1024x1024' }) })]);
  });

  test('with a photo, the edit endpoint gets the photo and high input fidelity', async () => {
    const photo = (await new StudioProvider().render(job, undefined, () => undefined)).png;
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    await provider.render(job, photo, () => undefined);
    const [request] = openai.requests;
    expect(request.path).toBe('/v1/images/edits');
    expect(request.body).toEqual(expect.objectContaining({ input_fidelity: 'high', prompt: job.prompt }));
    expect(request.files).toHaveLength(1);
  });

  test.each([
    ['invalid_api_key', /API key/],
    ['rate_limit', /Rate limit/],
    ['content_policy_violation', /Content policy/],
    ['network', /Network error/],
  ] as const)('a %s failure maps to the spec error catalogue', async (kind, reason) => {
    openai.failNext(kind, { times: 3 });
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    const error = await provider.render(job, undefined, () => undefined).catch((e: unknown) => e);
    expect(failureReason(error)).toMatch(reason);
  });

  test('anything else is the high-demand message', () => {
    expect(failureReason(new Error('boom'))).toBe("We're experiencing high demand. Please try again later.");
    expect(failureReason(new OpenAI.InternalServerError(500, undefined, 'x', new Headers()))).toBe("We're experiencing high demand. Please try again later.");
  });
});
