import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { EXPORT_LONG_SIDE, renderTrend, scaleToLongSide, squareJpeg } from '@trendforge/imaging';
import { STUDIO_ENGINE_VERSION } from '@trendforge/imaging/engine-version';
import { QueueName, StorageKeys, type CreationRenderInputs, type PreviewRenderJob, type RenderJob } from '@trendforge/contracts';
import type { Queue } from 'bullmq';
import {
  createQueue, LocalFolderStorage, RenderFailedError, RenderJobs, RenderTimeoutError, STORAGE, type ObjectStorage,
} from '@trendforge/platform';
import { createTestEnvironment, freePort, type TestEnvironment } from '@trendforge/testing';
import type { RendersProcessor } from '../src/renders.processor.js';

/**
 * The `renders` consumer in the real GenerationWorkerModule (and a second worker replica beside
 * it), fed by RenderJobs as the gateway and the trends service use it (two replicas), over the
 * real Redis; files in a local storage folder.
 */
describe('renders worker', () => {
  let env: TestEnvironment;
  let storageDir: string;
  let storage: ObjectStorage;
  let app: INestApplicationContext;
  let secondWorker: INestApplicationContext;
  let processor: RendersProcessor;
  /** Two request-serving replicas handing renders over. */
  let replicas: RenderJobs[];
  let queue: Queue<RenderJob>;
  /** Every file the worker stored, by key: one entry per render. */
  const written: string[] = [];

  beforeAll(async () => {
    env = await createTestEnvironment('renders');
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-renders-'));
    storage = new LocalFolderStorage(storageDir);
    await storage.ensureReady();
    const { GenerationWorkerModule } = await import('../src/worker.module.js');
    const { RendersProcessor: Processor, RendersWorkerModule } = await import('../src/renders.processor.js');
    const { loadGenerationWorkerConfig } = await import('../src/config.js');
    const config = loadGenerationWorkerConfig({
      ...process.env, ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, HEALTH_PORT: String(await freePort()), OPENAI_API_KEY: '',
    });
    app = await NestFactory.createApplicationContext(GenerationWorkerModule.forRoot(config), { logger: ['error'] });
    secondWorker = await NestFactory.createApplicationContext(RendersWorkerModule.forRoot(config), { logger: ['error'] });
    await Promise.all([app.init(), secondWorker.init()]);
    processor = app.get(Processor);
    replicas = [new RenderJobs(env.redisUrl, storage), new RenderJobs(env.redisUrl, storage)];
    for (const workerStorage of [app.get<ObjectStorage>(STORAGE), secondWorker.get<ObjectStorage>(STORAGE)]) {
      const put = workerStorage.put.bind(workerStorage);
      workerStorage.put = (key, body, contentType) => {
        written.push(key);
        return put(key, body, contentType);
      };
    }
    queue = createQueue(QueueName.renders, env.redisUrl);
  }, 60_000);

  afterAll(async () => {
    await queue?.close();
    for (const replica of replicas ?? []) await replica.onApplicationShutdown();
    await secondWorker?.close();
    await app?.close();
    await env?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  const renders = (key: string) => written.filter((k) => k === key).length;

  const previewJob = (key: string): PreviewRenderJob => ({
    kind: 'preview', key, trendSlug: 'pixel', trendName: 'Pixel Art', prompt: 'Pixel art of a curious fox exploring a sunny city street', seed: 11,
    size: 320, quality: 82, engineVersion: STUDIO_ENGINE_VERSION,
  });

  test('a preview: the studio render as a square JPEG under its versioned key, rendered once for concurrent asks from two replicas', async () => {
    const key = `previews/1-${STUDIO_ENGINE_VERSION}/pixel-example-${randomUUID().slice(0, 8)}.jpg`;
    const job = previewJob(key);
    await Promise.all([0, 1, 0, 1, 1].map((i) => replicas[i].ensure(key, () => job, 60_000)));

    const stored = await storage.get(key);
    const { png } = await renderTrend({ trendSlug: job.trendSlug, trendName: job.trendName, prompt: job.prompt, seed: job.seed, aspect: '1:1' });
    expect(stored.equals(await squareJpeg(png, 320, 82))).toBe(true);
    expect(await sharp(stored).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: 320, height: 320 }));
    expect(renders(key)).toBe(1);

    // Stored: asking again renders nothing.
    await replicas[1].ensure(key, () => job, 60_000);
    expect(renders(key)).toBe(1);
  }, 120_000);

  test('a 4K export: the creation rendered again at 3840 px from its inputs (its variation too), once for concurrent downloads', async () => {
    const userId = randomUUID();
    const id = randomUUID();
    const inputs: CreationRenderInputs = {
      engine: 'studio', trendSlug: 'comic', trendName: 'Comic Book', userPrompt: 'a brave fox astronaut', vibe: null,
      styleOptions: null, aspect: '16:9', seed: 5, originalKey: null, userTraits: null, variation: 'artistic', styleIntensity: null,
    };
    const result = (await renderTrend({ trendSlug: 'comic', trendName: 'Comic Book', prompt: inputs.userPrompt, seed: 5, aspect: '16:9', variation: 'artistic' })).png;
    const resultKey = StorageKeys.result(userId, id);
    await storage.put(resultKey, result, 'image/png');
    const key = StorageKeys.export4k(userId, id);

    await Promise.all([0, 1, 1, 0].map((i) => replicas[i].ensure(key, () => ({ kind: 'export4k', key, resultKey, inputs }), 120_000)));

    const exported = await storage.get(key);
    expect(await sharp(exported).metadata()).toEqual(expect.objectContaining({ format: 'png', width: EXPORT_LONG_SIDE, height: 2160 }));
    expect(renders(key)).toBe(1);
    // The same creation, not another: scaled down it matches the stored result closely.
    const [small, stored] = await Promise.all([exported, result].map((image) => sharp(image).resize(240, 135).raw().toBuffer()));
    let diff = 0;
    for (let i = 0; i < small.length; i++) diff += Math.abs(small[i] - stored[i]);
    expect(diff / small.length).toBeLessThan(12);
  }, 180_000);

  test('a creation the engine cannot render again (another engine) is its result scaled to 4K', async () => {
    const userId = randomUUID();
    const id = randomUUID();
    const result = (await renderTrend({ trendSlug: 'clay', trendName: 'Clay', prompt: 'a cat', seed: 2, longSide: 512 })).png;
    const resultKey = StorageKeys.result(userId, id);
    await storage.put(resultKey, result, 'image/png');
    const key = StorageKeys.export4k(userId, id);
    const inputs: CreationRenderInputs = {
      engine: 'openai', trendSlug: 'clay', trendName: 'Clay', userPrompt: 'a cat', vibe: null, styleOptions: null, aspect: null, seed: null, originalKey: null, userTraits: null, variation: null, styleIntensity: null,
    };
    await replicas[0].ensure(key, () => ({ kind: 'export4k', key, resultKey, inputs }), 120_000);
    expect((await storage.get(key)).equals(await scaleToLongSide(result, EXPORT_LONG_SIDE))).toBe(true);
  }, 120_000);

  test('a failed render is reported to every waiter and rendered afresh when asked again', async () => {
    const userId = randomUUID();
    const id = randomUUID();
    const resultKey = StorageKeys.result(userId, id);
    const key = StorageKeys.export4k(userId, id);
    const inputs: CreationRenderInputs = {
      engine: 'openai', trendSlug: 'clay', trendName: 'Clay', userPrompt: 'a cat', vibe: null, styleOptions: null, aspect: null, seed: null, originalKey: null, userTraits: null, variation: null, styleIntensity: null,
    };
    const job = () => ({ kind: 'export4k' as const, key, resultKey, inputs });
    // No stored result to scale: the worker fails the job.
    const failures = await Promise.all(replicas.map((replica) => replica.ensure(key, job, 60_000).then(() => null, (error: unknown) => error)));
    for (const failure of failures) expect(failure).toBeInstanceOf(RenderFailedError);
    expect(await storage.exists(key)).toBe(false);

    await storage.put(resultKey, (await renderTrend({ trendSlug: 'clay', trendName: 'Clay', prompt: 'a cat', seed: 3, longSide: 256 })).png, 'image/png');
    await replicas[1].ensure(key, job, 60_000);
    expect(await storage.exists(key)).toBe(true);
  }, 120_000);

  test('a wait that ends before the render is a timeout; the render goes on and a later ask finds the file', async () => {
    // Paused for every worker: the job waits until resumed.
    await queue.pause();
    const key = `previews/1-${STUDIO_ENGINE_VERSION}/pixel-preview-${randomUUID().slice(0, 8)}.jpg`;
    try {
      await expect(replicas[0].ensure(key, () => previewJob(key), 300)).rejects.toBeInstanceOf(RenderTimeoutError);
      expect(await storage.exists(key)).toBe(false);
    } finally {
      await queue.resume();
    }
    await replicas[1].ensure(key, () => previewJob(key), 60_000);
    expect(await storage.exists(key)).toBe(true);
    expect(renders(key)).toBe(1);
  }, 120_000);

  test('the renders consumer runs beside the generation consumer', async () => {
    const { GenerationProcessor } = await import('../src/generation.processor.js');
    expect([processor.isRunning(), app.get(GenerationProcessor).isRunning()]).toEqual([true, true]);
  });
});
