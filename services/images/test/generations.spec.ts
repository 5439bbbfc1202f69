import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import { createTestEnvironment, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import type { Bus } from '@trendforge/platform';

/** The generation use case across its real neighbours: trends and billing on the same bus. */
describe('images service: accepting and finishing generations', () => {
  let environment: TestEnvironment;
  let storageDir: string;
  let services: ServiceUnderTest[] = [];
  let bus: Bus;
  let queue: Queue;

  beforeAll(async () => {
    environment = await createTestEnvironment('images');
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-images-'));
    const env = { ...environment.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
    const [{ ImagesModule }, { loadImagesConfig }, { TrendsModule }, { loadTrendsConfig }, { BillingModule }, { loadBillingConfig }, { createQueue }] = await Promise.all([
      import('../src/images.module.js'), import('../src/config.js'),
      import('../../trends/src/trends.module.js'), import('../../trends/src/config.js'),
      import('../../billing/src/billing.module.js'), import('../../billing/src/config.js'),
      import('@trendforge/platform'),
    ]);
    services = await Promise.all([
      startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig(env)), environment.redisUrl),
      startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(env)), environment.redisUrl),
      startServiceUnderTest(ImagesModule.forRoot(loadImagesConfig(env)), environment.redisUrl),
    ]);
    bus = services[2].bus;
    queue = createQueue('generation', environment.redisUrl);
  });

  afterAll(async () => {
    await queue?.close();
    await Promise.all(services.map((s) => s.close()));
    await environment?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const complete = (id: string, userId: string) => bus.send('images.generation.completed', {
    id, resultKey: `results/${userId}/${id}.png`, thumbnailKey: `thumbnails/${userId}/${id}.webp`, caption: 'Created in Pixar style with TrendForge', engine: 'studio',
  });

  test('accepts: charges the allowance, records the generation and enqueues a job whose id is the generation id', async () => {
    const userId = randomUUID();
    const generation = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: '  a fox  ' });
    expect(generation).toEqual(expect.objectContaining({ userId, trendSlug: 'pixar', status: 'queued', userPrompt: 'a fox', position: expect.any(Number) }));
    expect(generation.prompt).toContain('a fox');
    const job = await queue.getJob(generation.id);
    expect(job?.data).toEqual(expect.objectContaining({ generationId: generation.id, userId, trendSlug: 'pixar', trendName: 'Pixar', userPrompt: 'a fox' }));
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ monthlyUsage: 1, credits: 3 }));
  });

  test('refuses a blank prompt, an unknown trend and a premium trend without credits — charging nothing', async () => {
    const userId = randomUUID();
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: '   ' }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Please enter a text prompt to generate an image' });
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'nope', userPrompt: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await bus.send('billing.setPlan', { userId, credits: 2, actorId: randomUUID() });
    await expect(bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley' }))
      .rejects.toMatchObject({ code: 'PAYMENT_REQUIRED', message: 'You need 3 credits for this premium style (you have 2)' });
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ monthlyUsage: 0, credits: 2 }));
  });

  test('completion records the creation once, for its owner only', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a robot' });
    await bus.send('images.generation.started', { id });
    const creation = await complete(id, userId);
    expect(await complete(id, userId)).toEqual(creation);
    expect(await bus.send('images.generation.get', { id, userId })).toEqual(expect.objectContaining({ status: 'completed', progress: 100, engine: 'studio' }));
    expect(await bus.send('images.list', { userId })).toEqual([creation]);

    const stranger = randomUUID();
    for (const pattern of ['images.get', 'images.favorite', 'images.delete', 'images.generation.get'] as const) {
      await expect(bus.send(pattern, { id, userId: stranger })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await bus.send('images.list', { userId: stranger })).toEqual([]);
    expect(await bus.send('images.favorite', { id, userId })).toEqual(expect.objectContaining({ isFavorite: true }));
    expect(await bus.send('images.get', { id, userId })).toEqual(expect.objectContaining({ isFavorite: true }));
  });

  test('keeps the render inputs of the queued job, for the owner of the finished creation only', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', {
      userId, trendSlug: 'pixar', userPrompt: 'a fox', vibe: 'dreamy', aspect: '4:5', styleOptions: { exaggerated_eyes: true }, originalKey: `originals/${userId}/p.png`,
    });
    const job = (await queue.getJob(id))!.data;
    // Not a creation yet: nothing to export.
    await expect(bus.send('images.renderInputs', { id, userId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await complete(id, userId);
    expect(await bus.send('images.renderInputs', { id, userId })).toEqual({
      engine: 'studio', trendSlug: 'pixar', trendName: 'Pixar', userPrompt: 'a fox', vibe: 'dreamy', styleOptions: { exaggerated_eyes: true },
      aspect: '4:5', seed: job.seed, originalKey: `originals/${userId}/p.png`,
    });
    await expect(bus.send('images.renderInputs', { id, userId: randomUUID() })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Image Not Found' });
  });

  test('a failed generation gives its credits and allowance back exactly once', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley' });
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 0, monthlyUsage: 1 }));
    const failed = await bus.send('images.generation.failed', { id, reason: 'Network error' });
    expect(failed).toEqual(expect.objectContaining({ status: 'failed', failureReason: 'Network error' }));
    await bus.send('images.generation.failed', { id, reason: 'Network error' });
    expect(await bus.send('billing.account', { userId })).toEqual(expect.objectContaining({ credits: 3, monthlyUsage: 0 }));
    expect(await bus.send('images.list', { userId })).toEqual([]);
  });
});
