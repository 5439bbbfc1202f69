/**
 * The contract of bullmq-internals.ts with BullMQ, on a real queue in Redis: the installed BullMQ
 * is the version whose key layout the module was written against, the places it reads agree with
 * the order BullMQ's public API lists the waiting jobs in, and the place of a job read just before
 * its add (waitingPosition with the priority it arrives with) is the place it has once it is there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

process.env.BUS_NAMESPACE = `t-queues-${randomBytes(4).toString('hex')}`;
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const { BullmqLayoutVersion, createQueue, createRedis, jobProgress, waitingJobIds, waitingPosition } = await import('../src/index.js');

const queue = createQueue('traits', redisUrl);
const redis = createRedis(redisUrl);

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

test('the installed BullMQ is the version the internal key layout was checked against (an upgrade re-checks bullmq-internals.ts)', () => {
  const installed = (createRequire(import.meta.url)('bullmq/package.json') as { version: string }).version;
  expect(installed).toBe(BullmqLayoutVersion);
});

test('a job read as it arrives has the place it takes: behind the wait list and every job of its priority or a more urgent one', async () => {
  const add = (id: string, priority?: number, delay?: number) => queue.add('analyse', { userId: 'u', photoId: id, imageKey: 'k' }, { jobId: id, priority, delay });
  await add('plain-1');
  await add('plain-2');
  await add('normal-1', 2);
  await add('urgent-1', 1);
  await add('normal-2', 2);

  // [id, priority, the place it takes]: the 2 plain jobs first, then by priority, then by arrival.
  const arrivals: Array<[string, number, number]> = [['urgent-2', 1, 3], ['normal-3', 2, 6], ['urgent-3', 1, 4]];
  for (const [id, priority, place] of arrivals) {
    const before = await waitingPosition(redis, 'traits', id, priority);
    await add(id, priority);
    const after = await waitingPosition(redis, 'traits', id, priority);
    expect({ id, before, after, waiting: await waitingPosition(redis, 'traits', id) }).toEqual({ id, before: place, after: place, waiting: place });
  }
  const order = ['plain-1', 'plain-2', 'urgent-1', 'urgent-2', 'urgent-3', 'normal-1', 'normal-2', 'normal-3'];
  const places = await Promise.all(order.map((id) => waitingPosition(redis, 'traits', id)));
  expect(places).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

  // The public API lists the waiting jobs in the same order, and a shorter list is its start.
  expect(await waitingJobIds(queue, 100)).toEqual(order);
  expect(await waitingJobIds(queue, 3)).toEqual(order.slice(0, 3));
  expect(await Promise.all(order.map(async (id) => (await queue.getJob(id))?.getState()))).toEqual(order.map((id) => (id.startsWith('plain') ? 'waiting' : 'prioritized')));

  // There, but waiting no longer (here: delayed): no place.
  const delayed = randomUUID();
  await add(delayed, 2, 60_000);
  expect(await waitingPosition(redis, 'traits', delayed, 2)).toBeNull();
  expect(await queue.getJob(delayed).then((job) => job?.getState())).toBe('delayed');
});

test('the progress read from the job\'s hash is the one BullMQ\'s public API reports', async () => {
  const id = randomUUID();
  const job = await queue.add('analyse', { userId: 'u', photoId: id, imageKey: 'k' }, { jobId: id });
  expect(await jobProgress(redis, 'traits', id)).toBeNull(); // not reported yet
  await job.updateProgress(40);
  expect({ read: await jobProgress(redis, 'traits', id), public: (await queue.getJob(id))?.progress }).toEqual({ read: 40, public: 40 });
  expect(await jobProgress(redis, 'traits', randomUUID())).toBeNull();
});
