import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { generationEtaSeconds, MaxQueueSnapshotIds, QueueName, type GenerationQueueSnapshot, type Role } from '@trendforge/contracts';
import { busNamespace, createQueue, publishGenerationQueue, REDIS, waitingJobIds, type TypedQueue } from '@trendforge/platform';

export type GenerationQueue = TypedQueue<typeof QueueName.generation>;
export const GENERATION_QUEUE = Symbol('GENERATION_QUEUE');

export const generationQueueProvider = (redisUrl: string): Provider => ({
  provide: GENERATION_QUEUE,
  useFactory: () => createQueue(QueueName.generation, redisUrl),
});

/** BullMQ priority of a member's generations (lower goes first): pro plans get priority processing (spec part 2 section 6). */
export function generationPriority(role: Role): number {
  return role === 'pro' || role === 'pro_unlimited' || role === 'admin' ? 1 : 2;
}

/** Until a render has been timed: the spec's estimate is 15-30 s. */
const DefaultRenderMs = 20_000;
/** How many recent renders the average is taken over. */
const RenderSample = 20;
/** The last published figures outlive a few missed ticks, not a dead publisher. */
const StatsTtlMs = 5000;

type QueueStats = Pick<GenerationQueueSnapshot, 'averageRenderMs' | 'slots' | 'startIntervalMs'>;

/**
 * The queue as members see it: which generations wait in what order, and how fast it moves.
 * `publish` (one replica at a time, every second) pushes it to gateways when it changed; `eta`
 * answers from the figures last published.
 */
@Injectable()
export class GenerationQueueWatch implements OnApplicationShutdown {
  constructor(@Inject(GENERATION_QUEUE) private readonly queue: GenerationQueue, @Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await this.queue.close();
  }

  async snapshot(): Promise<GenerationQueueSnapshot> {
    const [waiting, recent, active, workers, startIntervalMs, fleetConcurrency] = await Promise.all([
      waitingJobIds(this.queue, MaxQueueSnapshotIds),
      this.queue.getJobs(['completed'], 0, RenderSample - 1),
      this.queue.getActiveCount(),
      this.queue.getWorkersCount(),
      this.startIntervalMs(),
      // At a provider, jobs in flight are I/O: the fleet's shared concurrency, not its worker count.
      this.queue.getGlobalConcurrency(),
    ]);
    const times = recent.filter((job) => job.processedOn && job.finishedOn).map((job) => job.finishedOn! - job.processedOn!);
    const average = times.length ? times.reduce((sum, ms) => sum + ms, 0) / times.length : DefaultRenderMs;
    return {
      waiting,
      // Rounded, so jitter alone does not count as a change.
      averageRenderMs: Math.max(100, Math.round(average / 100) * 100),
      slots: workers === 0 ? 0 : Math.max(active, fleetConcurrency ?? workers),
      ...(startIntervalMs ? { startIntervalMs } : {}),
    };
  }

  /** The pace generation-worker keeps at a rate-limited provider (its ProviderPace): ms between job starts; undefined when unpaced. */
  private async startIntervalMs(): Promise<number | undefined> {
    const pace = await this.queue.getGlobalRateLimit();
    return pace ? Math.round(pace.duration / pace.max) : undefined;
  }

  /**
   * Pushes the snapshot when it changed since the fleet's last push (the ticks go to whichever
   * replica takes them, so the last push is kept in Redis, not in this replica); keeps the figures
   * `eta` reads fresh.
   */
  async publish(): Promise<void> {
    const snapshot = await this.snapshot();
    const stats: QueueStats = { averageRenderMs: snapshot.averageRenderMs, slots: snapshot.slots, startIntervalMs: snapshot.startIntervalMs };
    const text = JSON.stringify(snapshot);
    const [, lastPushed] = await Promise.all([
      this.redis.set(statsKey(), JSON.stringify(stats), 'PX', StatsTtlMs),
      this.redis.set(lastPushedKey(), text, 'PX', StatsTtlMs, 'GET'),
    ]);
    if (text === lastPushed) return;
    await publishGenerationQueue(this.redis, snapshot);
  }

  /**
   * Seconds until a generation some places from next is ready, from the figures last published
   * (null while nobody measures the queue), with the fleet's pace as it is now: in a spike the
   * workers learn the provider's pace from its first answers, and the members accepted right after
   * must not be told a wait from the configured guess of a second ago. Read apart from the place,
   * so both travel together.
   */
  async etaAt(): Promise<(position: number) => number | null> {
    const [stats, startIntervalMs] = await Promise.all([this.redis.get(statsKey()), this.startIntervalMs()]);
    if (!stats) return () => null;
    const figures: QueueStats = { ...(JSON.parse(stats) as QueueStats), startIntervalMs };
    return (position) => generationEtaSeconds(position, figures);
  }
}

const statsKey = () => `${busNamespace()}:images:generation-queue-stats`;
const lastPushedKey = () => `${busNamespace()}:images:generation-queue-pushed`;
