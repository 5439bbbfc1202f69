import { UnrecoverableError } from 'bullmq';
import OpenAI from 'openai';
import { readPngSize, startFakeOpenAI, type FakeOpenAI, type FakeOpenAIFailure } from '@trendforge/testing';
import { FRAMES, readImageInfo, renderTrend } from '@trendforge/imaging';
import { GenerationFailure, VariationPhrases, type AspectPreset, type GenerationJob } from '@trendforge/contracts';
import { ServiceError } from '@trendforge/platform';
import { attemptError, failureReason, isProviderError } from '../src/failure.js';
import { OpenAIPartialImages, OpenAIProvider, StudioProvider, createImageProvider } from '../src/providers.js';

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

  test('with a key, gpt-image-1 is asked with the full prompt, at its best quality, streamed (real SDK, OpenAI wire format)', async () => {
    const provider = createImageProvider({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, OPENAI_IMAGE_MODEL: 'gpt-image-1' } as never);
    expect(provider).toBeInstanceOf(OpenAIProvider);
    const { png, engine } = await provider.render(job, undefined, () => undefined);
    expect(engine).toBe('openai');
    expect(readPngSize(png)).toEqual({ width: 1024, height: 1024 });
    expect(openai.requests).toEqual([expect.objectContaining({
      path: '/v1/images/generations',
      body: expect.objectContaining({ model: 'gpt-image-1', prompt: job.prompt, size: '1024x1024', quality: 'high', stream: true, partial_images: OpenAIPartialImages }),
    })]);
  });

  test('the picture forms while it streams: each partial image reaches onProgress, progress follows the events', async () => {
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    const reports: Array<{ percent: number; preview?: { width: number; height: number } }> = [];
    const previews: Buffer[] = [];
    await provider.render(job, undefined, (percent, preview) => {
      reports.push({ percent, preview: preview && readPngSize(preview) || undefined });
      if (preview) previews.push(preview);
    });
    // Two partial images (a third and two thirds of the way), then the image (90 %).
    expect(reports.map(({ percent }) => Math.round(percent))).toEqual([37, 63, 90]);
    expect(reports.map(({ preview }) => preview)).toEqual([{ width: 1024, height: 1024 }, { width: 1024, height: 1024 }, undefined]);
    expect(previews[0].equals(previews[1])).toBe(false);
  });

  test("a streamed answer's headers (its rate limits) are told as they arrive, before the picture forms", async () => {
    const limited = await startFakeOpenAI({ rateLimit: { bucket: 5, refillMs: 1500 } });
    try {
      const provider = new OpenAIProvider('sk-test', limited.baseURL, 'gpt-image-1');
      const events: string[] = [];
      provider.onAnswer = (engine, headers) => events.push(`${engine} answered, ${headers.get('x-ratelimit-remaining-requests')} of ${headers.get('x-ratelimit-limit-requests')} left`);
      await provider.render(job, undefined, (percent, preview) => { if (preview) events.push('partial image'); });
      expect(events).toEqual(['openai answered, 4 of 5 left', 'partial image', 'partial image']);
    } finally {
      await limited.close();
    }
  });

  test.each([
    ['1:1', '1024x1024'], ['4:5', '1024x1536'], ['9:16', '1024x1536'], ['16:9', '1536x1024'],
  ] as const)('aspect %s: gpt-image is asked %s, the answer cropped to the exact frame of the preset', async (aspect, size) => {
    const photo = (await new StudioProvider().render(job, undefined, () => undefined)).png;
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    const drawn = await provider.render({ ...job, aspect }, undefined, () => undefined);
    const edited = await provider.render({ ...job, aspect }, photo, () => undefined);
    expect(openai.requests.map((request) => [request.path, request.body.size])).toEqual([['/v1/images/generations', size], ['/v1/images/edits', size]]);
    for (const { png } of [drawn, edited]) expect(await readImageInfo(png)).toEqual({ format: 'png', ...FRAMES[aspect as AspectPreset] });
  });

  test.each([
    ['1:1', '1024x1024'], ['4:5', '1024x1024'], ['9:16', '1024x1792'], ['16:9', '1792x1024'],
  ] as const)('dall-e-3, aspect %s: asked %s in base64 at hd quality (no streaming), cropped to the frame', async (aspect, size) => {
    const provider = createImageProvider({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, OPENAI_IMAGE_MODEL: 'dall-e-3' } as never);
    const reported: number[] = [];
    const { png } = await provider.render({ ...job, aspect }, undefined, (percent, preview) => reported.push(preview ? -1 : percent));
    expect(await readImageInfo(png)).toEqual({ format: 'png', ...FRAMES[aspect as AspectPreset] });
    expect(reported).toEqual([90]);
    const [request] = openai.requests;
    expect(request.body).toEqual(expect.objectContaining({ model: 'dall-e-3', size, quality: 'hd', response_format: 'b64_json', n: 1 }));
    expect(request.body.stream).toBeUndefined();
  });

  test('dall-e-3 cannot edit: with a photo it draws from the prompt and the traits read from the photo', async () => {
    const photo = (await new StudioProvider().render(job, undefined, () => undefined)).png;
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'dall-e-3');
    await provider.render({ ...job, userTraits: 'curly hair' }, photo, () => undefined);
    expect(openai.requests.map((request) => [request.path, request.body.prompt, request.files.length])).toEqual([
      ['/v1/images/generations', `${job.prompt} | Person traits: curly hair`, 0],
    ]);
  });

  test.each(['dall-e-2', 'whisper-1'])('OPENAI_IMAGE_MODEL=%s is refused at start-up, naming the models that work', (model) => {
    expect(() => createImageProvider({ OPENAI_API_KEY: 'sk-test', OPENAI_IMAGE_MODEL: model } as never))
      .toThrow(`OPENAI_IMAGE_MODEL=${model} is not supported: use a gpt-image model (e.g. gpt-image-1) or dall-e-3.`);
  });

  test('a stream cut off after its first partial image is a dropped connection of the provider: retried', async () => {
    openai.failNext('stream_cut');
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    const previews: Buffer[] = [];
    const error = await provider.render(job, undefined, (_, preview) => preview && previews.push(preview)).catch((e: unknown) => e);
    expect(previews).toHaveLength(1);
    expect(isProviderError(error)).toBe(true);
    expect(failureReason(error)).toBe(GenerationFailure.network);
    expect(attemptError(error)).not.toBeInstanceOf(UnrecoverableError);
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

  test('the personalization follows the prompt, with a photo (edit) and without (generate)', async () => {
    const personal: GenerationJob = { ...job, userTraits: 'curly hair, glasses' };
    const photo = (await new StudioProvider().render(job, undefined, () => undefined)).png;
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    await provider.render(personal, photo, () => undefined);
    await provider.render(personal, undefined, () => undefined);
    const expected = `${job.prompt} | Person traits: curly hair, glasses`;
    expect(openai.requests.map((request) => [request.path, request.body.prompt])).toEqual([
      ['/v1/images/edits', expected], ['/v1/images/generations', expected],
    ]);
  });

  test("the wizard's variation reaches gpt-image-1 as its phrase, once", async () => {
    const provider = new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1');
    await provider.render({ ...job, variation: 'artistic' }, undefined, () => undefined);
    await provider.render({ ...job, prompt: `${job.prompt}, ${VariationPhrases.detailed}`, variation: 'detailed' }, undefined, () => undefined);
    await provider.render({ ...job, variation: 'standard' }, undefined, () => undefined);
    expect(openai.requests.map((request) => request.body.prompt)).toEqual([
      `${job.prompt}, ${VariationPhrases.artistic}`, `${job.prompt}, ${VariationPhrases.detailed}`, job.prompt,
    ]);
  });

  test('the studio engine hands back its own preview once, near its midpoint, a small JPEG; the picture is the same as without', async () => {
    const reports: Array<{ percent: number; preview?: Buffer }> = [];
    const { png } = await new StudioProvider({ previewAfterMs: 0 }).render({ ...job, aspect: '9:16' }, undefined, (percent, preview) => reports.push({ percent, preview }));
    const previews = reports.filter(({ preview }) => preview);
    expect(previews).toHaveLength(1);
    const [{ percent, preview }] = previews;
    expect(percent).toBeGreaterThanOrEqual(30);
    expect(percent).toBeLessThan(90);
    expect(await readImageInfo(preview!)).toEqual({ format: 'jpeg', width: 288, height: 512 });
    // Before the render ends.
    expect(reports.at(-1)?.preview).toBeUndefined();
    const alone = await renderTrend({ trendSlug: job.trendSlug, trendName: job.trendName, prompt: job.userPrompt, seed: job.seed, aspect: '9:16' });
    expect(png.equals(alone.png)).toBe(true);
  });

  test('the studio engine sends no preview for a render quicker to its midpoint than previewAfterMs, and comes back with its thumbnail', async () => {
    const reports: Array<{ percent: number; preview?: Buffer }> = [];
    const { png, thumbnail } = await new StudioProvider({ previewAfterMs: 60_000 }).render(job, undefined, (percent, preview) => reports.push({ percent, preview }));
    expect(reports.filter(({ preview }) => preview)).toHaveLength(0);
    expect(reports.at(-1)?.percent).toBe(100);
    const alone = await renderTrend({ trendSlug: job.trendSlug, trendName: job.trendName, prompt: job.userPrompt, seed: job.seed });
    expect(png.equals(alone.png)).toBe(true);
    expect(await readImageInfo(thumbnail!)).toEqual({ format: 'webp', width: 384, height: 384 });
  });

  test('the studio engine draws the variation: another variation, another image; the same one, the same bytes', async () => {
    const provider = new StudioProvider();
    const [standard, artistic, again] = await Promise.all([undefined, 'artistic', 'artistic'].map(async (variation) =>
      (await provider.render({ ...job, variation: variation as GenerationJob['variation'] }, undefined, () => undefined)).png));
    expect(artistic.equals(again)).toBe(true);
    expect(artistic.equals(standard)).toBe(false);
  });

  test('the studio engine draws styleIntensity: 7 is its own strength, 2 and 10 another image each', async () => {
    const provider = new StudioProvider();
    const [own, seven, calm, strong] = await Promise.all([undefined, 7, 2, 10].map(async (styleIntensity) =>
      (await provider.render({ ...job, styleIntensity }, undefined, () => undefined)).png));
    expect(seven.equals(own)).toBe(true);
    expect(calm.equals(own)).toBe(false);
    expect(strong.equals(own)).toBe(false);
    expect(strong.equals(calm)).toBe(false);
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

describe('which failed attempts are retried', () => {
  let openai: FakeOpenAI;
  beforeAll(async () => { openai = await startFakeOpenAI(); });
  afterAll(async () => { await openai.close(); });

  const providerError = async (kind: FakeOpenAIFailure) => {
    openai.failNext(kind);
    return new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1').render(job, undefined, () => undefined).catch((e: unknown) => e);
  };

  test.each([
    ['invalid_api_key', GenerationFailure.apiKey],
    ['content_policy_violation', GenerationFailure.contentPolicy],
    ['moderation_blocked', GenerationFailure.contentPolicy],
  ] as const)('%s: no further (paid) attempt, the reason from the catalogue', async (kind, reason) => {
    const error = attemptError(await providerError(kind));
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect(error.message).toBe(reason);
  });

  test.each([
    ['rate_limit', GenerationFailure.rateLimit],
    ['server_error', GenerationFailure.highDemand],
    ['network', GenerationFailure.network],
  ] as const)('%s: worth another attempt', async (kind, reason) => {
    const error = attemptError(await providerError(kind));
    expect(error).not.toBeInstanceOf(UnrecoverableError);
    expect(error.message).toBe(reason);
  });

  test('an invalid request fails at once; so does a bug; a dropped connection or a service not answering is retried', () => {
    const invalid = new OpenAI.BadRequestError(400, { message: 'Invalid size', type: 'invalid_request_error' }, 'Invalid size', new Headers());
    expect(attemptError(invalid)).toEqual(expect.objectContaining({ name: 'UnrecoverableError', message: GenerationFailure.invalidRequest }));
    expect(attemptError(new TypeError('x is undefined'))).toBeInstanceOf(UnrecoverableError);
    expect(attemptError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).not.toBeInstanceOf(UnrecoverableError);
    expect(attemptError(new ServiceError('UNAVAILABLE', 'images service did not answer in time'))).not.toBeInstanceOf(UnrecoverableError);
    expect(attemptError(new ServiceError('NOT_FOUND', 'Generation not found'))).toBeInstanceOf(UnrecoverableError);
  });
});
