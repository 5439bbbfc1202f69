import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Worker, type Job, type Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { GenerationJob, GenerationJobResult } from '@trendforge/contracts';
import type { Redis } from 'ioredis';
import { queueWorkerModule, REDIS, type Bus } from '@trendforge/platform';
import { createTestEnvironment, freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { loadGenerationWorkerConfig } from '../../generation-worker/src/config.js';
import { GenerationProcessor, IMAGE_PROVIDER } from '../../generation-worker/src/generation.processor.js';
import { createImageProvider, type ImageProvider } from '../../generation-worker/src/providers.js';

/** The images service with its real neighbours (trends, billing) on one suite's database, Redis namespace and bus. */
export interface ImagesStack {
  environment: TestEnvironment;
  storageDir: string;
  images: ServiceUnderTest;
  /** The billing service (a test may stop it: `billing.close()`). */
  billing: ServiceUnderTest;
  /** Starts another images replica on the same database, Redis and bus (closed with the stack). */
  anotherImages(): Promise<ServiceUnderTest>;
  bus: Bus;
  queue: Queue<GenerationJob, GenerationJobResult>;
  /**
   * A BullMQ worker on the suite's generation queue (closed with the stack). Workers of one queue
   * share one stalled-check schedule, so a suite's workers should share `lockMs` (default 1 s).
   */
  worker(process: (job: Job<GenerationJob, GenerationJobResult>) => Promise<GenerationJobResult>, options?: { lockMs?: number; maxStalledCount?: number }): Worker<GenerationJob, GenerationJobResult>;
  /**
   * A generation worker as generation-worker's main.ts builds it (its generation consumer), on the
   * stack's queue and storage; `provider` replaces the image provider its config would pick.
   */
  generationWorker(options?: { provider?: ImageProvider; env?: Record<string, string> }): Promise<INestApplicationContext>;
  /** What billing recorded for a generation: charged, and whether refunded. */
  charge(generationId: string): Promise<{ credits: number; refunded: boolean } | null>;
  sql<T>(query: string, parameters?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function startImagesStack(label: string, extraEnv: Record<string, string> = {}): Promise<ImagesStack> {
  const environment = await createTestEnvironment(label);
  const storageDir = await mkdtemp(path.join(os.tmpdir(), `tf-${label}-`));
  const env = { ...environment.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, ...extraEnv };
  // Each service as its own role; the test's own reads and writes (any schema) as the admin.
  const imagesEnv = { ...env, DATABASE_URL: environment.db.serviceUrl('images') };
  const [{ ImagesModule }, { loadImagesConfig }, { TrendsModule }, { loadTrendsConfig }, { BillingModule }, { loadBillingConfig }, platform] = await Promise.all([
    import('../src/images.module.js'), import('../src/config.js'),
    import('../../trends/src/trends.module.js'), import('../../trends/src/config.js'),
    import('../../billing/src/billing.module.js'), import('../../billing/src/config.js'),
    import('@trendforge/platform'),
  ]);
  const services = await Promise.all([
    startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...env, DATABASE_URL: environment.db.serviceUrl('trends'), PREVIEW_WARMUP: 'false' })), environment.natsUrl),
    startServiceUnderTest(BillingModule.forRoot(loadBillingConfig({ ...env, DATABASE_URL: environment.db.serviceUrl('billing') })), environment.natsUrl),
    startServiceUnderTest(ImagesModule.forRoot(loadImagesConfig(imagesEnv)), environment.natsUrl),
  ]);
  const images = services[2];
  const redisUrl = env.REDIS_URL;
  const queue = platform.createQueue('generation', redisUrl);
  const workers: Worker[] = [];
  const workerApps: INestApplicationContext[] = [];
  const admin = await new DataSource({ type: 'postgres', url: environment.db.url, extra: { max: 4 } }).initialize();
  const sql = <T>(query: string, parameters: unknown[] = []) => admin.query(query, parameters) as Promise<T[]>;
  return {
    environment,
    storageDir,
    images,
    billing: services[1],
    async anotherImages() {
      const replica = await startServiceUnderTest(ImagesModule.forRoot(loadImagesConfig(imagesEnv)), environment.natsUrl);
      services.push(replica);
      return replica;
    },
    bus: images.bus,
    queue,
    worker(process, { lockMs = 1000, maxStalledCount = 1 } = {}) {
      const worker = new Worker<GenerationJob, GenerationJobResult>('generation', process, {
        connection: platform.queueConnection(redisUrl), prefix: platform.busNamespace(),
        lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount,
      });
      worker.on('error', () => undefined);
      workers.push(worker);
      return worker;
    },
    async generationWorker({ provider, env: workerEnv = {} } = {}) {
      const config = loadGenerationWorkerConfig({ ...env, WORKER_LOCK_MS: '1000', WORKER_CONCURRENCY: '1', HEALTH_PORT: String(await freePort()), ...workerEnv });
      const app = await NestFactory.createApplicationContext(queueWorkerModule({
        module: GenerationWorkerUnderTest, name: 'generation-worker', config, consumer: GenerationProcessor,
        providers: [provider ? { provide: IMAGE_PROVIDER, useValue: provider } : { provide: IMAGE_PROVIDER, useFactory: (redis: Redis) => createImageProvider(config, redis), inject: [REDIS] }],
      }), { logger: false });
      await app.init();
      // Closed by a test or else with the stack: once.
      const close = app.close.bind(app);
      let closed: Promise<void> | undefined;
      app.close = () => (closed ??= close());
      workerApps.push(app);
      return app;
    },
    async charge(generationId) {
      const [row] = await sql<{ credits: number; refunded_at: Date | null }>('SELECT "credits", "refunded_at" FROM "billing"."charges" WHERE "generation_id" = $1', [generationId]);
      return row ? { credits: row.credits, refunded: row.refunded_at !== null } : null;
    },
    sql,
    async close() {
      for (const app of workerApps) await app.close();
      await Promise.all(workers.map((worker) => worker.close(true)));
      await queue.close();
      for (const service of services.reverse()) await service.close();
      await admin.destroy();
      await environment.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

@Module({})
class GenerationWorkerUnderTest {}

/** Polls `read` until `done` holds (bounded): for outcomes that other processes bring about. */
/**
 * A generation's job once BullMQ has finished it: the worker reports the creation before its job
 * completes, so a test reading the job right after the generation ended may find it still active.
 */
export function finishedJob(queue: Queue<GenerationJob, GenerationJobResult>, id: string): Promise<Job<GenerationJob, GenerationJobResult> | undefined> {
  return eventually(() => queue.getJob(id), (job) => Boolean(job?.finishedOn));
}

export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, { tries = 300, everyMs = 100 } = {}): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
