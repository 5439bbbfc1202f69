import { Logger } from '@nestjs/common';
import { Worker, type JobsOptions, type Queue, type RepeatOptions } from 'bullmq';
import type { JobData, JobResult, ScheduleQueue } from '@trendforge/contracts';
import { createQueue, queueConnection, type TypedQueue } from './queues.js';
import { busNamespace } from './redis.js';

/** A task a service runs on a schedule. */
export interface PeriodicTask<N extends ScheduleQueue> {
  /** Its job scheduler's id. */
  id: string;
  /** Its jobs' name (the scheduler's id when left out). */
  name?: string;
  /** Every so many ms, or a cron pattern. */
  repeat: Pick<RepeatOptions, 'every' | 'pattern' | 'tz'>;
  run(): Promise<JobResult<N>>;
  /** Retries for a task worth retrying before its next tick (attempts, backoff). */
  retry?: Pick<JobsOptions, 'attempts' | 'backoff'>;
}

/**
 * A service's periodic tasks as BullMQ job schedulers on its own queue: every replica upserts the
 * same schedulers at start (one schedule however many start) and consumes the queue, and each tick
 * is one job, so one replica runs it; when that replica dies, the next tick goes to another. A
 * scheduler whose task is gone from the list is removed.
 */
export class PeriodicTasks<N extends ScheduleQueue> {
  private readonly log = new Logger(PeriodicTasks.name);
  readonly queue: TypedQueue<N>;
  private worker?: Worker<JobData<N>, JobResult<N>>;

  constructor(private readonly queueName: N, private readonly redisUrl: string, private readonly tasks: PeriodicTask<N>[]) {
    this.queue = createQueue(queueName, redisUrl);
  }

  async start(): Promise<void> {
    // Job names are plain strings here (BullMQ derives their type from the data's, which N leaves open).
    const queue = this.queue as Queue;
    const ids = new Set(this.tasks.map((task) => task.id));
    for (const scheduler of await queue.getJobSchedulers()) {
      if (!ids.has(scheduler.key)) await queue.removeJobScheduler(scheduler.key);
    }
    for (const task of this.tasks) {
      await queue.upsertJobScheduler(task.id, task.repeat, {
        name: task.name ?? task.id,
        opts: { removeOnComplete: { count: 20 }, removeOnFail: { count: 50 }, ...task.retry },
      });
    }
    const byName = new Map(this.tasks.map((task) => [task.name ?? task.id, task]));
    // A tick that comes while this replica still runs the task's previous one (a sweep slower than
    // its interval) is skipped rather than run beside it.
    const running = new Set<string>();
    this.worker = new Worker<JobData<N>, JobResult<N>>(this.queueName, async (job) => {
      const task = byName.get(job.name);
      if (!task) throw new Error(`no periodic task ${job.name} on ${this.queueName}`);
      if (running.has(job.name)) return undefined as JobResult<N>;
      running.add(job.name);
      try {
        return await task.run();
      } finally {
        running.delete(job.name);
      }
    }, {
      connection: queueConnection(this.redisUrl),
      prefix: busNamespace(),
      // Each task runs beside the others: a long sweep does not hold up a quick push.
      concurrency: this.tasks.length,
    });
    this.worker.on('error', (error) => this.log.error({ err: error, queue: this.queueName }, 'periodic tasks worker error'));
    this.worker.on('failed', (job, error) => this.log.error({ err: error, task: job?.name, queue: this.queueName }, 'periodic task failed'));
  }

  /** Stops taking ticks and lets the ones in hand finish (the schedule stays for the other replicas). */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}
