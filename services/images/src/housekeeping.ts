import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { ErrorCode, memberFailureReason, QueueName } from '@trendforge/contracts';
import { busNamespace, PeriodicTasks, queueConnection, ServiceError } from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import { GenerationQueueWatch } from './generation-queue.js';
import { GenerationsService } from './generations.service.js';
import { PhotosService } from './photos.service.js';
import { GenerationSweeper } from './sweeper.js';

/** The queue is pushed to gateways at most this often (and only when it changed). */
const PublishEveryMs = 1000;
const SweepEveryMs = 30_000;

/**
 * What keeps generations and photo analyses moving besides requests. Every replica records the
 * final failures of the `generation` and `traits` queues — stalled jobs too, whichever worker gave
 * up on them, even when the worker that held the job is dead — refunding failed generations and
 * telling members their photo's analysis failed (repeats are harmless). Two BullMQ job schedulers
 * (PeriodicTasks), each tick run by one replica, push the generation queue to gateways every
 * second and sweep generations and photos (lost endings, expired photos) every 30 seconds.
 */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly log = new Logger(Housekeeping.name);
  private readonly tasks: PeriodicTasks<typeof QueueName.imagesHousekeeping>;
  private events?: QueueEvents;
  private traitsEvents?: QueueEvents;

  constructor(
    watch: GenerationQueueWatch,
    sweeper: GenerationSweeper,
    private readonly generations: GenerationsService,
    private readonly photos: PhotosService,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
  ) {
    this.tasks = new PeriodicTasks(QueueName.imagesHousekeeping, config.REDIS_URL, [
      { id: 'publish-generation-queue', repeat: { every: PublishEveryMs }, run: () => watch.publish() },
      { id: 'sweep', repeat: { every: SweepEveryMs }, run: async () => { await Promise.all([sweeper.sweep(), photos.sweep()]); } },
    ]);
  }

  async onApplicationBootstrap() {
    this.events = new QueueEvents(QueueName.generation, { connection: queueConnection(this.config.REDIS_URL), prefix: busNamespace() });
    this.events.on('failed', ({ jobId, failedReason }) => void this.jobFailed(jobId, failedReason));
    this.events.on('error', (error) => this.log.warn({ err: error }, 'queue events connection'));
    this.traitsEvents = new QueueEvents(QueueName.traits, { connection: queueConnection(this.config.REDIS_URL), prefix: busNamespace() });
    this.traitsEvents.on('failed', ({ jobId }) => void this.traitsJobFailed(jobId));
    this.traitsEvents.on('error', (error) => this.log.warn({ err: error }, 'queue events connection'));
    await this.tasks.start();
  }

  /** A sweep or push in hand finishes while the queue and database it uses are still open. */
  async beforeApplicationShutdown() {
    await this.tasks.close();
  }

  async onApplicationShutdown() {
    await Promise.all([this.events?.close(), this.traitsEvents?.close()]);
  }

  private async jobFailed(jobId: string, failedReason: string) {
    try {
      await this.generations.failed(jobId, memberFailureReason(failedReason));
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) return;
      this.log.error({ err: error, generationId: jobId }, 'failed generation not recorded (the sweeper will)');
    }
  }

  /** The traits job's id is the photo id. */
  private async traitsJobFailed(photoId: string) {
    try {
      await this.photos.failed(photoId);
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) return;
      this.log.error({ err: error, photoId }, 'failed photo analysis not recorded (the sweep will)');
    }
  }
}
