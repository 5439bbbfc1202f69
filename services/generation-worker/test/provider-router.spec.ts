import { Redis } from 'ioredis';
import { eventually, flushNamespace, startFakeGemini, startFakeOpenAI, testRedisUrl, uniqueNamespace, type FakeGemini, type FakeOpenAI } from '@trendforge/testing';
import type { GenerationJob } from '@trendforge/contracts';
import { imageRouting, loadGenerationWorkerConfig } from '../src/config.js';
import { isProviderRateLimit } from '../src/failure.js';
import { GeminiProvider } from '../src/gemini.js';
import { errorEngine } from '../src/failure.js';
import { ProviderRouter, type RouterOptions } from '../src/provider-router.js';
import { createImageProvider, OpenAIProvider, type ImageProvider } from '../src/providers.js';

const job: GenerationJob = {
  generationId: '00000000-0000-4000-8000-000000000021', userId: '00000000-0000-4000-8000-000000000022',
  trendSlug: 'ghibli', trendName: 'Ghibli', prompt: 'A Ghibli-style valley at dawn', userPrompt: 'a valley', seed: 3,
};
const render = (provider: ImageProvider, data: GenerationJob = job) => provider.render(data, undefined, () => undefined);


describe('provider router: primary OpenAI, fallback Gemini (real SDKs against their wire formats)', () => {
  let openai: FakeOpenAI;
  let gemini: FakeGemini;
  /** The breaker's and the deadlines' clock, moved by the tests. */
  let clock: number;
  /** The fleet's breaker lives in Redis: each test has its own key (replicas of one test share it). */
  let redis: Redis;
  const namespace = uniqueNamespace('router');
  let breakerKey: string;
  let tests = 0;
  beforeAll(async () => {
    [openai, gemini] = await Promise.all([startFakeOpenAI({ imageSize: { width: 64, height: 64 } }), startFakeGemini({ imageSize: { width: 64, height: 64 } })]);
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    await Promise.all([openai.close(), gemini.close()]);
    await flushNamespace(testRedisUrl(), namespace);
    redis.disconnect();
  });
  beforeEach(() => {
    openai.reset();
    gemini.reset();
    clock = 1_000_000;
    breakerKey = `${namespace}:breaker:${++tests}`;
  });

  const router = (options: Partial<RouterOptions> = {}, fallbackConcurrency = 4) => new ProviderRouter(
    new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1'),
    [{ provider: new GeminiProvider('gm-test', gemini.baseUrl, 'gemini-2.5-flash-image'), concurrency: fallbackConcurrency }],
    { redis, breakerKey, failAfterMs: 10_000, probeMs: 30_000, now: () => clock, ...options },
  );
  const imageCalls = () => openai.requests.filter((request) => request.path.startsWith('/v1/images/')).length;

  test('primary healthy: the primary renders, the fallback is not asked, the answer keeps its rate-limit headers', async () => {
    const provider = router();
    expect(provider.engine).toBe('openai');
    const image = await render(provider);
    expect(image.engine).toBe('openai');
    expect(image.headers).toBeDefined();
    expect(imageCalls()).toBe(1);
    expect(gemini.requests).toHaveLength(0);
    expect(await provider.breaker.state()).toBe('closed');
  });

  test.each(['network', 'server_error'] as const)('primary %s: that generation renders on the fallback at once and says so (engine gemini, no headers)', async (kind) => {
    const provider = router();
    openai.failNext(kind);
    const image = await render(provider);
    expect(image).toEqual({ png: expect.any(Buffer), engine: 'gemini' });
    expect(imageCalls()).toBe(1);
    expect(gemini.requests).toHaveLength(1);
    // One blip is no outage: the next generation goes to the primary again.
    expect(await provider.breaker.state()).toBe('closed');
    expect((await render(provider)).engine).toBe('openai');
  });

  test('primary down for the window: the breaker opens, generations go straight to the fallback; after the probe time one tries the primary, which closes it', async () => {
    const provider = router();
    openai.failNext('server_error', { times: 100 });
    expect((await render(provider)).engine).toBe('gemini');
    clock += 5_000;
    expect((await render(provider)).engine).toBe('gemini');
    expect(await provider.breaker.state()).toBe('closed');
    clock += 5_000;
    expect((await render(provider)).engine).toBe('gemini');
    expect(await provider.breaker.state()).toBe('open');
    expect(imageCalls()).toBe(3);

    // Open: the primary is not asked.
    clock += 29_000;
    expect((await Promise.all([render(provider), render(provider)])).map((image) => image.engine)).toEqual(['gemini', 'gemini']);
    expect(imageCalls()).toBe(3);

    // Probe due, primary still down: one probe, open again for another 30 s.
    clock += 1_000;
    expect((await render(provider)).engine).toBe('gemini');
    expect(imageCalls()).toBe(4);
    expect(await provider.breaker.state()).toBe('open');
    clock += 29_999;
    await render(provider);
    expect(imageCalls()).toBe(4);

    // The primary is back: the next probe closes the breaker, and the primary renders again.
    openai.reset();
    clock += 1;
    expect((await render(provider)).engine).toBe('openai');
    expect(await provider.breaker.state()).toBe('closed');
    expect((await render(provider)).engine).toBe('openai');
    expect(gemini.requests).toHaveLength(7);
  });

  test('five outages in a row open the breaker however quickly they came (an outage starting under load)', async () => {
    const provider = router();
    openai.failNext('network', { times: 5 });
    const images = await Promise.all(Array.from({ length: 5 }, () => render(provider)));
    expect(images.map((image) => image.engine)).toEqual(Array(5).fill('gemini'));
    expect(await provider.breaker.state()).toBe('open');
    expect((await render(provider)).engine).toBe('gemini');
    expect(imageCalls()).toBe(5);
  });

  test('while a probe is out, the other generations still go to the fallback', async () => {
    const provider = router({ failAfterMs: 0 });
    openai.failNext('network');
    await render(provider);
    expect(await provider.breaker.state()).toBe('open');
    clock += 30_000;
    openai.setLatency(300);
    try {
      const probe = render(provider);
      const meanwhile = await render(provider);
      expect(meanwhile.engine).toBe('gemini');
      expect((await probe).engine).toBe('openai');
      expect(await provider.breaker.state()).toBe('closed');
    } finally {
      openai.setLatency(0);
    }
  });

  test("a 429 whose wait would take the generation past its deadline goes to the fallback; with time to spare it is the queue's pause", async () => {
    const provider = router({ renderAllowanceMs: 60_000 });
    openai.failNext('rate_limit');
    // Time for a render now, not after the 429's 20 ms.
    const soon = await render(provider, { ...job, deadlineAt: clock + 60_010 });
    expect(soon.engine).toBe('gemini');
    expect(imageCalls()).toBe(1);

    openai.failNext('rate_limit');
    const error = await render(provider, { ...job, deadlineAt: clock + 15 * 60_000 }).catch((e: unknown) => e);
    expect(isProviderRateLimit(error)).toBe(true);
    // A job queued before deadlines were sent is not rerouted either.
    openai.failNext('rate_limit');
    expect(isProviderRateLimit(await render(provider).catch((e: unknown) => e))).toBe(true);
    expect(gemini.requests).toHaveLength(1);
    // A rate limit is an answer: the primary is up.
    expect(await provider.breaker.state()).toBe('closed');
  });

  test('two worker replicas share one breaker: outages seen by one open it for both, and a probe by the other closes it for both', async () => {
    const [one, two] = [router(), router()];
    openai.failNext('server_error', { times: 100 });
    expect((await render(one)).engine).toBe('gemini');
    clock += 5_000;
    expect((await render(two)).engine).toBe('gemini');
    clock += 5_000;
    // The third outage in the fleet's 10 s window opens it, whichever replica saw it.
    expect((await render(one)).engine).toBe('gemini');
    expect(await two.breaker.state()).toBe('open');
    expect(await two.activeEngine()).toBe('gemini');
    expect((await render(two)).engine).toBe('gemini');
    expect(imageCalls()).toBe(3);

    // One probe for the fleet: while replica two's probe is out, replica one does not probe too.
    openai.reset();
    openai.setLatency(300);
    clock += 30_000;
    try {
      const probe = render(two);
      await eventually('the breaker probing', async () => (await one.breaker.state()) === 'probing');
      expect((await render(one)).engine).toBe('gemini');
      expect((await probe).engine).toBe('openai');
    } finally {
      openai.setLatency(0);
    }
    expect(await one.breaker.state()).toBe('closed');
    expect(await one.activeEngine()).toBe('openai');
    expect((await render(one)).engine).toBe('openai');
  });

  test('opening and closing the breaker names the engine that now takes the fleet\'s generations (its budget paces the queue)', async () => {
    const provider = router({ failAfterMs: 0, probeMs: 1_000 });
    const switches: string[] = [];
    provider.onSwitch = async (engine) => { switches.push(engine); };
    openai.failNext('network');
    await render(provider);
    expect(switches).toEqual(['gemini']);
    clock += 1_000;
    expect((await render(provider)).engine).toBe('openai');
    expect(switches).toEqual(['gemini', 'openai']);
  });

  test('a generation picked up so late that a render would pass its deadline goes straight to the fallback; one with time left goes to the primary', async () => {
    const provider = router({ renderAllowanceMs: 60_000 });
    // Accepted 14.5 minutes ago with a 15-minute deadline: it waited its turn in the queue.
    const late = await render(provider, { ...job, deadlineAt: clock + 30_000 });
    expect(late.engine).toBe('gemini');
    expect(imageCalls()).toBe(0);
    expect((await render(provider, { ...job, deadlineAt: clock + 61_000 })).engine).toBe('openai');
    expect(await provider.breaker.state()).toBe('closed');
  });

  test("the fallback's errors come out marked with its engine, the primary's with the primary's (each pauses its own budget)", async () => {
    const provider = router({ renderAllowanceMs: 60_000 });
    gemini.failNext('rate_limit');
    const fallbacks = await render(provider, { ...job, deadlineAt: clock + 30_000 }).catch((e: unknown) => e);
    expect(isProviderRateLimit(fallbacks)).toBe(true);
    expect(errorEngine(fallbacks)).toBe('gemini');
    openai.failNext('rate_limit');
    const primarys = await render(provider).catch((e: unknown) => e);
    expect(isProviderRateLimit(primarys)).toBe(true);
    expect(errorEngine(primarys)).toBe('openai');
  });

  test('a refusal of the primary (content policy) is not an outage and is not sent elsewhere', async () => {
    const provider = router();
    openai.failNext('moderation_blocked');
    await expect(render(provider)).rejects.toThrow(/safety system/);
    expect(gemini.requests).toHaveLength(0);
  });

  test('the fallback down too: its error is thrown (an outage: the queue retries it, spending an attempt)', async () => {
    const provider = router();
    openai.failNext('network');
    gemini.failNext('unavailable');
    await expect(render(provider)).rejects.toEqual(expect.objectContaining({ status: 503 }));
  });

  test('the fallback keeps to its own concurrency cap', async () => {
    let inFlight = 0;
    let most = 0;
    const gem = new GeminiProvider('gm-test', gemini.baseUrl, 'gemini-2.5-flash-image');
    const counting: ImageProvider = {
      engine: 'gemini',
      async render(data, photo, onProgress) {
        most = Math.max(most, ++inFlight);
        try {
          return await gem.render(data, photo, onProgress);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const provider = new ProviderRouter(new OpenAIProvider('sk-test', openai.baseURL, 'gpt-image-1'), [{ provider: counting, concurrency: 2 }], { redis, breakerKey, failAfterMs: 0, probeMs: 30_000, now: () => clock });
    openai.failNext('network');
    await render(provider);
    gemini.setLatency(50);
    try {
      const images = await Promise.all(Array.from({ length: 6 }, () => render(provider)));
      expect(images.map((image) => image.engine)).toEqual(Array(6).fill('gemini'));
      expect(most).toBe(2);
    } finally {
      gemini.setLatency(0);
    }
  });

  test('with studio listed last, the offline engine is the last resort when both providers are down', async () => {
    const env = {
      DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379', NATS_URL: 'nats://127.0.0.1:4222', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp',
      OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini,studio',
    };
    expect(() => createImageProvider(loadGenerationWorkerConfig(env))).toThrow(/Failover needs Redis/);
    // The breaker's key is under the bus namespace: this suite's, not a running stack's.
    const before = process.env.BUS_NAMESPACE;
    process.env.BUS_NAMESPACE = namespace;
    const provider = createImageProvider(loadGenerationWorkerConfig(env), redis);
    if (before === undefined) delete process.env.BUS_NAMESPACE;
    else process.env.BUS_NAMESPACE = before;
    expect(provider).toBeInstanceOf(ProviderRouter);
    expect((provider as ProviderRouter).route).toBe('openai → gemini → studio');
    openai.failNext('network');
    gemini.failNext('network');
    expect((await render(provider)).engine).toBe('studio');
  });
});

describe('routing configuration', () => {
  const keys = { OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'gm' };
  test('the primary is IMAGE_PROVIDER, else OpenAI with its key, else the studio engine; fallbacks in order, without the primary', () => {
    expect(imageRouting({ IMAGE_FALLBACK: [] })).toEqual({ primary: 'studio', fallbacks: [] });
    expect(imageRouting({ ...keys, IMAGE_FALLBACK: ['gemini'] })).toEqual({ primary: 'openai', fallbacks: ['gemini'] });
    expect(imageRouting({ ...keys, IMAGE_PROVIDER: 'gemini', IMAGE_FALLBACK: ['gemini', 'openai', 'studio'] })).toEqual({ primary: 'gemini', fallbacks: ['openai', 'studio'] });
  });

  test('refused at start-up: an engine without its key, studio not last, fallbacks behind the studio engine', () => {
    expect(() => imageRouting({ OPENAI_API_KEY: 'sk', IMAGE_FALLBACK: ['gemini'] })).toThrow(/gemini engine .* needs GEMINI_API_KEY/);
    expect(() => imageRouting({ ...keys, IMAGE_FALLBACK: ['studio', 'gemini'] })).toThrow(/list it last/);
    expect(() => imageRouting({ ...keys, IMAGE_PROVIDER: 'studio', IMAGE_FALLBACK: ['gemini'] })).toThrow(/does not go down/);
  });

  test('IMAGE_FALLBACK is read as a comma-separated list; none and empty mean no failover', () => {
    const env = { DATABASE_URL: 'postgres://x@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379', NATS_URL: 'nats://127.0.0.1:4222', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp' };
    expect(loadGenerationWorkerConfig({ ...env, IMAGE_FALLBACK: ' Gemini, studio ' }).IMAGE_FALLBACK).toEqual(['gemini', 'studio']);
    expect(loadGenerationWorkerConfig({ ...env, IMAGE_FALLBACK: 'none' }).IMAGE_FALLBACK).toEqual([]);
    expect(loadGenerationWorkerConfig({ ...env, IMAGE_FALLBACK: '' }).IMAGE_FALLBACK).toEqual([]);
    expect(() => loadGenerationWorkerConfig({ ...env, IMAGE_FALLBACK: 'midjourney' })).toThrow(/IMAGE_FALLBACK/);
  });
});
