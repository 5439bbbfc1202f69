import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { GenerationFailure, type GenerationJob } from '@trendforge/contracts';
import { startFakeOpenAI, type FakeOpenAI } from '@trendforge/testing';
import { GenerationProcessor } from '../../generation-worker/src/generation.processor.js';
import type { ImageProvider } from '../../generation-worker/src/providers.js';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

/**
 * The generation worker (as generation-worker's main.ts builds it) against the real images,
 * billing and trends services and an OpenAI-speaking server: what is retried, what fails at once
 * (and is refunded once), and a worker killed mid-render.
 */
describe('generation worker: renders, retries and failures', () => {
  let stack: ImagesStack;
  let openai: FakeOpenAI;

  beforeAll(async () => {
    stack = await startImagesStack('gen-worker');
    openai = await startFakeOpenAI({ imageSize: { width: 64, height: 64 } });
  });

  afterAll(async () => {
    await stack?.close();
    await openai?.close();
  });

  /** A worker with the OpenAI provider pointed at the fake server, or with `provider`. */
  const startWorker = (provider?: ImageProvider) =>
    stack.generationWorker({ provider, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL } });

  /** A member with 3 credits asks for a ghibli image (3 credits): a second refund would show as 6. */
  async function generate() {
    const userId = randomUUID();
    const userPrompt = `a valley ${randomUUID()}`;
    const { id } = await stack.bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt });
    const ended = () => eventually(() => stack.bus.send('images.generation.get', { id, userId }), (g) => g.status === 'completed' || g.status === 'failed');
    const attempts = () => openai.requests.filter((request) => String(request.body.prompt ?? '').includes(userPrompt)).length;
    const credits = async () => (await stack.bus.send('billing.account', { userId })).credits;
    return { id, userId, ended, attempts, credits };
  }

  describe('with one worker', () => {
    let worker: INestApplicationContext;
    beforeAll(async () => { worker = await startWorker(); });
    afterAll(async () => { await worker.close(); });
    beforeEach(() => openai.reset());

    test('renders, stores and reports the creation', async () => {
      const g = await generate();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed', engine: 'openai' }));
      expect(await stack.bus.send('images.list', { userId: g.userId })).toEqual([expect.objectContaining({ id: g.id })]);
      expect(g.attempts()).toBe(1);
      expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
    });

    test.each([
      ['invalid_api_key', GenerationFailure.apiKey],
      ['content_policy_violation', GenerationFailure.contentPolicy],
      ['moderation_blocked', GenerationFailure.contentPolicy],
    ] as const)('a %s answer fails at once — one paid attempt — and is refunded once', async (failure, reason) => {
      openai.failNext(failure);
      const g = await generate();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'failed', failureReason: reason }));
      expect(g.attempts()).toBe(1);
      expect((await stack.queue.getJob(g.id))?.attemptsMade).toBe(1);
      expect(await eventually(() => stack.charge(g.id), (c) => c?.refunded === true)).toEqual({ credits: 3, refunded: true });
      expect(await g.credits()).toBe(3);
    });

    test('a 5xx answer is retried, and the retry completes it', async () => {
      openai.failNext('server_error');
      const g = await generate();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed' }));
      expect(g.attempts()).toBe(2);
      expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
    });

    test('rate limits on every attempt: failed with the rate-limit reason after the last attempt, refunded once', async () => {
      openai.failNext('rate_limit', { times: 3 });
      const g = await generate();
      expect(await g.ended()).toEqual(expect.objectContaining({ status: 'failed', failureReason: GenerationFailure.rateLimit }));
      expect(g.attempts()).toBe(3);
      expect(await eventually(() => stack.charge(g.id), (c) => c?.refunded === true)).toEqual({ credits: 3, refunded: true });
      expect(await g.credits()).toBe(3);
    });
  });

  test('a worker killed mid-render: another worker takes the job over and finishes it, charged once', async () => {
    let rendering = false;
    const stuck: ImageProvider = { engine: 'openai', render: () => { rendering = true; return new Promise(() => undefined); } };
    const doomed = await startWorker(stuck);
    const g = await generate();
    await eventually(async () => rendering, Boolean);
    // Killed: its lock is no longer renewed and it never answers.
    await (doomed.get(GenerationProcessor) as unknown as { worker: Worker<GenerationJob> }).worker.close(true);

    await startWorker();
    expect(await g.ended()).toEqual(expect.objectContaining({ status: 'completed' }));
    expect(await stack.bus.send('images.list', { userId: g.userId })).toEqual([expect.objectContaining({ id: g.id })]);
    expect(await stack.charge(g.id)).toEqual({ credits: 3, refunded: false });
    expect(g.attempts()).toBe(1);
  });
});
