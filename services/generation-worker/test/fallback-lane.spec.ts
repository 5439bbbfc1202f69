import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Subscription } from '@nats-io/transport-node';
import { QueueName, type Generation, type GenerationJob, type MessageRequest } from '@trendforge/contracts';
import { busName, busNamespace, createQueue, queueConnection } from '@trendforge/platform';
import {
  createTestBus, createTestEnvironment, eventually, freePort, startFakeGemini, startFakeOpenAI, type FakeGemini, type FakeOpenAI, type TestEnvironment,
} from '@trendforge/testing';
import { FallbackLane } from '../src/fallback-lane.js';

const generationJob = (n: number, deadlineAt: number): GenerationJob => ({
  generationId: randomUUID(), userId: '00000000-0000-4000-8000-000000000031',
  trendSlug: 'ghibli', trendName: 'Ghibli', prompt: `A Ghibli-style valley, take ${randomUUID()}`, userPrompt: `a valley ${n}`, seed: n, deadlineAt,
});
const jobOptions = (job: GenerationJob, priority = 2) => ({ jobId: job.generationId, priority, attempts: 3, backoff: { type: 'exponential', delay: 2000 } });

describe('fallback lane: waiting generations the primary would start too late go to the fallback early', () => {
  let env: TestEnvironment;
  let redis: Redis;
  beforeAll(async () => {
    env = await createTestEnvironment('fallback-lane');
    redis = new Redis(env.redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await env?.close();
  });

  describe('the claim (two replicas against one queue, no worker)', () => {
    let queue: Queue<GenerationJob>;
    const clock = 5_000_000_000_000;
    /** The fleet's starts at Gemini in the lane's current window. */
    const windowKey = () => `${busNamespace()}:generation:fallback-window:gemini`;
    beforeEach(async () => {
      queue = new Queue(`lane-${randomUUID().slice(0, 8)}`, { connection: queueConnection(env.redisUrl), prefix: busNamespace() });
      // The primary's pace: one start every 2 s.
      await queue.setGlobalRateLimit(1, 2000);
      await redis.del(windowKey());
    });
    afterEach(async () => {
      await queue.obliterate({ force: true });
      await queue.close();
    });
    const lane = (burst = 10, engine: 'gemini' | 'studio' = 'gemini') => new FallbackLane(queue, redis, {
      engine, pace: () => (engine === 'studio' ? undefined : { intervalMs: 100, burst }), renderAllowanceMs: 1000, lockMs: 8000, now: () => clock,
    });

    test('the job at the back furthest from its deadline first, each to one replica, made active with its lock; none that the primary starts in time', async () => {
      // Six waiting, 7 s to their deadline: the primary starts the one at place p after 2p s, and
      // with a render's 1 s those at places 4 and 5 would end past it (place 3 ends just on it).
      const jobs = Array.from({ length: 6 }, (_, n) => generationJob(n, clock + 7000));
      for (const job of jobs) await queue.add('render', job, jobOptions(job));
      const [one, two] = [lane(), lane()];
      const claims = await Promise.all([one.claim('token-1'), two.claim('token-2')]);
      expect([...claims].sort()).toEqual([jobs[4].generationId, jobs[5].generationId].sort());
      expect(await one.claim('token-3')).toBeUndefined();
      for (const [index, id] of claims.entries()) {
        expect(await queue.getJobState(id!)).toBe('active');
        expect(await redis.get(`${queue.qualifiedName}:${id}:lock`)).toBe(`token-${index + 1}`);
      }
      // The primary's window is not spent by the claims.
      expect(await redis.exists(queue.keys.limiter)).toBe(0);
      expect((await queue.getPrioritized()).map((job) => job.id)).toEqual(jobs.slice(0, 4).map((job) => job.generationId));
    });

    test("a member's priority counts: a pro generation added last waits first, so a free one at the back is the late one", async () => {
      const free = Array.from({ length: 5 }, (_, n) => generationJob(n, clock + 7000));
      for (const job of free) await queue.add('render', job, jobOptions(job));
      const pro = generationJob(9, clock + 7000);
      await queue.add('render', pro, jobOptions(pro, 1));
      const claimed = [await lane().claim('a'), await lane().claim('b'), await lane().claim('c')];
      expect(claimed).toEqual([free[4].generationId, free[3].generationId, undefined]);
    });

    test("no claim beyond the fallback's budget, while it pauses after a 429, nor from a paused queue", async () => {
      const jobs = Array.from({ length: 8 }, (_, n) => generationJob(n, clock + 1000));
      for (const job of jobs) await queue.add('render', job, jobOptions(job));
      const limited = lane(2);
      expect(await limited.claim('a')).toBeDefined();
      // A generation sent to the fallback at its pickup spends the same window.
      await limited.count();
      expect(await limited.claim('b')).toBeUndefined();

      await redis.del(windowKey());
      await limited.pause(60_000);
      expect(await limited.claim('c')).toBeUndefined();
      await redis.del(windowKey());

      await queue.pause();
      expect(await limited.claim('d')).toBeUndefined();
      await queue.resume();
      expect(await limited.claim('e')).toBeDefined();
    });

    test('jobs queued before deadlines were sent are left to the primary, those past it to the sweeper; so is a queue without a pace', async () => {
      const dead = generationJob(2, clock);
      await queue.add('render', dead, jobOptions(dead));
      const old = generationJob(0, 0);
      const { deadlineAt: _, ...withoutDeadline } = old;
      await queue.add('render', withoutDeadline as GenerationJob, jobOptions(old));
      expect(await lane().claim('a')).toBeUndefined();
      const late = generationJob(1, clock + 1);
      await queue.add('render', late, jobOptions(late));
      await queue.removeGlobalRateLimit();
      expect(await lane().claim('b')).toBeUndefined();
      await queue.setGlobalRateLimit(1, 2000);
      expect(await lane(10, 'studio').claim('c')).toBe(late.generationId);
    });
  });

  /**
   * Two worker replicas (the real GenerationWorkerModule, OpenAI primary at a told pace of one start
   * every 2.2 s, Gemini fallback) and a spike queued at once. The images service's side of the bus is
   * played here: it answers `started` as it does (failed once the deadline has passed: the sweeper
   * failed and refunded it) and records each `completed`.
   */
  describe('a spike behind a slow primary (two worker replicas)', () => {
    let openai: FakeOpenAI;
    let gemini: FakeGemini;
    let storageDir: string;
    let workers: INestApplicationContext[] = [];
    let bus: Awaited<ReturnType<typeof createTestBus>>;
    const subscriptions: Subscription[] = [];
    const deadlines = new Map<string, number>();
    const completions: Array<MessageRequest<'images.generation.completed'> & { at: number }> = [];
    const startedAfterDeadline: string[] = [];

    beforeAll(async () => {
      [openai, gemini] = await Promise.all([
        startFakeOpenAI({ imageSize: { width: 64, height: 64 }, latencyMs: 200 }),
        // Longer than the workers' lock: a claimed job's lock must be renewed as a fetched one's is.
        startFakeGemini({ imageSize: { width: 64, height: 64 }, latencyMs: 4000 }),
      ]);
      storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-lane-'));
      bus = await createTestBus(env.natsUrl);
      const answer = (pattern: string, handle: (request: { id: string } & Record<string, unknown>) => unknown) => {
        const subscription = bus.nats.subscribe(busName(pattern));
        subscriptions.push(subscription);
        void (async () => {
          for await (const message of subscription) {
            const { data, id } = message.json<{ data: { id: string }; id: string }>();
            message.respond(JSON.stringify({ response: handle(data), id, isDisposed: true }));
          }
        })();
      };
      answer('images.generation.started', ({ id }) => {
        const late = Date.now() > (deadlines.get(id) ?? Infinity);
        if (late) startedAfterDeadline.push(id);
        return {
          id, userId: '00000000-0000-4000-8000-000000000031', trendSlug: 'ghibli', prompt: '', userPrompt: '', status: late ? 'failed' : 'active',
          progress: 0, position: null, etaSeconds: null, failureReason: late ? "We're experiencing high demand" : null, caption: null, engine: null,
          createdAt: new Date().toISOString(),
        } satisfies Generation;
      });
      answer('images.generation.completed', (request) => {
        completions.push({ ...(request as unknown as MessageRequest<'images.generation.completed'>), at: Date.now() });
        return { id: request.id };
      });

      const { GenerationWorkerModule } = await import('../src/worker.module.js');
      const { loadGenerationWorkerConfig } = await import('../src/config.js');
      for (let replica = 0; replica < 2; replica++) {
        const config = loadGenerationWorkerConfig({
          ...process.env, ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, HEALTH_PORT: String(await freePort()),
          OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL, PROVIDER_REQUESTS_PER_MIN: '30', PROVIDER_BURST: '1',
          GEMINI_API_KEY: 'gm-test', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini', IMAGE_FALLBACK_REQUESTS_PER_MIN: '6000', IMAGE_FALLBACK_BURST: '10',
          // What a render needs: more than Gemini's 4 s.
          IMAGE_RENDER_ALLOWANCE_MS: '5000', WORKER_LOCK_MS: '3000',
        });
        const app = await NestFactory.createApplicationContext(GenerationWorkerModule.forRoot(config), { logger: ['error'] });
        await app.init();
        workers.push(app);
      }
    }, 60_000);

    afterAll(async () => {
      for (const worker of workers) await worker.close();
      workers = [];
      for (const subscription of subscriptions) subscription.unsubscribe();
      await bus?.close();
      await Promise.all([openai?.close(), gemini?.close()]);
      if (storageDir) await rm(storageDir, { recursive: true, force: true });
    });

    test('the late ones at the back complete on Gemini before their deadline, the front ones on OpenAI at its pace; each rendered once, by one replica', async () => {
      const queue = createQueue(QueueName.generation, env.redisUrl);
      try {
        // Ten at once with 16 s to their deadline and a render's allowance of 5 s: the primary
        // starts place p after about 2.2p s, so places 6-9 would start past what their deadline allows.
        await queue.pause();
        const jobs = Array.from({ length: 10 }, (_, n) => generationJob(n, Date.now() + 16_000));
        for (const job of jobs) {
          deadlines.set(job.generationId, job.deadlineAt!);
          await queue.add('render', job, jobOptions(job));
        }
        await queue.resume();
        await eventually('every generation ended', async () => {
          const counts = await queue.getJobCounts('completed', 'failed');
          return counts.completed + counts.failed === jobs.length;
        });

        const ended = await Promise.all(jobs.map((job) => queue.getJob(job.generationId)));
        expect(ended.map((job) => job?.finishedOn && !job.failedReason)).toEqual(jobs.map(() => true));
        expect(startedAfterDeadline).toEqual([]);
        const engines = jobs.map((job) => completions.find((completion) => completion.id === job.generationId)?.engine);
        // The front on the primary, the back on the fallback, nothing in between.
        expect(engines.slice(0, 2)).toEqual(['openai', 'openai']);
        expect(engines.slice(6)).toEqual(['gemini', 'gemini', 'gemini', 'gemini']);
        expect(engines.join(' ')).toMatch(/^(openai )+(gemini ?)+$/);
        for (const job of jobs) {
          const completion = completions.find((c) => c.id === job.generationId)!;
          expect(completion.at).toBeLessThanOrEqual(job.deadlineAt!);
        }
        // One render each, one report each, one attempt each.
        const renders = (job: GenerationJob) =>
          openai.requests.filter((request) => String(request.body.prompt).includes(job.prompt)).length
          + gemini.requests.filter((request) => JSON.stringify(request.body.contents).includes(job.prompt)).length;
        expect(jobs.map(renders)).toEqual(jobs.map(() => 1));
        expect(completions.map((completion) => completion.id).sort()).toEqual(jobs.map((job) => job.generationId).sort());
        expect(ended.map((job) => job?.attemptsMade)).toEqual(jobs.map(() => 1));
      } finally {
        await queue.close();
      }
    });
  });
});
