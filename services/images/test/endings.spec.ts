import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { GenerationFailure, StorageKeys, type GenerationJobResult } from '@trendforge/contracts';
import { STORAGE, type Bus, type ObjectStorage } from '@trendforge/platform';
import { GenerationSweeper } from '../src/sweeper.js';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

const DeadlineMs = 10 * 60_000;

/**
 * Every accepted generation ends completed or refunded, once: failures the queue gives up on
 * (stalled jobs included, with their worker dead), reports that got lost, jobs that vanished.
 */
describe('images service: how generations end', () => {
  let stack: ImagesStack;
  let bus: Bus;
  let sweeper: GenerationSweeper;

  beforeAll(async () => {
    stack = await startImagesStack('images-endings', { GENERATION_DEADLINE_MS: String(DeadlineMs) });
    ({ bus } = stack);
    sweeper = stack.images.app.get(GenerationSweeper);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A member with 3 credits asks for a ghibli image (3 credits): a double refund would show as 6. */
  const premium = async () => {
    const userId = randomUUID();
    const generation = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: `a valley ${randomUUID()}` });
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 0, monthlyUsage: 1 }));
    return { userId, id: generation.id };
  };
  const state = (id: string, userId: string) => bus.send('images.generation.get', { id, userId });
  const ended = (id: string, userId: string) => eventually(() => state(id, userId), (g) => g.status === 'completed' || g.status === 'failed');
  const credits = async (userId: string) => (await bus.send('billing.account', { userId })).credits;
  const result = (userId: string, id: string): GenerationJobResult => ({
    resultKey: `results/${userId}/${id}.png`, thumbnailKey: `thumbnails/${userId}/${id}.webp`, caption: 'Created in Ghibli style with TrendForge', engine: 'studio',
  });

  test('a job failing for good is failed with its reason and refunded once, without a worker reporting it', async () => {
    const { userId, id } = await premium();
    const worker = stack.worker(async () => { throw new UnrecoverableError(GenerationFailure.contentPolicy); });
    try {
      expect(await ended(id, userId)).toEqual(expect.objectContaining({ status: 'failed', failureReason: GenerationFailure.contentPolicy }));
      expect(await eventually(() => stack.charge(id), (c) => c?.refunded === true)).toEqual({ credits: 3, refunded: true });
      expect(await credits(userId)).toBe(3);
      expect((await stack.queue.getJob(id))?.attemptsMade).toBe(1);
    } finally {
      await worker.close();
    }
  });

  test('a job whose worker died mid-render is failed by BullMQ as stalled, and refunded once', async () => {
    const { userId, id } = await premium();
    let taken = false;
    const doomed = stack.worker(async () => {
      taken = true;
      return new Promise<GenerationJobResult>(() => undefined); // never finishes
    }, { maxStalledCount: 0 });
    await eventually(async () => taken, Boolean);
    // The worker "dies": no more lock renewals, no answer, ever.
    await doomed.close(true);

    const rendered: string[] = [];
    const survivor = stack.worker(async (job) => {
      rendered.push(job.id!);
      return result(userId, id);
    }, { maxStalledCount: 0 });
    try {
      expect(await ended(id, userId)).toEqual(expect.objectContaining({ status: 'failed', failureReason: GenerationFailure.highDemand }));
      expect((await stack.queue.getJob(id))?.failedReason).toMatch(/stalled/);
      expect(await eventually(() => stack.charge(id), (c) => c?.refunded === true)).toEqual({ credits: 3, refunded: true });
      expect(await credits(userId)).toBe(3);
      expect(rendered).not.toContain(id);
      expect(await bus.send('images.list', { userId })).toEqual([]);
    } finally {
      await survivor.close();
    }
  });

  test('the sweeper records a completion whose report was lost, from the job\'s result', async () => {
    const { userId, id } = await premium();
    const worker = stack.worker(async (job) => result(job.data.userId, job.data.generationId));
    try {
      await eventually(async () => (await stack.queue.getJob(id))?.finishedOn, Boolean);
    } finally {
      await worker.close();
    }
    expect((await state(id, userId)).status).toBe('queued'); // nobody reported it

    await sweeper.sweep(Date.now() + 2 * 60_000);
    expect(await state(id, userId)).toEqual(expect.objectContaining({ status: 'completed' }));
    expect(await bus.send('images.list', { userId })).toEqual([expect.objectContaining({ id, resultKey: `results/${userId}/${id}.png` })]);
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: false });
  });

  test('the sweeper fails and refunds a generation whose job vanished', async () => {
    const { userId, id } = await premium();
    await stack.queue.remove(id);
    await sweeper.sweep(Date.now() + 2 * 60_000);
    expect(await state(id, userId)).toEqual(expect.objectContaining({ status: 'failed', failureReason: GenerationFailure.highDemand }));
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: true });
    expect(await credits(userId)).toBe(3);
  });

  test('the sweeper leaves a waiting generation alone until its deadline, then drops the job, refunds it and deletes its preview', async () => {
    const { userId, id } = await premium();
    await sweeper.sweep(Date.now() + 2 * 60_000);
    expect((await state(id, userId)).status).toBe('queued');
    // A preview an earlier run of the job stored before it was put back.
    const storage = stack.images.app.get(STORAGE) as ObjectStorage;
    await storage.put(StorageKeys.preview(userId, id), Buffer.from('half a picture'), 'image/jpeg');

    await sweeper.sweep(Date.now() + DeadlineMs + 60_000);
    expect(await state(id, userId)).toEqual(expect.objectContaining({ status: 'failed' }));
    expect(await stack.queue.getJob(id)).toBeUndefined();
    expect(await storage.exists(StorageKeys.preview(userId, id))).toBe(false);
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: true });
    expect(await credits(userId)).toBe(3);
  });

  test('the sweeper finishes a refund that billing never answered, once', async () => {
    const { userId, id } = await premium();
    // As if billing was down when the failure was recorded.
    await stack.sql(`UPDATE "images"."generations" SET "status" = 'failed', "failure_reason" = $2 WHERE "id" = $1`, [id, GenerationFailure.network]);
    await stack.queue.remove(id);
    await sweeper.sweep();
    await sweeper.sweep();
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: true });
    expect(await credits(userId)).toBe(3);
    const [row] = await stack.sql<{ refunded_at: Date | null }>('SELECT "refunded_at" FROM "images"."generations" WHERE "id" = $1', [id]);
    expect(row.refunded_at).toBeInstanceOf(Date);
  });

  test('the ledger balances: every charge is a creation or a refund, never both', async () => {
    const [{ charged, refunded, created, both }] = await stack.sql<{ charged: number; refunded: number; created: number; both: number }>(`
      SELECT count(*)::int AS charged,
             count(c.refunded_at)::int AS refunded,
             count(i.id)::int AS created,
             count(*) FILTER (WHERE c.refunded_at IS NOT NULL AND i.id IS NOT NULL)::int AS both
        FROM "billing"."charges" c LEFT JOIN "images"."creations" i ON i.id = c.generation_id`);
    expect(charged).toBeGreaterThan(0);
    expect(both).toBe(0);
    expect(created + refunded).toBe(charged);
  });
});
