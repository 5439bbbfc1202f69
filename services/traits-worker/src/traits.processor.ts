import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { analyseInWorker, stopAnalyseWorker, warmAnalyseWorker } from '@trendforge/imaging';
import { ErrorCode, QueueName, StorageKeys, type TraitsJob, type TraitsJobResult } from '@trendforge/contracts';
import {
  Bus, QUEUE_WORKER_CONFIG, QueueConsumer, ServiceError, STORAGE, StorageNotFoundError, type ObjectStorage, type QueueWorkerConfig,
} from '@trendforge/platform';

/** Whether the analysis models load (and run once) at start rather than with the first photo. */
export const ANALYSIS_WARMUP = Symbol('ANALYSIS_WARMUP');

/** Tries at telling the images service the traits are read, before leaving it to its sweep. */
const ReportAttempts = 4;

/**
 * Consumes the `traits` queue: reads traits from a member's photo and reports them to the images
 * service, which records them once and pushes them to the member. The job's return value is the
 * result, so an analysis whose report got lost is recorded from the job by the images service's
 * sweep. Final failures are recorded by the images service from the queue's events.
 */
@Injectable()
export class TraitsProcessor extends QueueConsumer<typeof QueueName.traits> {
  constructor(
    @Inject(QUEUE_WORKER_CONFIG) config: QueueWorkerConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    private readonly bus: Bus,
    @Inject(ANALYSIS_WARMUP) private readonly warmUp: boolean,
  ) {
    super(QueueName.traits, config);
  }

  override onApplicationBootstrap() {
    // The analysis thread loads its models now, not when the first member's photo arrives; jobs
    // queue behind the loading on that thread.
    if (this.warmUp) warmAnalyseWorker().catch((error: unknown) => this.log.warn({ err: error }, 'analysis models not preloaded (the first photo loads them)'));
    super.onApplicationBootstrap();
  }

  override async onApplicationShutdown() {
    await super.onApplicationShutdown();
    await stopAnalyseWorker();
  }

  async process(job: Job<TraitsJob, TraitsJobResult>): Promise<TraitsJobResult> {
    const { photoId, imageKey } = job.data;
    const photo = await this.storage.get(imageKey).catch((error: unknown) => {
      // Deleted (expired) before its turn: another attempt would not find it either.
      throw error instanceof StorageNotFoundError ? new UnrecoverableError(`photo ${photoId} is no longer stored`) : error;
    });
    // On the analysis thread: inference would otherwise stall this loop (lock renewals, bus replies).
    const { result, matte } = await analyseInWorker(photo);
    // The person cut out once per photo, beside it: renders stand them in the trend's scene from it.
    if (matte) await this.storage.put(StorageKeys.matte(imageKey), matte, 'image/png');
    await this.report(photoId, result);
    this.log.log({ photoId, faces: result.faces, attempt: job.attemptsMade + 1 }, 'photo analysed');
    return result;
  }

  /** A report that cannot get through does not fail the analysis: the images service's sweep records it from the job. */
  private async report(id: string, result: TraitsJobResult): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.bus.send('images.photo.analysed', { id, result });
        return;
      } catch (error) {
        const retryable = !(error instanceof ServiceError) || error.code === ErrorCode.Unavailable;
        if (!retryable || attempt >= ReportAttempts) {
          this.log.error({ photoId: id, err: error }, 'traits not reported (the images sweep records them from the job)');
          return;
        }
        await sleep(500 * attempt);
      }
    }
  }
}
