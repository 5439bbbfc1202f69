import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { generationEtaSeconds, type Generation, type GenerationQueueSnapshot } from '@trendforge/contracts';
import { createRedis, publishGenerationQueue, publishGenerationUpdate, type Bus } from '@trendforge/platform';
import { flushNamespace, testRedisUrl, uniqueNamespace } from '@trendforge/testing';
import type { GatewayConfig } from '../src/config.js';
import { GenerationUpdates } from '../src/realtime/generation-updates.js';

/**
 * The relay every gateway runs: a member following a queued generation hears its place and ETA
 * each time the queue moves (from the queue pushed by the images service), then its progress and end.
 */
describe('generation updates relay', () => {
  const redisUrl = testRedisUrl();
  const namespace = uniqueNamespace('gw-updates');
  let redis: Redis;
  let updates: GenerationUpdates;
  const queued: Generation = {
    id: randomUUID(), userId: randomUUID(), trendSlug: 'pixar', prompt: 'A 3D still of a fox', userPrompt: 'a fox', status: 'queued', progress: 0,
    position: 2, etaSeconds: null, failureReason: null, caption: null, engine: null, createdAt: '2026-11-21T00:00:00.000Z',
  };

  beforeAll(async () => {
    process.env.BUS_NAMESPACE = namespace;
    redis = createRedis(redisUrl);
    // The images service answers the follower's first read with the generation as it is now.
    const bus = { send: async () => queued } as unknown as Bus;
    updates = new GenerationUpdates({ REDIS_URL: redisUrl } as GatewayConfig, bus);
    await updates.onApplicationBootstrap();
  });

  afterAll(async () => {
    await updates?.onApplicationShutdown();
    redis?.disconnect();
    await flushNamespace(redisUrl, namespace);
  });

  test('queued: place and ETA as the queue moves (only when they change); then progress; then the end', async () => {
    const follower = updates.follow(queued.id, queued.userId);
    const next = async () => (await follower.next()).value as Generation;
    expect(await next()).toEqual(queued);

    const snapshot = (waiting: string[]): GenerationQueueSnapshot => ({ waiting, averageRenderMs: 10_000, slots: 1 });
    const [ahead1, ahead2] = [randomUUID(), randomUUID()];
    await publishGenerationQueue(redis, snapshot([ahead1, queued.id, ahead2]));
    expect(await next()).toEqual({ ...queued, position: 1, etaSeconds: generationEtaSeconds(1, snapshot([])) });

    // The same place and pace again: nothing to tell. Then the job ahead starts rendering.
    await publishGenerationQueue(redis, snapshot([ahead1, queued.id]));
    await publishGenerationQueue(redis, snapshot([queued.id]));
    expect(await next()).toEqual({ ...queued, position: 0, etaSeconds: 15 });

    await publishGenerationUpdate(redis, { ...queued, status: 'active', progress: 40, position: null });
    expect(await next()).toEqual(expect.objectContaining({ status: 'active', progress: 40 }));
    // Rendering now: the queue no longer concerns it.
    await publishGenerationQueue(redis, snapshot([ahead2]));
    await publishGenerationUpdate(redis, { ...queued, status: 'completed', progress: 100, position: null });
    expect(await next()).toEqual(expect.objectContaining({ status: 'completed' }));
    expect((await follower.next()).done).toBe(true);
  });
});
