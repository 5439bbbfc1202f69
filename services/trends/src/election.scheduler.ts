import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { QueueName, type WeeklyElection } from '@trendforge/contracts';
import { announceCatalogueChange, Bus, PeriodicTasks } from '@trendforge/platform';
import { ElectionService } from './election.service.js';

export const TRENDS_REDIS_URL = Symbol('TRENDS_REDIS_URL');

/** Mondays 00:00 UTC, when a voting week ends. */
export const ElectionCron = '0 0 * * 1';
export const ElectionSchedulerId = 'weekly-trend-election';

/**
 * Runs the weekly election as a BullMQ job scheduler (PeriodicTasks: one schedule however many
 * replicas start, one replica per run), and catches up a missed boundary at start.
 */
@Injectable()
export class ElectionScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ElectionScheduler.name);
  private readonly tasks: PeriodicTasks<typeof QueueName.trendsElection>;

  constructor(@Inject(TRENDS_REDIS_URL) redisUrl: string, private readonly elections: ElectionService, private readonly bus: Bus) {
    this.tasks = new PeriodicTasks(QueueName.trendsElection, redisUrl, [{
      id: ElectionSchedulerId,
      name: 'elect',
      repeat: { pattern: ElectionCron, tz: 'UTC' },
      run: () => this.elect(),
      retry: { attempts: 3, backoff: { type: 'exponential', delay: 5000 } },
    }]);
  }

  get queue() {
    return this.tasks.queue;
  }

  async onApplicationBootstrap() {
    await this.tasks.start();
    await this.elect().catch((error) => this.log.error({ err: error }, 'catch-up election failed'));
  }

  /** A decided week changes the Trend of the Week: the gateways' cached catalogue is told. */
  private async elect(): Promise<WeeklyElection> {
    const election = await this.elections.electEndedWeek();
    await announceCatalogueChange(this.bus, { part: 'trends' });
    this.log.log({ election }, 'weekly election decided');
    return election;
  }

  async onApplicationShutdown() {
    await this.tasks.close();
  }
}
