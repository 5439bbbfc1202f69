import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { STORAGE, type ObjectStorage } from '@trendforge/platform';
import { startFakeGemini, startFakeOpenAI, type FakeGemini, type FakeOpenAI } from '@trendforge/testing';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

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
        GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini',
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

  test('primary healthy: OpenAI renders it', async () => {
    const g = await generate();
    expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed', engine: 'openai' }));
    expect(g.calls()).toEqual({ openai: 1, gemini: 0 });
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
      expect((await stack.queue.getJob(g.id))?.attemptsMade).toBe(1);
    }

    // Back: once the probe time has passed, the next generation tries the primary, which closes the breaker.
    openai.reset();
    let engine: string | null = null;
    for (let tries = 0; tries < 5 && engine !== 'openai'; tries++) engine = (await (await generate()).ended()).engine;
    expect(engine).toBe('openai');
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
