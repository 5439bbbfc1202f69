import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { captionFor, makeThumbnail } from '@trendforge/imaging';
import { QueueName, StorageKeys, type GenerationJob, type GenerationJobResult } from '@trendforge/contracts';
import {
  Bus, publishGenerationUpdate, QUEUE_WORKER_CONFIG, QueueConsumer, REDIS, STORAGE, type ObjectStorage, type QueueWorkerConfig,
} from '@trendforge/platform';
import { failureReason } from './failure.js';
import type { ImageProvider } from './providers.js';

export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

/**
 * Consumes the `generation` queue: render, store result and thumbnail, record the creation.
 * Every step is idempotent (fixed storage keys, creation keyed by the generation id), so a job
 * taken over from a killed worker or retried after a failure finishes the same way.
 */
@Injectable()
export class GenerationProcessor extends QueueConsumer<GenerationJob, GenerationJobResult> {
  constructor(
    @Inject(QUEUE_WORKER_CONFIG) config: QueueWorkerConfig,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: Bus,
  ) {
    super(QueueName.generation, config);
  }

  override onApplicationBootstrap() {
    super.onApplicationBootstrap();
    this.worker!.on('failed', (job, error) => void this.onFailed(job, error));
    this.log.log({ engine: this.provider.engine }, 'rendering with this engine');
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
