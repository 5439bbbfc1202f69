import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Worker, type Queue } from 'bullmq';
import { QueueName, type WeeklyElection } from '@trendforge/contracts';
import { announceCatalogueChange, Bus, busNamespace, createQueue, queueConnection } from '@trendforge/platform';
import { ElectionService } from './election.service.js';

export const TRENDS_REDIS_URL = Symbol('TRENDS_REDIS_URL');

/** Mondays 00:00 UTC, when a voting week ends. */
export const ElectionCron = '0 0 * * 1';
export const ElectionSchedulerId = 'weekly-trend-election';

/**
 * Runs the weekly election as a repeatable BullMQ job. The scheduler is upserted at every start
 * (one schedule however many replicas start), and a missed boundary is caught up at start.
 */
@Injectable()
export class ElectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ElectionScheduler.name);
  readonly queue: Queue;
  private worker?: Worker<unknown, WeeklyElection>;

  constructor(@Inject(TRENDS_REDIS_URL) private readonly redisUrl: string, private readonly elections: ElectionService, private readonly bus: Bus) {
    this.queue = createQueue(QueueName.trendsElection, redisUrl);
  }

  async onApplicationBootstrap() {
    await this.queue.upsertJobScheduler(
      ElectionSchedulerId,
      { pattern: ElectionCron, tz: 'UTC' },
      { name: 'elect', opts: { removeOnComplete: 50, removeOnFail: 50, attempts: 3, backoff: { type: 'exponential', delay: 5000 } } },
    );
    this.worker = new Worker<unknown, WeeklyElection>(QueueName.trendsElection, () => this.elect(), {
      connection: queueConnection(this.redisUrl),
      prefix: busNamespace(),
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.log.error({ err: error }, 'election worker error'));
    this.worker.on('completed', (_job, result) => this.log.log({ election: result }, 'weekly election decided'));
    await this.elect().catch((error) => this.log.error({ err: error }, 'catch-up election failed'));
  }

  /** A decided week changes the Trend of the Week: the gateways' cached catalogue is told. */
  private async elect(): Promise<WeeklyElection> {
    const election = await this.elections.electEndedWeek();
    await announceCatalogueChange(this.bus, { part: 'trends' });
    return election;
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue.close();
  }
}
