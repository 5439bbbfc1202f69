/**
 * PeriodicTasks on a real queue in Redis: two replicas with the same tasks share one schedule,
 * each tick runs on one of them, and a scheduler whose task is gone is removed at start.
 */
import { randomBytes } from 'node:crypto';

process.env.BUS_NAMESPACE = `t-schedules-${randomBytes(4).toString('hex')}`;
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const { PeriodicTasks } = await import('../src/index.js');
const { eventually } = await import('@trendforge/testing');

test('two replicas upsert one schedule and every tick runs once, on one of them; a task gone from the list loses its scheduler', async () => {
  const runs: string[] = [];
  let enough!: () => void;
  const ranEnough = new Promise<void>((resolve) => { enough = resolve; });
  const replica = (name: string) => new PeriodicTasks('images-housekeeping', redisUrl, [
    { id: 'tick', repeat: { every: 50 }, run: async () => { runs.push(name); if (runs.length === 8) enough(); } },
  ]);
  const stale = new PeriodicTasks('images-housekeeping', redisUrl, [{ id: 'retired', repeat: { every: 3_600_000 }, run: async () => undefined }]);
  await stale.start();
  await stale.close();

  const replicas = [replica('a'), replica('b')];
  for (const tasks of replicas) await tasks.start();
  await ranEnough;
  for (const tasks of replicas) await tasks.close();

  const queue = replicas[0].queue;
  const check = new PeriodicTasks('images-housekeeping', redisUrl, []);
  try {
    expect((await check.queue.getJobSchedulers()).map((scheduler) => scheduler.key)).toEqual(['tick']);
    // One job per tick: as many finished jobs (kept up to 20) as runs, none run twice.
    const done = await check.queue.getJobs(['completed']);
    expect(new Set(done.map((job) => job.id)).size).toBe(done.length);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect(done.length).toBe(Math.min(runs.length, 20));
    await check.queue.obliterate({ force: true });
  } finally {
    await check.close();
    await queue.close();
  }
});

test("a tick that comes while the task's previous run is still going in this replica is skipped, not run beside it", async () => {
  let active = 0;
  let mostAtOnce = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  // Two tasks, so the replica takes two jobs at once: a quick one beside a slow one.
  const tasks = new PeriodicTasks('images-housekeeping', redisUrl, [
    { id: 'quick-push', repeat: { every: 50 }, run: async () => undefined },
    {
      id: 'slow-sweep', repeat: { every: 50 },
      run: async () => { active += 1; mostAtOnce = Math.max(mostAtOnce, active); await released; active -= 1; },
    },
  ]);
  try {
    await tasks.start();
    // Further sweep ticks come and end (skipped) while the first sweep holds on.
    const sweepsEnded = async () => (await tasks.queue.getJobs(['completed'])).filter((job) => job.name === 'slow-sweep').length;
    await eventually('two sweep ticks ended while the first runs', async () => (await sweepsEnded()) >= 2);
    expect(mostAtOnce).toBe(1);
  } finally {
    release();
    await tasks.close();
    const check = new PeriodicTasks('images-housekeeping', redisUrl, []);
    await check.queue.obliterate({ force: true });
    await check.close();
  }
});
