import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { captionFor, makeThumbnail } from '@trendforge/imaging';
import {
  ErrorCode, GenerationFailure, QueueName, StorageKeys, type Generation, type GenerationJob, type GenerationJobResult, type ImageEngine,
} from '@trendforge/contracts';
import {
  Bus, publishGenerationUpdate, QUEUE_WORKER_CONFIG, QueueConsumer, REDIS, renderSeconds, ServiceError, STORAGE, type ObjectStorage, type QueueWorkerConfig,
} from '@trendforge/platform';
import { attemptError } from './failure.js';
import type { ImageProvider } from './providers.js';

export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

/** Tries at telling the images service an image is done, before leaving it to the sweeper. */
const ReportAttempts = 4;

/**
 * Consumes the `generation` queue: render, store result, thumbnail and the creation's own copy of
 * the member's photo (the upload itself expires), report the creation.
 * Every step is idempotent (fixed storage keys, creation keyed by the generation id), so a job
 * taken over from a killed worker or retried after a failure finishes the same way.
 *
 * Failures are not reported from here: a failed attempt throws the member's reason
 * (UnrecoverableError when retrying cannot help), and the images service records the queue's
 * final failures — including jobs BullMQ fails as stalled, which no live worker owns.
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
    this.log.log({ engine: this.provider.engine }, 'rendering with this engine');
  }

  async process(job: Job<GenerationJob, GenerationJobResult>): Promise<GenerationJobResult> {
    try {
      return await this.generate(job);
    } catch (error) {
      this.log.warn({ generationId: job.id, attempt: job.attemptsMade + 1, err: error }, 'generation attempt failed');
      throw attemptError(error);
    }
  }

  private async generate(job: Job<GenerationJob, GenerationJobResult>): Promise<GenerationJobResult> {
    const data = job.data;
    const generation = await this.bus.send('images.generation.started', { id: data.generationId });
    // Ended while it waited (the sweeper's deadline) or by an earlier run of this job: no render, and none paid.
    if (generation.status === 'failed') throw new UnrecoverableError(generation.failureReason ?? GenerationFailure.highDemand);
    if (generation.status === 'completed') return this.resultOf(generation, data);

    let lastPublished = 0;
    const onProgress = (percent: number) => {
      const progress = Math.max(0, Math.min(99, Math.round(percent)));
      if (progress - lastPublished < 10) return;
      lastPublished = progress;
      // Progress is best effort: Redis restarting must not fail the render.
      job.updateProgress(progress).catch(() => undefined);
      void publishGenerationUpdate(this.redis, { ...generation, status: 'active', progress, position: null, etaSeconds: null });
    };
    onProgress(10);

    const photo = data.originalKey ? await this.storage.get(data.originalKey) : undefined;
    const renderStarted = performance.now();
    const { png, engine } = await this.provider.render(data, photo, onProgress);
    renderSeconds.observe({ trend: data.trendSlug, engine }, (performance.now() - renderStarted) / 1000);
    const thumbnail = await makeThumbnail(png);
    const { resultKey, thumbnailKey, originalKey } = storageKeys(data);
    await Promise.all([
      this.storage.put(resultKey, png, 'image/png'),
      this.storage.put(thumbnailKey, thumbnail, 'image/webp'),
      // Uploaded photos are sanitised JPEGs (StorageKeys.photo).
      photo && originalKey ? this.storage.put(originalKey, photo, 'image/jpeg') : undefined,
    ]);
    const result: GenerationJobResult = { resultKey, thumbnailKey, originalKey, caption: captionFor(data.trendName, data.userPrompt), engine };
    await this.report(data.generationId, result);
    this.log.log({ generationId: data.generationId, engine, attempt: job.attemptsMade + 1 }, 'generation completed');
    return result;
  }

  /**
   * Tells the images service the image is done. A report that cannot get through is not worth a
   * new (paid) render: the job completes with the result, and the images service's sweeper
   * records the creation from it.
   */
  private async report(id: string, result: GenerationJobResult): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.bus.send('images.generation.completed', { id, ...result });
        return;
      } catch (error) {
        const retryable = !(error instanceof ServiceError) || error.code === ErrorCode.Unavailable;
        if (!retryable || attempt >= ReportAttempts) {
          this.log.error({ generationId: id, err: error }, 'completion not reported (the sweeper records it from the job)');
          return;
        }
        await sleep(500 * attempt);
      }
    }
  }

  private resultOf(generation: Generation, job: GenerationJob): GenerationJobResult {
    return {
      ...storageKeys(job),
      caption: generation.caption ?? '',
      engine: (generation.engine ?? 'studio') as ImageEngine,
    };
  }
}

/** Where a generation's files go: fixed keys, so a run taken over or repeated writes the same ones. */
function storageKeys(job: GenerationJob): Pick<GenerationJobResult, 'resultKey' | 'thumbnailKey' | 'originalKey'> {
  return {
    resultKey: StorageKeys.result(job.userId, job.generationId),
    thumbnailKey: StorageKeys.thumbnail(job.userId, job.generationId),
    originalKey: job.originalKey ? StorageKeys.original(job.userId, job.generationId, 'jpg') : undefined,
  };
}
