import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  captionFor, makeThumbnail,
} from '@trendforge/imaging';
import {
  QueueName, StorageKeys, type GenerationJob, type GenerationJobResult,
} from '@trendforge/contracts';
import {
  Bus, busNamespace, publishGenerationUpdate, queueConnection, REDIS, STORAGE, type ObjectStorage,
} from '@trendforge/platform';
import type { GenerationWorkerConfig } from './config.js';
import { failureReason } from './failure.js';
import type { ImageProvider } from './providers.js';

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');
export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

/**
 * Consumes the `generation` queue: render, store result and thumbnail, record the creation.
 * Every step is idempotent (fixed storage keys, creation keyed by the generation id), so a job
 * taken over from a killed worker or retried after a failure finishes the same way.
 */
@Injectable()
export class GenerationProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(GenerationProcessor.name);
  private worker?: Worker<GenerationJob, GenerationJobResult>;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: GenerationWorkerConfig,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: Bus,
  ) {}

  onApplicationBootstrap() {
    this.worker = new Worker<GenerationJob, GenerationJobResult>(QueueName.generation, (job) => this.process(job), {
      connection: queueConnection(this.config.REDIS_URL),
      prefix: busNamespace(),
      concurrency: this.config.WORKER_CONCURRENCY,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: this.config.WORKER_LOCK_MS,
      maxStalledCount: 2,
    });
    this.worker.on('failed', (job, error) => void this.onFailed(job, error));
    this.worker.on('error', (error) => this.log.error({ err: error }, 'worker error'));
    this.log.log({ concurrency: this.config.WORKER_CONCURRENCY, engine: this.provider.engine }, 'generation worker started');
  }

  /** Graceful shutdown: stop taking jobs and let the ones in hand finish. */
  async onApplicationShutdown() {
    await this.worker?.close();
  }

  isRunning(): boolean {
    return this.worker?.isRunning() ?? false;
  }

  async process(job: Job<GenerationJob, GenerationJobResult>): Promise<GenerationJobResult> {
    const data = job.data;
    const generation = await this.bus.send('images.generation.started', { id: data.generationId });
    let lastPublished = 0;
    const onProgress = (percent: number) => {
      const progress = Math.max(0, Math.min(99, Math.round(percent)));
      if (progress - lastPublished < 10) return;
      lastPublished = progress;
      void job.updateProgress(progress);
      void publishGenerationUpdate(this.redis, { ...generation, status: 'active', progress });
    };
    onProgress(10);

    const photo = data.originalKey ? await this.storage.get(data.originalKey) : undefined;
    const { png, engine } = await this.provider.render(data, photo, onProgress);
    const thumbnail = await makeThumbnail(png);
    const resultKey = StorageKeys.result(data.userId, data.generationId);
    const thumbnailKey = StorageKeys.thumbnail(data.userId, data.generationId);
    await Promise.all([
      this.storage.put(resultKey, png, 'image/png'),
      this.storage.put(thumbnailKey, thumbnail, 'image/webp'),
    ]);
    const caption = captionFor(data.trendName, data.userPrompt);
    await this.bus.send('images.generation.completed', { id: data.generationId, resultKey, thumbnailKey, caption, engine });
    this.log.log({ generationId: data.generationId, engine, attempt: job.attemptsMade + 1 }, 'generation completed');
    return { resultKey, thumbnailKey, caption, engine };
  }

  /** After the last attempt the generation is failed for good and its charge given back. */
  private async onFailed(job: Job<GenerationJob> | undefined, error: Error) {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    this.log.warn({ generationId: job.id, attempt: job.attemptsMade, attempts, err: error }, 'generation attempt failed');
    if (job.attemptsMade < attempts) return;
    try {
      await this.bus.send('images.generation.failed', { id: job.data.generationId, reason: failureReason(error) });
    } catch (reportError) {
      this.log.error({ generationId: job.id, err: reportError }, 'could not record the failure');
    }
  }
}
