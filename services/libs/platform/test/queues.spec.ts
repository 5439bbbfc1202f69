/**
 * Queue places on a real BullMQ queue in Redis: the place of a job read just before its add
 * (waitingPosition with the priority it arrives with) is the place it has once it is there.
 */
import { randomBytes, randomUUID } from 'node:crypto';

process.env.BUS_NAMESPACE = `t-queues-${randomBytes(4).toString('hex')}`;
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const { createQueue, createRedis, waitingPosition } = await import('../src/index.js');

const queue = createQueue<{ n: number }>('generation', redisUrl);
const redis = createRedis(redisUrl);

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

test('a job read as it arrives has the place it takes: behind the wait list and every job of its priority or a more urgent one', async () => {
  const add = (id: string, priority?: number, delay?: number) => queue.add('render', { n: 0 }, { jobId: id, priority, delay });
  await add('plain-1');
  await add('plain-2');
  await add('normal-1', 2);
  await add('urgent-1', 1);
  await add('normal-2', 2);

  // [id, priority, the place it takes]: the 2 plain jobs first, then by priority, then by arrival.
  const arrivals: Array<[string, number, number]> = [['urgent-2', 1, 3], ['normal-3', 2, 6], ['urgent-3', 1, 4]];
  for (const [id, priority, place] of arrivals) {
    const before = await waitingPosition(redis, 'generation', id, priority);
    await add(id, priority);
    const after = await waitingPosition(redis, 'generation', id, priority);
    expect({ id, before, after, waiting: await waitingPosition(redis, 'generation', id) }).toEqual({ id, before: place, after: place, waiting: place });
  }
  const places = await Promise.all(['plain-1', 'plain-2', 'urgent-1', 'urgent-2', 'urgent-3', 'normal-1', 'normal-2', 'normal-3']
    .map((id) => waitingPosition(redis, 'generation', id)));
  expect(places).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);

  // There, but waiting no longer (here: delayed): no place.
  const delayed = randomUUID();
  await add(delayed, 2, 60_000);
  expect(await waitingPosition(redis, 'generation', delayed, 2)).toBeNull();
});
