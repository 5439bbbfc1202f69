import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { decodeMatte } from '@trendforge/imaging';
import { preparePhoto } from '@trendforge/imaging/upload';
import { PhotoMessages, QueueName, StorageKeys, type Photo, type TraitsJob, type TraitsJobResult } from '@trendforge/contracts';
import type { Bus, ObjectStorage } from '@trendforge/platform';
import { createPng, createTestEnvironment, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { eventually } from '../../images/test/support.js';

/**
 * The traits worker as main.ts builds it (TraitsWorkerModule) against the real images service,
 * over the suite's PostgreSQL, Redis, NATS and storage folder: a member's photo is registered,
 * analysed from the `traits` queue, recorded once and pushed to the gateways.
 */
describe('traits worker', () => {
  let environment: TestEnvironment;
  let storageDir: string;
  let images: ServiceUnderTest;
  let worker: INestApplicationContext;
  let bus: Bus;
  let storage: ObjectStorage;
  let queue: Queue<TraitsJob, TraitsJobResult>;
  let subscriber: Redis;
  /** Every photo update the images service published. */
  const updates: Photo[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment('traits');
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-traits-'));
    const env = { ...environment.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
    // Imported after the namespace is set: handlers read it when decorated.
    const [{ ImagesModule }, { loadImagesConfig }, { TraitsWorkerModule }, { loadTraitsWorkerConfig }, platform] = await Promise.all([
      import('../../images/src/images.module.js'), import('../../images/src/config.js'),
      import('../src/worker.module.js'), import('../src/config.js'), import('@trendforge/platform'),
    ]);
    images = await startServiceUnderTest(ImagesModule.forRoot(loadImagesConfig({ ...env, DATABASE_URL: environment.db.serviceUrl('images') })), environment.natsUrl);
    bus = images.bus;
    storage = images.app.get(platform.STORAGE);
    worker = await NestFactory.createApplicationContext(
      TraitsWorkerModule.forRoot(loadTraitsWorkerConfig({ ...env, WORKER_LOCK_MS: '5000' })), { logger: false },
    );
    await worker.init();
    queue = platform.createQueue(QueueName.traits, environment.redisUrl);
    subscriber = platform.createRedis(environment.redisUrl);
    await subscriber.subscribe(platform.photoUpdatesChannel());
    subscriber.on('message', (_channel: string, message: string) => updates.push(JSON.parse(message) as Photo));
  }, 60_000);

  afterAll(async () => {
    await subscriber?.quit();
    await queue?.close();
    await worker?.close();
    await images?.close();
    await environment?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  /** Stores a photo as the gateway does (sanitised, at StorageKeys.photo) and registers it. */
  async function upload(bytes: Buffer | null) {
    const userId = randomUUID();
    const id = randomUUID();
    const key = StorageKeys.photo(userId, id);
    let size = { width: 64, height: 64 };
    if (bytes) {
      const prepared = await preparePhoto(bytes);
      await storage.put(key, prepared.data, prepared.contentType);
      size = { width: prepared.width, height: prepared.height };
    }
    const registered = await bus.send('images.photo.register', { userId, id, key, ...size });
    const ended = () => eventually(() => bus.send('images.photo.get', { id, userId }), (photo) => photo.status !== 'analyzing');
    return { userId, id, key, registered, ended };
  }

  const pushed = (id: string) => updates.filter((update) => update.id === id).map((update) => update.status);

  test('a face photo: analysed from the queue, recorded done with its traits and face, pushed, and the job returns the result', async () => {
    // A portrait shipped inside @vladmandic/face-api (nothing downloaded).
    const sample = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
    const photo = await upload(await readFile(sample));
    expect(photo.registered).toEqual(expect.objectContaining({ id: photo.id, userId: photo.userId, status: 'analyzing', traits: [], faces: null }));
    const job = await queue.getJob(photo.id);
    expect(job?.data).toEqual({ userId: photo.userId, photoId: photo.id, imageKey: photo.key });

    const done = await photo.ended();
    expect(done).toEqual(expect.objectContaining({ status: 'done', failureReason: null }));
    expect(done.faces).toBeGreaterThanOrEqual(1);
    expect(done.traits.length).toBeGreaterThan(0);
    expect(done.traits.every((trait) => typeof trait === 'string' && trait.length > 0)).toBe(true);
    expect(done.face?.box.width).toBeGreaterThan(0);
    expect(done.face?.landmarks).toHaveLength(68);
    // The person's matte beside the photo: the same framing, mostly background with a person in it.
    const matte = await decodeMatte(await storage.get(StorageKeys.matte(photo.key)));
    expect(matte.width / matte.height).toBeCloseTo(done.width / done.height, 1);
    const person = matte.alpha.filter((a) => a > 128).length / matte.alpha.length;
    expect(person).toBeGreaterThan(0.05);
    expect(person).toBeLessThan(0.6);

    const finished = await eventually(() => queue.getJob(photo.id), (j) => Boolean(j?.returnvalue));
    expect(finished?.returnvalue).toEqual(expect.objectContaining({ traits: done.traits, faces: done.faces }));
    expect(await eventually(async () => pushed(photo.id), (statuses) => statuses.includes('done'))).toEqual(['analyzing', 'done']);
  }, 120_000);

  test('a photo without a face is done with no face', async () => {
    const photo = await upload(createPng({ width: 96, height: 96, color: [230, 150, 60] }));
    expect(await photo.ended()).toEqual(expect.objectContaining({ status: 'done', faces: 0, face: null }));
    // No person to cut out: no matte.
    await expect(storage.get(StorageKeys.matte(photo.key))).rejects.toThrow();
  });

  test('a photo gone from storage fails at once — one attempt — and its owner is told', async () => {
    const photo = await upload(null);
    expect(await photo.ended()).toEqual(expect.objectContaining({ status: 'failed', failureReason: PhotoMessages.analysisFailed, traits: [] }));
    expect((await queue.getJob(photo.id))?.attemptsMade).toBe(1);
    expect(await eventually(async () => pushed(photo.id), (statuses) => statuses.includes('failed'))).toEqual(['analyzing', 'failed']);
  });
});

