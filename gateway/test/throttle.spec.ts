import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRedis } from '@trendforge/platform';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { call, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

/**
 * Two gateway processes on one stack (the same Redis namespace) enforce one rate limit: the
 * counters live in Redis, not in each process. POST /api/generate allows 20 calls a minute per
 * client; the limit is checked before the session, so calls without one count too (and answer 401).
 */
let env: TestEnvironment;
let storageDir: string;
let gateways: GatewayProcess[] = [];

beforeAll(async () => {
  env = await createTestEnvironment('gw-throttle');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-throttle-'));
  const gatewayEnv = { ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  gateways = await Promise.all([startGatewayProcess(gatewayEnv), startGatewayProcess(gatewayEnv)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

test('20 generate calls a minute per client across both gateways together, not 20 on each', async () => {
  const answers = [];
  for (let i = 0; i < 20; i += 1) answers.push(await call(gateways[i % 2].url, 'POST', '/api/generate', { json: {} }));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(401));
  // One count: each answer, from either gateway, has one call fewer left.
  expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)));

  for (const gateway of gateways) {
    const refused = await call(gateway.url, 'POST', '/api/generate', { json: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // No framework class in the answer.
    expect(refused.body).toEqual({ statusCode: 429, message: 'Too many requests. Please try again later.' });
  }
  // Another route keeps its own count.
  expect((await call(gateways[1].url, 'GET', '/api/auth/me')).status).toBe(401);
}, 60_000);

test("the counters are the stack's: under its namespace in Redis, with an expiry", async () => {
  const redis = createRedis(env.redisUrl);
  try {
    const keys = await redis.keys(`${env.namespace}:throttle:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
  } finally {
    redis.disconnect();
  }
});
