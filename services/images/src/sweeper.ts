import { Inject, Injectable, Logger } from '@nestjs/common';
import { GenerationFailure, memberFailureReason } from '@trendforge/contracts';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import type { GenerationEntity } from './entities.js';
import { GENERATION_QUEUE, type GenerationQueue } from './generation-queue.js';
import { GenerationsService } from './generations.service.js';
import { GenerationRepository } from './repositories/index.js';

/** Generations looked at per sweep (the oldest first). */
const Batch = 500;
/** Acceptance (record, charge, enqueue) ends well within this: younger generations are left alone. */
const AcceptanceGraceMs = 60_000;

export interface SweepResult {
  completed: number;
  failed: number;
  refunded: number;
}

/**
 * Finishes or refunds the generations whose ending got lost: a worker's report that never
 * arrived, a failure nobody heard of, a job that vanished or waited past the deadline, a refund
 * that billing did not answer. Every step is idempotent, so a sweep racing the normal flow (or
 * another sweep) does no harm; Housekeeping runs it on one replica at a time.
 */
@Injectable()
export class GenerationSweeper {
  private readonly log = new Logger(GenerationSweeper.name);

  constructor(
    private readonly rows: GenerationRepository,
    @Inject(GENERATION_QUEUE) private readonly queue: GenerationQueue,
    private readonly generations: GenerationsService,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
  ) {}

  async sweep(now = Date.now()): Promise<SweepResult> {
    const result: SweepResult = { completed: 0, failed: 0, refunded: 0 };
    const deadline = this.config.GENERATION_DEADLINE_MS;
    const inFlight = await this.rows.inFlightAcceptedBefore(new Date(now - Math.min(AcceptanceGraceMs, deadline)), Batch);
    for (const row of inFlight) {
      try {
        const outcome = await this.settle(row, now - row.createdAt.getTime() > deadline);
        if (outcome) result[outcome] += 1;
      } catch (error) {
        this.log.error({ err: error, generationId: row.id }, 'generation not settled');
      }
    }
    const unrefunded = await this.rows.unrefundedFailures(Batch);
    for (const row of unrefunded) {
      try {
        await this.generations.refund(row);
        result.refunded += 1;
      } catch (error) {
        this.log.error({ err: error, generationId: row.id }, 'refund not done');
      }
    }
    if (result.completed + result.failed + result.refunded > 0) this.log.warn(result, 'swept generations');
    return result;
  }

  /** Ends one generation in flight by what its job says; null while it is still on its way. */
  private async settle(row: GenerationEntity, pastDeadline: boolean): Promise<'completed' | 'failed' | null> {
    const job = await this.queue.getJob(row.id);
    const state = job ? await job.getState() : 'missing';
    if (state === 'completed' && job?.returnvalue) {
      // Rendered and stored, but the report was lost: the job's result is the report.
      await this.generations.completed({ id: row.id, ...job.returnvalue });
      return 'completed';
    }
    if (state === 'failed') {
      await this.generations.failed(row.id, memberFailureReason(job?.failedReason));
      return 'failed';
    }
    if (state === 'completed' || state === 'missing' || state === 'unknown') {
      // Never enqueued, or its job is gone: nothing will ever end it.
      await this.generations.failed(row.id, GenerationFailure.highDemand);
      return 'failed';
    }
    if (!pastDeadline) return null;
    // Waiting or rendering far too long: a waiting job is dropped so it never renders; one a worker
    // holds cannot be removed, and its late report is refused (completed() keeps failed failed).
    await job?.remove().catch(() => undefined);
    await this.generations.failed(row.id, GenerationFailure.highDemand);
    return 'failed';
  }
}
