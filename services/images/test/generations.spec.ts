import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { StorageKeys, type GenerationJob, type GenerationJobResult } from '@trendforge/contracts';
import { STORAGE, type Bus, type ObjectStorage } from '@trendforge/platform';
import { startImagesStack, type ImagesStack } from './support.js';

/** The generation use case across its real neighbours: trends and billing on the same bus. */
describe('images service: accepting and finishing generations', () => {
  let stack: ImagesStack;
  let bus: Bus;
  let queue: Queue<GenerationJob, GenerationJobResult>;
  let storage: ObjectStorage;

  beforeAll(async () => {
    stack = await startImagesStack('images');
    ({ bus, queue } = stack);
    storage = stack.images.app.get(STORAGE);
  });

  afterAll(async () => {
    await stack?.close();
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
    // The sweeper's deadline (GENERATION_DEADLINE_MS, 15 min by default) from acceptance: the worker fails over before it.
    expect(job?.data.deadlineAt).toBe(Date.parse(generation.createdAt) + 15 * 60_000);
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

  test("the wizard's variation goes to the engine with the job and stays in the render inputs (the 4K export draws it too)", async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', variation: 'minimalist' });
    const job = (await queue.getJob(id))!.data;
    expect(job).toEqual(expect.objectContaining({ variation: 'minimalist', prompt: expect.stringContaining('minimalist composition, clean shapes') }));
    await complete(id, userId);
    expect(await bus.send('images.renderInputs', { id, userId })).toEqual(expect.objectContaining({ variation: 'minimalist' }));

    // Standard is the engine's own look: nothing to draw.
    const plain = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', variation: 'standard' });
    expect((await queue.getJob(plain.id))!.data.variation).toBeUndefined();
  });

  test('styleIntensity goes to the engine with the job and stays in the render inputs; outside 1 to 10 it is refused', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', styleIntensity: 3 });
    expect((await queue.getJob(id))!.data.styleIntensity).toBe(3);
    await complete(id, userId);
    expect(await bus.send('images.renderInputs', { id, userId })).toEqual(expect.objectContaining({ styleIntensity: 3 }));
    for (const styleIntensity of [0, 11, 2.5]) {
      await expect(bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', styleIntensity }))
        .rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'styleIntensity must be a whole number from 1 to 10' });
    }
  });

  test('keeps the render inputs of the queued job, for the owner of the finished creation only', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', {
      userId, trendSlug: 'pixar', userPrompt: 'a fox', vibe: 'dreamy', aspect: '4:5', styleOptions: { exaggerated_eyes: true }, userTraits: ' curly hair, glasses ',
    });
    const job = (await queue.getJob(id))!.data;
    // Not a creation yet: nothing to export.
    await expect(bus.send('images.renderInputs', { id, userId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await complete(id, userId);
    expect(await bus.send('images.renderInputs', { id, userId })).toEqual({
      engine: 'studio', trendSlug: 'pixar', trendName: 'Pixar', userPrompt: 'a fox', vibe: 'dreamy', styleOptions: { exaggerated_eyes: true },
      aspect: '4:5', seed: job.seed, originalKey: null, userTraits: 'curly hair, glasses', variation: null, styleIntensity: null,
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

  test("a failed generation's preview is deleted with the failure, and a deleted creation's preview with the creation", async () => {
    const userId = randomUUID();
    const failing = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a valley' });
    await bus.send('images.generation.started', { id: failing.id });
    // What the worker stores while the picture forms.
    await storage.put(StorageKeys.preview(userId, failing.id), Buffer.from('half a picture'), 'image/jpeg');
    await bus.send('images.generation.failed', { id: failing.id, reason: 'Network error' });
    expect(await storage.exists(StorageKeys.preview(userId, failing.id))).toBe(false);

    // A preview the worker could not remove after the result goes with the creation.
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox' });
    await storage.put(StorageKeys.preview(userId, id), Buffer.from('half a picture'), 'image/jpeg');
    await complete(id, userId);
    expect(await storage.exists(StorageKeys.preview(userId, id))).toBe(true);
    await bus.send('images.delete', { id, userId });
    expect(await storage.exists(StorageKeys.preview(userId, id))).toBe(false);
  });

  test('completion after the generation failed is refused: a refunded generation never becomes a free image', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley' });
    await bus.send('images.generation.failed', { id, reason: 'Network error' });
    await expect(complete(id, userId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bus.send('images.generation.get', { id, userId })).toEqual(expect.objectContaining({ status: 'failed' }));
    expect(await bus.send('images.list', { userId })).toEqual([]);
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: true });
  });

  test('a failure reported after completion changes nothing and refunds nothing', async () => {
    const userId = randomUUID();
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'ghibli', userPrompt: 'a valley' });
    await complete(id, userId);
    expect(await bus.send('images.generation.failed', { id, reason: 'Network error' })).toEqual(expect.objectContaining({ status: 'completed' }));
    expect(await stack.charge(id)).toEqual({ credits: 3, refunded: false });
  });
});
