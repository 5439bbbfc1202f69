import { randomUUID } from 'node:crypto';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { preparePhoto } from '@trendforge/imaging/upload';
import {
  PhotoMessages, QueueName, StorageKeys, type GenerationJobResult, type Photo, type PhotoFace, type TraitsJob, type TraitsJobResult,
} from '@trendforge/contracts';
import {
  busNamespace, createRedis, photoUpdatesChannel, queueConnection, STORAGE, type Bus, type ObjectStorage,
} from '@trendforge/platform';
import { createPng } from '@trendforge/testing';
import { PhotosService, TRAITS_QUEUE, type TraitsQueue } from '../src/photos.service.js';
import { GenerationSweeper } from '../src/sweeper.js';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

const face: PhotoFace = {
  box: { left: 20, top: 16, width: 40, height: 48 }, landmarks: [{ x: 30, y: 30 }, { x: 50, y: 30 }], age: 31, gender: 'female', expression: 'happy',
};
const analysis: TraitsJobResult = { traits: ['brown hair', 'smiling face'], faces: 1, note: null, dominantColour: '#a07850', face };

/**
 * Personalisation in the images service against its real neighbours (trends, billing, PostgreSQL,
 * Redis, NATS, BullMQ): photos registered, analysed, failed and expired, and generations made
 * with a photo. Tests that run traits workers come last: a worker takes every waiting job.
 */
describe('images service: photos and personalised generations', () => {
  let stack: ImagesStack;
  let bus: Bus;
  let storage: ObjectStorage;
  let traitsQueue: TraitsQueue;
  let subscriber: Redis;
  const updates: Photo[] = [];
  const traitsWorkers: Worker[] = [];

  beforeAll(async () => {
    stack = await startImagesStack('photos');
    bus = stack.bus;
    storage = stack.images.app.get(STORAGE);
    traitsQueue = stack.images.app.get(TRAITS_QUEUE);
    subscriber = createRedis(stack.environment.redisUrl);
    await subscriber.subscribe(photoUpdatesChannel());
    subscriber.on('message', (_channel: string, message: string) => updates.push(JSON.parse(message) as Photo));
  });

  afterAll(async () => {
    await Promise.all(traitsWorkers.map((worker) => worker.close(true)));
    await subscriber?.quit();
    await stack?.close();
  });

  /** A member's photo as the gateway leaves it: sanitised JPEG at StorageKeys.photo, then registered. */
  async function upload(userId = randomUUID()) {
    const id = randomUUID();
    const key = StorageKeys.photo(userId, id);
    const prepared = await preparePhoto(createPng({ width: 80, height: 96, color: [180, 140, 110] }));
    await storage.put(key, prepared.data, prepared.contentType);
    const photo = await bus.send('images.photo.register', { userId, id, key, width: prepared.width, height: prepared.height });
    return { userId, id, key, photo, bytes: prepared.data };
  }

  const pushed = (id: string) => updates.filter((update) => update.id === id).map((update) => update.status);
  /**
   * Resolves when every push the service made before now has reached the subscriber: the service
   * answers only after Redis ran its PUBLISH, so a marker published here afterwards arrives after them.
   */
  async function pushesDelivered() {
    const marker = randomUUID();
    const publisher = createRedis(stack.environment.redisUrl);
    try {
      await publisher.publish(photoUpdatesChannel(), JSON.stringify({ id: marker, status: 'marker' }));
    } finally {
      await publisher.quit();
    }
    await eventually(async () => pushed(marker), (statuses) => statuses.length > 0);
  }
  const get = (id: string, userId: string) => bus.send('images.photo.get', { id, userId });
  const ended = (id: string, userId: string) => eventually(() => get(id, userId), (photo) => photo.status !== 'analyzing');

  /** A BullMQ worker on the suite's traits queue standing in for traits-worker (closed with the suite). */
  function traitsWorker(process: (job: Job<TraitsJob, TraitsJobResult>) => Promise<TraitsJobResult>, maxStalledCount = 1) {
    const worker = new Worker<TraitsJob, TraitsJobResult>(QueueName.traits, process, {
      connection: queueConnection(stack.environment.redisUrl), prefix: busNamespace(), lockDuration: 1000, stalledInterval: 1000, maxStalledCount,
    });
    worker.on('error', () => undefined);
    traitsWorkers.push(worker);
    return worker;
  }

  test('register records the photo as analysing, queues its traits job under the photo id, and pushes it', async () => {
    const { userId, id, key, photo } = await upload();
    expect(photo).toEqual(expect.objectContaining({
      id, userId, key, status: 'analyzing', traits: [], faces: null, note: null, failureReason: null, face: null,
    }));
    const job = await traitsQueue.getJob(id);
    expect(job?.data).toEqual({ userId, photoId: id, imageKey: key });
    expect(job?.opts).toEqual(expect.objectContaining({ attempts: 3, backoff: expect.objectContaining({ type: 'exponential' }) }));
    expect(await eventually(async () => pushed(id), (statuses) => statuses.length > 0)).toEqual(['analyzing']);
    expect(await get(id, userId)).toEqual(photo);
  });

  test('register is idempotent by id: one row, one job, and once analysed it answers the traits', async () => {
    const { userId, id, key, photo } = await upload();
    const job = await traitsQueue.getJob(id);
    expect(await bus.send('images.photo.register', { userId, id, key, width: photo.width, height: photo.height })).toEqual(photo);
    expect((await traitsQueue.getJob(id))?.timestamp).toBe(job?.timestamp);

    const done = await bus.send('images.photo.analysed', { id, result: analysis });
    expect(done).toEqual(expect.objectContaining({ id, status: 'done', traits: analysis.traits, faces: 1, face, note: null }));
    // A repeat records nothing new.
    expect(await bus.send('images.photo.analysed', { id, result: { ...analysis, traits: ['bald'], faces: 3 } })).toEqual(done);
    expect(await bus.send('images.photo.register', { userId, id, key, width: photo.width, height: photo.height })).toEqual(done);
    expect(await get(id, userId)).toEqual(done);
    await eventually(async () => pushed(id), (statuses) => statuses.includes('done'));
    await pushesDelivered();
    expect(pushed(id).filter((status) => status === 'done')).toHaveLength(1);
    const [{ count }] = await stack.sql<{ count: number }>('SELECT count(*)::int AS count FROM "images"."photos" WHERE "id" = $1', [id]);
    expect(count).toBe(1);
  });

  test('another member can neither register nor read a photo id that is not theirs; a key elsewhere is refused', async () => {
    const { userId, id, photo } = await upload();
    const stranger = randomUUID();
    const notFound = { code: 'NOT_FOUND', message: PhotoMessages.notFound };
    await expect(bus.send('images.photo.register', { userId: stranger, id, key: StorageKeys.photo(stranger, id), width: 10, height: 10 }))
      .rejects.toMatchObject(notFound);
    await expect(get(id, stranger)).rejects.toMatchObject(notFound);
    await expect(get('not-a-uuid', userId)).rejects.toMatchObject(notFound);
    await expect(get(randomUUID(), userId)).rejects.toMatchObject(notFound);
    const other = randomUUID();
    await expect(bus.send('images.photo.register', { userId: stranger, id: other, key: StorageKeys.photo(userId, other), width: 10, height: 10 }))
      .rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await get(id, userId)).toEqual(photo);
  });

  test('a generation naming another member\'s photo is not found: nothing recorded, nothing charged', async () => {
    const { id } = await upload();
    const member = randomUUID();
    await expect(bus.send('images.generation.request', { userId: member, trendSlug: 'ghibli', userPrompt: 'a valley', photoId: id }))
      .rejects.toMatchObject({ code: 'NOT_FOUND', message: PhotoMessages.notFound });
    await expect(bus.send('images.generation.request', { userId: member, trendSlug: 'pixar', userPrompt: 'a fox', photoId: 'nope' }))
      .rejects.toMatchObject({ code: 'NOT_FOUND', message: PhotoMessages.notFound });
    const [{ count }] = await stack.sql<{ count: number }>('SELECT count(*)::int AS count FROM "images"."generations" WHERE "user_id" = $1', [member]);
    expect(count).toBe(0);
    expect(await bus.send('billing.account', { userId: member })).toEqual(expect.objectContaining({ credits: 3, monthlyUsage: 0 }));
  });

  test('a generation with the member\'s own photo: the job carries photo, face and traits; the creation keeps its own copy, which delete removes', async () => {
    const { userId, id, key, bytes } = await upload();
    await bus.send('images.photo.analysed', { id, result: analysis });
    const generation = await bus.send('images.generation.request', {
      userId, trendSlug: 'pixar', userPrompt: 'a fox', photoId: id, userTraits: 'brown hair, glasses', variation: 'detailed',
    });
    const job = (await stack.queue.getJob(generation.id))!.data;
    expect(job).toEqual(expect.objectContaining({ originalKey: key, face, userTraits: 'brown hair, glasses', userPrompt: 'a fox' }));
    expect(job.prompt).toContain('highly detailed');
    const [row] = await stack.sql<{ photo_id: string; user_traits: string; variation: string }>(
      'SELECT "photo_id", "user_traits", "variation" FROM "images"."generations" WHERE "id" = $1', [generation.id],
    );
    expect(row).toEqual({ photo_id: id, user_traits: 'brown hair, glasses', variation: 'detailed' });

    const worker = await stack.generationWorker();
    try {
      const finished = await eventually(() => bus.send('images.generation.get', { id: generation.id, userId }), (g) => g.status !== 'queued' && g.status !== 'active');
      expect(finished.status).toBe('completed');
    } finally {
      await worker.close();
    }
    const copy = StorageKeys.original(userId, generation.id, 'jpg');
    expect(await bus.send('images.get', { id: generation.id, userId })).toEqual(expect.objectContaining({
      originalKey: copy, prompt: 'a fox | Person traits: brown hair, glasses',
    }));
    expect((await storage.get(copy)).equals(bytes)).toBe(true);
    expect(await bus.send('images.renderInputs', { id: generation.id, userId })).toEqual(expect.objectContaining({
      engine: 'studio', originalKey: copy, userTraits: 'brown hair, glasses', userPrompt: 'a fox',
    }));

    await bus.send('images.delete', { id: generation.id, userId });
    expect(await storage.exists(copy)).toBe(false);
    // The upload is the member's until it expires.
    expect(await storage.exists(key)).toBe(true);
  }, 120_000);

  test('the sweeper records the creation\'s copy from the job\'s result when the worker\'s report was lost', async () => {
    const { userId, id } = await upload();
    const generation = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox', photoId: id });
    const copy = StorageKeys.original(userId, generation.id, 'jpg');
    const result: GenerationJobResult = {
      resultKey: StorageKeys.result(userId, generation.id), thumbnailKey: StorageKeys.thumbnail(userId, generation.id), originalKey: copy,
      caption: 'Created in Pixar style with TrendForge', engine: 'studio',
    };
    const worker = stack.worker(async () => result);
    try {
      await eventually(async () => (await stack.queue.getJob(generation.id))?.finishedOn, Boolean);
    } finally {
      await worker.close();
    }
    await stack.images.app.get(GenerationSweeper).sweep(Date.now() + 2 * 60_000);
    expect(await bus.send('images.get', { id: generation.id, userId })).toEqual(expect.objectContaining({ originalKey: copy }));
  });

  test('the sweep records traits whose report was lost, and deletes photos past retention with their file', async () => {
    const photos = stack.images.app.get(PhotosService);
    const lost = await upload();
    const worker = traitsWorker(async () => analysis);
    try {
      await eventually(async () => (await traitsQueue.getJob(lost.id))?.finishedOn, Boolean);
    } finally {
      await worker.close();
    }
    expect((await get(lost.id, lost.userId)).status).toBe('analyzing'); // nobody reported it
    await photos.sweep(Date.now() + 2 * 60_000);
    expect(await get(lost.id, lost.userId)).toEqual(expect.objectContaining({ status: 'done', traits: analysis.traits, faces: 1 }));

    const old = await upload();
    await stack.sql(`UPDATE "images"."photos" SET "created_at" = now() - interval '8 days' WHERE "id" = $1`, [old.id]);
    // Expired is gone for its owner at once, for generations too.
    await expect(get(old.id, old.userId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(bus.send('images.generation.request', { userId: old.userId, trendSlug: 'pixar', userPrompt: 'a fox', photoId: old.id }))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await photos.sweep()).deleted).toBeGreaterThanOrEqual(1);
    expect(await stack.sql('SELECT 1 FROM "images"."photos" WHERE "id" = $1', [old.id])).toEqual([]);
    expect(await storage.exists(old.key)).toBe(false);
    expect(await storage.exists(lost.key)).toBe(true);
  });

  test('a traits job failing for good marks the photo failed and tells its owner, without a worker reporting it', async () => {
    const { userId, id } = await upload();
    const worker = traitsWorker(async () => { throw new UnrecoverableError('unreadable'); });
    try {
      expect(await ended(id, userId)).toEqual(expect.objectContaining({ status: 'failed', failureReason: PhotoMessages.analysisFailed, traits: [] }));
      expect((await traitsQueue.getJob(id))?.attemptsMade).toBe(1);
      expect(await eventually(async () => pushed(id), (statuses) => statuses.includes('failed'))).toEqual(['analyzing', 'failed']);
    } finally {
      await worker.close();
    }
  });

  test('a traits job whose worker died is failed by BullMQ as stalled, and the photo with it', async () => {
    const { userId, id } = await upload();
    let taken = false;
    const doomed = traitsWorker(async () => {
      taken = true;
      return new Promise<TraitsJobResult>(() => undefined); // never finishes
    }, 0);
    await eventually(async () => taken, Boolean);
    await doomed.close(true); // no more lock renewals, no answer, ever

    const survivor = traitsWorker(async () => analysis, 0);
    try {
      expect(await ended(id, userId)).toEqual(expect.objectContaining({ status: 'failed', failureReason: PhotoMessages.analysisFailed }));
      expect((await traitsQueue.getJob(id))?.failedReason).toMatch(/stalled/);
    } finally {
      await survivor.close();
    }
  });
});
