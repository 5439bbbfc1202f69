import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { analysePhoto } from '@trendforge/imaging';
import { QueueName, type TraitsJob, type TraitsJobResult } from '@trendforge/contracts';
import { busNamespace, queueConnection, STORAGE, type ObjectStorage } from '@trendforge/platform';
import type { TraitsWorkerConfig } from './config.js';

export const TRAITS_CONFIG = Symbol('TRAITS_CONFIG');

/** Consumes the `traits` queue: reads faces and colours from a member's photo. */
@Injectable()
export class TraitsProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(TraitsProcessor.name);
  private worker?: Worker<TraitsJob, TraitsJobResult>;

  constructor(
    @Inject(TRAITS_CONFIG) private readonly config: TraitsWorkerConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  onApplicationBootstrap() {
    this.worker = new Worker<TraitsJob, TraitsJobResult>(QueueName.traits, (job) => this.process(job), {
      connection: queueConnection(this.config.REDIS_URL),
      prefix: busNamespace(),
      concurrency: this.config.WORKER_CONCURRENCY,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: this.config.WORKER_LOCK_MS,
    });
    this.worker.on('error', (error) => this.log.error({ err: error }, 'worker error'));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
  }

  isRunning(): boolean {
    return this.worker?.isRunning() ?? false;
  }

  async process(job: Job<TraitsJob, TraitsJobResult>): Promise<TraitsJobResult> {
    const photo = await this.storage.get(job.data.imageKey);
    return analysePhoto(photo);
  }
}
