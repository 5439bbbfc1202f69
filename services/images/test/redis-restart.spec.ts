import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '@trendforge/testing';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

/** A Redis of the suite's own (with AOF, as in production), so it can be stopped and started again. */
async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--appendonly', 'yes', '--save', ''], { stdio: 'ignore' });
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  const up = await eventually(() => probe.connect().then(() => probe.ping(), () => null), (pong) => pong === 'PONG');
  probe.disconnect();
  if (up !== 'PONG') throw new Error(`redis-server did not start on ${port}`);
  return child;
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Redis restarting under the images service and a generation worker: nothing crashes (no
 * unhandled rejection), both reconnect by themselves, and a generation requested while Redis was
 * down — retried with its idempotency key — ends completed and charged once.
 */
describe('a Redis restart', () => {
  let stack: ImagesStack;
  let redis: ChildProcess;
  let port: number;
  let dir: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    port = await freePort();
    dir = await mkdtemp(path.join(os.tmpdir(), 'tf-redis-restart-'));
    redis = await startRedis(port, dir);
    stack = await startImagesStack('images-redis', { REDIS_URL: `redis://127.0.0.1:${port}` });
    await stack.generationWorker();
  });

  afterAll(async () => {
    await stack?.close();
    if (redis) await stopRedis(redis);
    if (dir) await rm(dir, { recursive: true, force: true });
    process.off('unhandledRejection', onUnhandled);
  });

  const request = (userId: string, idempotencyKey: string) =>
    stack.bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley', idempotencyKey });
  const ended = (id: string, userId: string) =>
    eventually(() => stack.bus.send('images.generation.get', { id, userId }), (g) => g.status === 'completed' || g.status === 'failed');

  test('generations before, during and after it end completed, each charged once', async () => {
    const before = { userId: randomUUID(), key: randomUUID() };
    const { id: first } = await request(before.userId, before.key);
    expect(await ended(first, before.userId)).toEqual(expect.objectContaining({ status: 'completed' }));

    await stopRedis(redis);
    // Asked while Redis is down: the answer may not come; the member's client sends it again with the same key.
    const during = { userId: randomUUID(), key: randomUUID() };
    const attempt = request(during.userId, during.key).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    redis = await startRedis(port, dir);
    await attempt;
    const { id: second } = await eventually(() => request(during.userId, during.key).catch(() => null), Boolean) as { id: string };
    expect(await ended(second, during.userId)).toEqual(expect.objectContaining({ status: 'completed' }));

    const after = { userId: randomUUID(), key: randomUUID() };
    const { id: third } = await request(after.userId, after.key);
    expect(await ended(third, after.userId)).toEqual(expect.objectContaining({ status: 'completed' }));

    for (const [id, userId] of [[first, before.userId], [second, during.userId], [third, after.userId]]) {
      expect(await stack.charge(id)).toEqual({ credits: 3, refunded: false });
      expect(await stack.bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 0, monthlyUsage: 1 }));
    }
    expect(unhandled).toEqual([]);
  });
});
