import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { generationEtaSeconds, type GenerationJobResult, type GenerationQueueSnapshot } from '@trendforge/contracts';
import { generationQueueChannel, REDIS, type Bus } from '@trendforge/platform';
import { GenerationQueueWatch } from '../src/generation-queue.js';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

/** Priority processing, and the queue's order and pace pushed to gateways as it moves. */
describe('images service: the generation queue', () => {
  let stack: ImagesStack;
  let bus: Bus;
  let subscriber: Redis;
  const snapshots: GenerationQueueSnapshot[] = [];

  beforeAll(async () => {
    stack = await startImagesStack('images-queue');
    ({ bus } = stack);
    subscriber = new Redis(stack.environment.redisUrl);
    await subscriber.subscribe(generationQueueChannel());
    subscriber.on('message', (_channel, text: string) => snapshots.push(JSON.parse(text) as GenerationQueueSnapshot));
  });

  afterAll(async () => {
    subscriber?.disconnect();
    await stack?.close();
  });

  const result = (id: string): GenerationJobResult => ({ resultKey: `results/x/${id}.png`, thumbnailKey: `thumbnails/x/${id}.webp`, caption: 'c', engine: 'studio' });
  const latestWaiting = () => snapshots.at(-1)?.waiting ?? null;

  test('pro members go first; each waiting member hears the queue move, with place and ETA', async () => {
    // One worker, one job at a time; each job waits for the test to let it finish.
    const processed: string[] = [];
    const gates = new Map<string, () => void>();
    stack.worker(async (job) => {
      processed.push(job.id!);
      await job.updateProgress(40);
      await new Promise<void>((resolve) => gates.set(job.id!, resolve));
      return result(job.id!);
    });
    const finish = async (id: string) => {
      await eventually(async () => gates.has(id), Boolean);
      gates.get(id)!();
    };

    const request = (userId: string, userPrompt: string) => bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt });
    const blockerOwner = randomUUID();
    const blocker = await request(blockerOwner, 'the job in hand');
    await eventually(async () => processed.length, (n) => n === 1);
    await bus.send('images.generation.started', { id: blocker.id });
    expect(await eventually(() => bus.send('images.generation.get', { id: blocker.id, userId: blockerOwner }), (g) => g.progress === 40))
      .toEqual(expect.objectContaining({ status: 'active', progress: 40, position: null }));

    const free = randomUUID();
    const pro = randomUUID();
    await bus.send('billing.setPlan', { userId: pro, role: 'pro', actorId: randomUUID() });
    const free1 = await request(free, 'first free');
    const free2 = await request(free, 'second free');
    const pro1 = await request(pro, 'pro, later');
    // Each answer names the place the generation took when it was accepted: a pro's goes ahead of the free ones.
    expect([free1.position, free2.position, pro1.position]).toEqual([0, 1, 0]);

    const order = [pro1.id, free1.id, free2.id];
    expect(await eventually(async () => latestWaiting(), (w) => JSON.stringify(w) === JSON.stringify(order))).toEqual(order);
    const snapshot = snapshots.at(-1)!;
    expect(snapshot.slots).toBe(1);
    expect(snapshot.averageRenderMs).toBeGreaterThan(0);

    // What a member reads agrees with what was pushed.
    const places = await Promise.all([[pro1.id, pro], [free1.id, free], [free2.id, free]].map(([id, userId]) => bus.send('images.generation.get', { id, userId })));
    expect(places.map((g) => g.position)).toEqual([0, 1, 2]);
    expect(places.map((g) => g.etaSeconds)).toEqual([0, 1, 2].map((position) => generationEtaSeconds(position, snapshot)));
    expect(places[2].etaSeconds!).toBeGreaterThan(places[0].etaSeconds!);

    // The queue moves one job at a time, and every move is pushed.
    await finish(blocker.id);
    expect(await eventually(async () => latestWaiting(), (w) => w?.length === 2)).toEqual([free1.id, free2.id]);
    await finish(pro1.id);
    expect(await eventually(async () => latestWaiting(), (w) => w?.length === 1)).toEqual([free2.id]);
    await finish(free1.id);
    expect(await eventually(async () => latestWaiting(), (w) => w?.length === 0)).toEqual([]);
    await finish(free2.id);

    expect(processed).toEqual([blocker.id, pro1.id, free1.id, free2.id]);
  });

  test('two replicas publishing the one queue push a snapshot once: none repeats the one before it', async () => {
    // A second replica's watch beside the service's own, which keeps publishing every second.
    const other = new GenerationQueueWatch(stack.queue, stack.images.app.get(REDIS) as Redis);
    const from = snapshots.length;
    await other.publish();
    await other.publish();
    // Then the queue changes (its pace), and that change is pushed: everything before it has arrived.
    await stack.queue.setGlobalRateLimit(1, 12_340);
    try {
      await eventually(async () => snapshots.at(-1), (s) => s?.startIntervalMs === 12_340);
      const pushed = snapshots.slice(from).map((snapshot) => JSON.stringify(snapshot));
      expect(pushed.filter((text, i) => i > 0 && text === pushed[i - 1])).toEqual([]);
    } finally {
      await stack.queue.removeGlobalRateLimit();
    }
  });

  test("a member accepted right after the workers learned the provider's pace is told a wait at that pace, not the one published a second before", async () => {
    const watch = stack.images.app.get(GenerationQueueWatch);
    const redis = stack.images.app.get(REDIS) as Redis;
    // A fleet (32 provider calls at once) at OpenAI's tier-1 guess (5 a minute, 10 % margin) ...
    stack.worker(async (job) => result(job.id!));
    await stack.queue.setGlobalConcurrency(32);
    await stack.queue.setGlobalRateLimit(1, 13_200);
    try {
      const published = (await eventually(async () => snapshots.at(-1), (s) => s?.startIntervalMs === 13_200 && s.slots === 32))!;
      expect((await watch.etaAt())(59)).toBe(generationEtaSeconds(59, published));
      // ... learns from the provider's first answer that it refills one request every 1.5 s, and
      // the figures last published (at most a second old) still carry the guess.
      await stack.queue.setGlobalRateLimit(5, 8_250);
      const stats = `${stack.environment.env.BUS_NAMESPACE}:images:generation-queue-stats`;
      await redis.set(stats, JSON.stringify({ averageRenderMs: published.averageRenderMs, slots: published.slots, startIntervalMs: 13_200 }), 'PX', 5000);
      const told = (await watch.etaAt())(59);
      expect(told).toBe(generationEtaSeconds(59, { ...published, startIntervalMs: 1_650 }));
      expect(told).toBeLessThan(generationEtaSeconds(59, published)!);
    } finally {
      await stack.queue.removeGlobalRateLimit();
      await stack.queue.removeGlobalConcurrency();
    }
  });

  test('at a provider the slots are the fleet\'s shared concurrency, not its worker count, so a spike\'s last ETA is not a render per place', async () => {
    // generation-worker's ProviderPace sets this on the queue: provider calls in flight, all workers together.
    await stack.queue.setGlobalConcurrency(8);
    try {
      const snapshot = (await eventually(async () => snapshots.at(-1), (s) => s?.slots === 8))!;
      // What members are told for the 60th place of a spike comes from the same figures.
      const etaAt = await stack.images.app.get(GenerationQueueWatch).etaAt();
      expect(etaAt(59)).toBe(generationEtaSeconds(59, snapshot));
      expect(etaAt(59)).toBeLessThan(generationEtaSeconds(59, { ...snapshot, slots: 1 })!);
    } finally {
      await stack.queue.removeGlobalConcurrency();
    }
  });
});
