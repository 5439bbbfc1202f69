import type { Redis } from 'ioredis';
import { createRedis } from '@trendforge/platform';
import { flushNamespace, freePort, testRedisUrl, uniqueNamespace } from '@trendforge/testing';
import { ReplicaCounts } from '../src/common/replica-counts.js';
import { GatewayThrottlerStorage, replicaThrottleKey } from '../src/common/throttler-storage.js';

/**
 * The throttler's storage (common/throttler-storage.ts): @nest-lab/throttler-storage-redis's
 * counts in Redis under the stack's namespace, and what the gateway adds around it: per-replica
 * counts of the catalogue's reads, hits counted without waiting, and letting requests through
 * while Redis cannot be reached.
 */
const redisUrl = testRedisUrl();
const namespace = uniqueNamespace('gw-throttler');
let redis: Redis;
const storages: GatewayThrottlerStorage[] = [];

const storageOn = (client: Redis) => {
  const storage = new GatewayThrottlerStorage(client, new ReplicaCounts(60_000), `${namespace}:throttle:`);
  storages.push(storage);
  return storage;
};

beforeAll(() => {
  redis = createRedis(redisUrl);
});

afterAll(async () => {
  for (const storage of storages) storage.onApplicationShutdown();
  await flushNamespace(redisUrl, namespace);
  redis.disconnect();
});

test('two replicas count against one limit in Redis, under the namespace and with an expiry; past it the key is blocked', async () => {
  const [one, other] = [storageOn(redis), storageOn(redis)];
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await (i % 2 ? other : one).increment('route-192.0.2.1', 60_000, 3, 30_000, 'default'));
  expect(answers.map((answer) => [answer.totalHits, answer.isBlocked])).toEqual([[1, false], [2, false], [3, false], [4, true]]);
  expect(answers[3].timeToBlockExpire).toBe(30);
  // The replica that heard it knows the block without asking again.
  expect(other.knownBlockFor('route-192.0.2.1', 'default')).toBeGreaterThan(0);
  expect(one.knownBlockFor('route-192.0.2.1', 'default')).toBeUndefined();
  const keys = await redis.keys(`${namespace}:throttle:*`);
  expect(keys.length).toBe(2);
  for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
});

test("replica keys are counted in the replica's memory, never in Redis", async () => {
  const storage = storageOn(redis);
  const key = replicaThrottleKey('TrendsController-list', '192.0.2.2', 'default');
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await storage.increment(key, 60_000, 2, 60_000, 'default'));
  expect(answers.map((answer) => [answer.totalHits, answer.isBlocked])).toEqual([[1, false], [2, false], [3, true]]);
  expect(await redis.keys(`${namespace}:throttle:*192.0.2.2*`)).toEqual([]);
});

test('hits counted without waiting reach Redis before the next awaited hit on the key, and a block they cause is known from memory', async () => {
  const storage = storageOn(redis);
  storage.countSoon('address:192.0.2.3', 60_000, 5, 'address', 5);
  const next = await storage.increment('address:192.0.2.3', 60_000, 5, 60_000, 'address');
  expect([next.totalHits, next.isBlocked]).toEqual([6, true]);
  expect(storage.knownBlockFor('address:192.0.2.3', 'address')).toBeGreaterThan(0);
});

test('while Redis cannot be reached, requests are let through', async () => {
  const down = createRedis(`redis://127.0.0.1:${await freePort()}`, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    const storage = storageOn(down);
    expect(await storage.increment('route-192.0.2.4', 60_000, 1, 60_000, 'default')).toEqual({ totalHits: 0, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });
  } finally {
    down.disconnect();
  }
});
