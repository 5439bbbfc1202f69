import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { QueueEvents, type Queue } from 'bullmq';
import { QueueName, type RenderJob, type RenderJobResult } from '@trendforge/contracts';
import { createQueue, queueConnection } from './queues.js';
import { busNamespace } from './redis.js';
import { STORAGE } from './storage-module.js';
import type { ObjectStorage } from './storage/index.js';

/** The render was not finished within the wait; it goes on, and a later request finds its file. */
export class RenderTimeoutError extends Error {
  override readonly name = 'RenderTimeoutError';
}

/** The worker gave up on the render (the message is the worker's, for logs). */
export class RenderFailedError extends Error {
  override readonly name = 'RenderFailedError';
}

export const RENDER_JOBS_REDIS_URL = Symbol('RENDER_JOBS_REDIS_URL');

/**
 * Heavy renders of request-serving processes (the gateway's 4K exports, the trends service's
 * previews), handed to generation-worker as `renders` jobs and waited for. The job id is the
 * file's storage key: requests for one file — from any replica — share one job, and a stored
 * file is never rendered again. Finished jobs are removed, so a file deleted from storage (or a
 * failed render) is rendered afresh by the next request.
 */
@Injectable()
export class RenderJobs implements OnApplicationShutdown {
  private readonly log = new Logger(RenderJobs.name);
  private queue?: Queue<RenderJob, RenderJobResult>;
  private events?: QueueEvents;
  /** One wait per key in this process, however many requests ask for it. */
  private readonly waits = new Map<string, Promise<void>>();

  constructor(@Inject(RENDER_JOBS_REDIS_URL) private readonly redisUrl: string, @Inject(STORAGE) private readonly storage: ObjectStorage) {}

  /**
   * Resolves once `key` is in storage: at once when it is there, else when a worker has rendered
   * it; `describe` (called only then) gives the job. Throws RenderTimeoutError after `waitMs`,
   * RenderFailedError when the worker gave up.
   */
  ensure(key: string, describe: () => RenderJob | Promise<RenderJob>, waitMs: number): Promise<void> {
    let wait = this.waits.get(key);
    if (!wait) {
      wait = this.renderIfMissing(key, describe, waitMs).finally(() => this.waits.delete(key));
      this.waits.set(key, wait);
    }
    return wait;
  }

  /** Queues the render unless the file is stored or the render already queued; does not wait (warm-up). */
  async enqueue(job: RenderJob): Promise<void> {
    if (!(await this.storage.exists(job.key))) await this.add(job);
  }

  private async renderIfMissing(key: string, describe: () => RenderJob | Promise<RenderJob>, waitMs: number): Promise<void> {
    if (await this.storage.exists(key)) return;
    const job = await describe();
    if (job.key !== key) throw new Error(`render job for ${job.key} asked as ${key}`);
    const queued = await this.add(job);
    try {
      await queued.waitUntilFinished(this.queueEvents(), waitMs);
    } catch (error) {
      // Finished (and removed) before we listened, still running past the wait, or failed.
      if (await this.storage.exists(key)) return;
      const state = await this.jobs().getJobState(key);
      if (state !== 'unknown' && state !== 'completed' && state !== 'failed') {
        throw new RenderTimeoutError(`render ${key} not finished after ${waitMs} ms (${state})`);
      }
      throw new RenderFailedError(`render ${key} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private add(job: RenderJob) {
    return this.jobs().add(job.kind, job, { jobId: job.key, removeOnComplete: true, removeOnFail: true });
  }

  private jobs(): Queue<RenderJob, RenderJobResult> {
    if (!this.queue) {
      this.queue = createQueue(QueueName.renders, this.redisUrl);
      this.queue.setMaxListeners(0);
    }
    return this.queue;
  }

  private queueEvents(): QueueEvents {
    if (!this.events) {
      this.events = new QueueEvents(QueueName.renders, { connection: queueConnection(this.redisUrl), prefix: busNamespace() });
      this.events.setMaxListeners(0);
      this.events.on('error', (error) => this.log.warn({ err: error }, 'render queue events error'));
    }
    return this.events;
  }

  async onApplicationShutdown() {
    await Promise.all([this.events?.close(), this.queue?.close()]);
  }
}

/** Provides RenderJobs (storage comes from the process's StorageModule). */
@Module({})
export class RenderJobsModule {
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: RenderJobsModule,
      providers: [{ provide: RENDER_JOBS_REDIS_URL, useValue: redisUrl }, RenderJobs],
      exports: [RenderJobs],
    };
  }
}
