import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { ErrorCode, memberFailureReason, QueueName } from '@trendforge/contracts';
import { busNamespace, queueConnection, REDIS, ServiceError } from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import { GenerationQueueWatch } from './generation-queue.js';
import { GenerationsService } from './generations.service.js';
import { PhotosService } from './photos.service.js';
import { GenerationSweeper } from './sweeper.js';

/** The queue is pushed to gateways at most this often (and only when it changed). */
const TickMs = 1000;
const SweepEveryMs = 30_000;
/** A replica that stops renewing its lease (killed) hands the duties over after this long. */
const LeaseMs = 5000;

/** Takes the lease when free, renews it when ours: 1 when this replica leads. */
const AcquireLease = `
local holder = redis.call('get', KEYS[1])
if holder == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
if holder then return 0 end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;
const ReleaseLease = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

const leaseKey = () => `${busNamespace()}:images:housekeeping-lease`;

/**
 * What keeps generations and photo analyses moving besides requests. Every replica records the
 * final failures of the `generation` and `traits` queues — stalled jobs too, whichever worker gave
 * up on them, even when the worker that held the job is dead — refunding failed generations and
 * telling members their photo's analysis failed (repeats are harmless). One replica at a time (a
 * Redis lease) pushes the generation queue to gateways every second and sweeps generations and
 * photos (lost endings, expired photos) every 30 seconds.
 */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(Housekeeping.name);
  private readonly token = randomUUID();
  private events?: QueueEvents;
  private traitsEvents?: QueueEvents;
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private sweeping?: Promise<unknown>;
  private lastSweep = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly watch: GenerationQueueWatch,
    private readonly sweeper: GenerationSweeper,
    private readonly generations: GenerationsService,
    private readonly photos: PhotosService,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
  ) {}

  onApplicationBootstrap() {
    this.events = new QueueEvents(QueueName.generation, { connection: queueConnection(this.config.REDIS_URL), prefix: busNamespace() });
    this.events.on('failed', ({ jobId, failedReason }) => void this.jobFailed(jobId, failedReason));
    this.events.on('error', (error) => this.log.warn({ err: error }, 'queue events connection'));
    this.traitsEvents = new QueueEvents(QueueName.traits, { connection: queueConnection(this.config.REDIS_URL), prefix: busNamespace() });
    this.traitsEvents.on('failed', ({ jobId }) => void this.traitsJobFailed(jobId));
    this.traitsEvents.on('error', (error) => this.log.warn({ err: error }, 'queue events connection'));
    this.timer = setInterval(() => void this.tick(), TickMs);
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.sweeping;
    await Promise.all([this.events?.close(), this.traitsEvents?.close()]);
    await this.redis.eval(ReleaseLease, 1, leaseKey(), this.token).catch(() => undefined);
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

  private async tick() {
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (await this.redis.eval(AcquireLease, 1, leaseKey(), this.token, LeaseMs) !== 1) return;
      if (!this.sweeping && Date.now() - this.lastSweep >= SweepEveryMs) {
        this.lastSweep = Date.now();
        this.sweeping = Promise.all([this.sweeper.sweep(), this.photos.sweep()])
          .catch((error: unknown) => this.log.error({ err: error }, 'sweep failed'))
          .finally(() => { this.sweeping = undefined; });
      }
      await this.watch.publish();
    } catch (error) {
      this.log.warn({ err: error }, 'housekeeping tick failed');
    } finally {
      this.ticking = false;
    }
  }
}
