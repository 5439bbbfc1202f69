import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { STORAGE, type ObjectStorage } from '@trendforge/platform';
import { startFakeGemini, startFakeOpenAI, type FakeGemini, type FakeOpenAI } from '@trendforge/testing';
import { eventually, finishedJob, startImagesStack, type ImagesStack } from './support.js';

/**
 * Failover through the real worker (generation-worker's consumer on BullMQ, its provider from
 * configuration: OpenAI primary, IMAGE_FALLBACK=gemini), the real images, billing and trends
 * services, and OpenAI- and Gemini-speaking servers: with the primary down, generations complete
 * on Gemini, the creation says so, one charge, none refunded, rendered once.
 */
describe('generation worker: failover to Gemini when the primary is down', () => {
  let stack: ImagesStack;
  let openai: FakeOpenAI;
  let gemini: FakeGemini;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    stack = await startImagesStack('gen-failover');
    [openai, gemini] = await Promise.all([startFakeOpenAI({ imageSize: { width: 64, height: 64 } }), startFakeGemini({ imageSize: { width: 64, height: 64 } })]);
    worker = await stack.generationWorker({
      env: {
        OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, PROVIDER_REQUESTS_PER_MIN: '60000',
        // Gemini's own budget: the queue's pace while the breaker sends everything to it.
        GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini', IMAGE_FALLBACK_REQUESTS_PER_MIN: '30000',
        // The breaker opens at the first outage and probes the primary again after 100 ms.
        IMAGE_FAILOVER_AFTER_MS: '0', IMAGE_FAILOVER_PROBE_MS: '100',
      },
    });
  });

  afterAll(async () => {
    await worker?.close();
    await stack?.close();
    await openai?.close();
    await gemini?.close();
  });

  beforeEach(() => {
    openai.reset();
    gemini.reset();
  });

  /** The queue's pace (BullMQ's global rate limit): OpenAI's 60000 a minute is 1 start per 2 ms (10 % margin), Gemini's 30000 1 per 3 ms. */
  const OpenAIPace = { max: 1, duration: 2 };
  const GeminiPace = { max: 1, duration: 3 };

  /** A member with 3 credits asks for a ghibli image (3 credits). */
  async function generate() {
    const userId = randomUUID();
    const userPrompt = `a valley ${randomUUID()}`;
    const { id } = await stack.bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt });
    const ended = () => eventually(() => stack.bus.send('images.generation.get', { id, userId }), (g) => g.status === 'completed' || g.status === 'failed');
    const mine = (text: unknown) => JSON.stringify(text ?? '').includes(userPrompt);
    const calls = () => ({
      openai: openai.requests.filter((request) => mine(request.body.prompt)).length,
      gemini: gemini.requests.filter((request) => mine(request.body.contents)).length,
    });
    return { id, userId, ended, calls };
  }

  test('primary healthy: OpenAI renders it, the queue at its pace', async () => {
    const g = await generate();
    expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed', engine: 'openai' }));
    expect(g.calls()).toEqual({ openai: 1, gemini: 0 });
    expect(await stack.queue.getGlobalRateLimit()).toEqual(OpenAIPace);
  });

  test('a generation that waited in the queue until a render on the primary would pass its deadline renders on Gemini instead of being failed by the sweeper', async () => {
    // Nobody takes jobs meanwhile: the generation waits its turn, as behind a long spike.
    await stack.queue.pause();
    try {
      const g = await generate();
      const job = await stack.queue.getJob(g.id);
      // As if accepted 14 minutes ago (deadline 15 minutes): one minute left, less than a render's allowance (120 s).
      await job!.updateData({ ...job!.data, deadlineAt: Date.now() + 60_000 });
      await stack.queue.resume();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed', engine: 'gemini' }));
      expect(g.calls()).toEqual({ openai: 0, gemini: 1 });
      expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
      // One late generation is no outage: the queue stays at OpenAI's pace.
      expect(await stack.queue.getGlobalRateLimit()).toEqual(OpenAIPace);
    } finally {
      await stack.queue.resume();
    }
  });

  test('primary down (its connections dropped): generations complete on Gemini and say so; one charge, none refunded; then the primary is back', async () => {
    openai.failNext('network', { times: 1000 });
    const ended = await Promise.all(Array.from({ length: 3 }, async () => {
      const g = await generate();
      return { ...g, generation: await g.ended() };
    }));
    for (const g of ended) {
      expect(g.generation).toEqual(expect.objectContaining({ status: 'completed', engine: 'gemini' }));
      expect(g.calls().gemini).toBe(1);
      expect(await stack.bus.send('images.list', { userId: g.userId })).toEqual([expect.objectContaining({ id: g.id, engine: 'gemini' })]);
      expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
      expect((await finishedJob(stack.queue, g.id))?.attemptsMade).toBe(1);
    }
    // The fleet's breaker is open: the queue runs at Gemini's own pace, not OpenAI's.
    expect(await stack.queue.getGlobalRateLimit()).toEqual(GeminiPace);

    // Back: once the probe time has passed, the next generation tries the primary, which closes the breaker.
    openai.reset();
    let engine: string | null = null;
    for (let tries = 0; tries < 5 && engine !== 'openai'; tries++) engine = (await (await generate()).ended()).engine;
    expect(engine).toBe('openai');
    expect(await stack.queue.getGlobalRateLimit()).toEqual(OpenAIPace);
  });

  test('storage failing after the fallback rendered: the job is put back until it stores, and neither engine renders it again', async () => {
    openai.failNext('network', { times: 1000 });
    const storage = worker.get<ObjectStorage>(STORAGE);
    const put = storage.put.bind(storage);
    let refusals = 0;
    storage.put = async (key, body, contentType) => {
      if (refusals++ < 4) throw Object.assign(new Error(`EROFS: read-only file system, open '${key}'`), { code: 'EROFS', errno: -30 });
      return put(key, body, contentType);
    };
    try {
      const g = await generate();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed', engine: 'gemini' }));
      expect(refusals).toBeGreaterThan(4);
      expect(g.calls().gemini).toBe(1);
      expect(g.calls().openai).toBeLessThanOrEqual(1);
      expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
    } finally {
      storage.put = put;
    }
  });
});
