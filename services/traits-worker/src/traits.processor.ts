import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { analysePhoto } from '@trendforge/imaging';
import { QueueName, type TraitsJob, type TraitsJobResult } from '@trendforge/contracts';
import { QUEUE_WORKER_CONFIG, QueueConsumer, STORAGE, type ObjectStorage, type QueueWorkerConfig } from '@trendforge/platform';

/** Consumes the `traits` queue: reads traits from a member's photo. */
@Injectable()
export class TraitsProcessor extends QueueConsumer<TraitsJob, TraitsJobResult> {
  constructor(@Inject(QUEUE_WORKER_CONFIG) config: QueueWorkerConfig, @Inject(STORAGE) private readonly storage: ObjectStorage) {
    super(QueueName.traits, config);
  }

  async process(job: Job<TraitsJob, TraitsJobResult>): Promise<TraitsJobResult> {
    return analysePhoto(await this.storage.get(job.data.imageKey));
  }
}
