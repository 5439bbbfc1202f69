import type { Redis } from 'ioredis';
import type { QueueName } from '@trendforge/contracts';
import { busNamespace } from './redis.js';

/**
 * The one place that reads BullMQ's own Redis keys, for what its public API answers only by
 * fetching the whole queue: a job's place among the waiting ones (on the way to a member's
 * answer, in one round trip) and its progress (one field, not the job's hash). The layout is
 * BullMQ's, not ours: test/bullmq-internals.spec.ts checks it against the public API on this
 * version and fails on any other, so an upgrade re-checks it before it ships. The one other
 * reader is generation-worker's FallbackLane, which moves a waiting job to active for the fallback
 * as BullMQ's moveToActive does (a script cannot be built from the public API); it relies on this
 * same pin, and its spec checks the claimed job against BullMQ's public behaviour.
 */
export const BullmqLayoutVersion = '6.7.0';

/** The Redis list of jobs waiting without a priority. */
const waitListKey = (name: QueueName) => `${busNamespace()}:${name}:wait`;
/** The sorted set of jobs waiting with a priority (score: priority, then arrival). */
const prioritizedKey = (name: QueueName) => `${busNamespace()}:${name}:prioritized`;
/** A job's hash (its data, options and progress), there from the moment it is added. */
const jobKey = (name: QueueName, jobId: string) => `${busNamespace()}:${name}:${jobId}`;

/*
 * How BullMQ picks the next job: from the wait list first (new jobs pushed on the left, taken from
 * the right; stalled jobs put back on the right), then the prioritized set, lowest score first.
 * Queue#getRanges(['wait', 'prioritized'], 0, -1, true) lists them in this order.
 */

/** BullMQ's score of a prioritized job: its priority, then its arrival (a counter), in one number. */
const PriorityScoreUnit = 0x1_0000_0000;

/**
 * Place of a waiting job: 0 means next, counting the wait list first, then the prioritized set.
 * Null when the job is no longer waiting.
 *
 * `arrivingWithPriority`: the job is being added with this priority (1 or more) right now, and
 * the place is read alongside the add rather than after it (one Redis round trip less on the way
 * to the member's answer). Running on another connection, the read lands just before the add or
 * just after it: after, the job is where it is; before, its hash is not written yet and its place
 * is where it goes, behind the wait list and every prioritized job of its priority or a more
 * urgent one.
 */
export async function waitingPosition(redis: Redis, name: QueueName, jobId: string, arrivingWithPriority?: number): Promise<number | null> {
  const read = redis.multi()
    .lpos(waitListKey(name), jobId)
    .llen(waitListKey(name))
    .zrank(prioritizedKey(name), jobId);
  if (arrivingWithPriority !== undefined) {
    read.zcount(prioritizedKey(name), '-inf', `(${(arrivingWithPriority + 1) * PriorityScoreUnit}`).exists(jobKey(name, jobId));
  }
  const [index, length, rank, ahead, stored] = await read.exec()
    .then((replies) => (replies ?? []).map(([error, value]) => (error ? null : value as number | null)));
  if (index !== null) return (length ?? 0) - 1 - index;
  if (rank !== null) return (length ?? 0) + rank;
  return arrivingWithPriority === undefined || stored ? null : (length ?? 0) + (ahead ?? 0);
}

/** A job's progress as its worker last reported it (a number from 0 to 100), or null. */
export async function jobProgress(redis: Redis, name: QueueName, jobId: string): Promise<number | null> {
  const stored = await redis.hget(jobKey(name, jobId), 'progress');
  const value = Number(stored);
  return stored !== null && Number.isFinite(value) ? value : null;
}
