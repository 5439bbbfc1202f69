import { Logger } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  GenerationQueueChannel, GenerationUpdatesChannel, PhotoUpdatesChannel, type Photo, type GenerationQueueSnapshot, type GenerationUpdate, type QueueName,
} from '@trendforge/contracts';
import { observeQueue } from './metrics.js';
import { busNamespace } from './redis.js';
import { queueTelemetry } from './tracing.js';

/**
 * BullMQ needs `maxRetriesPerRequest: null` on its connections (blocking commands); with it a
 * command waits through a Redis restart instead of failing with MaxRetriesPerRequestError.
 */
export function queueConnection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

const queueLog = new Logger('Queue');

/**
 * Every queue key starts with the stack's namespace, e.g. `tf:generation:wait`. The connection
 * comes back by itself after a Redis restart (commands wait for it); its errors are logged.
 * Its depth is reported on the process's /metrics until it is closed, and jobs added to it carry
 * the trace when tracing is on.
 */
export function createQueue<Data, Result = unknown>(name: QueueName, redisUrl: string): Queue<Data, Result> {
  const queue = new Queue<Data, Result>(name, { connection: queueConnection(redisUrl), prefix: busNamespace(), telemetry: queueTelemetry() });
  queue.on('error', (error) => queueLog.warn({ err: error, queue: name }, 'queue connection'));
  observeQueue(queue as Queue);
  return queue;
}

/** The Redis list of jobs waiting without a priority. */
export const waitListKey = (name: QueueName) => `${busNamespace()}:${name}:wait`;
/** The sorted set of jobs waiting with a priority (score: priority, then arrival). */
export const prioritizedKey = (name: QueueName) => `${busNamespace()}:${name}:prioritized`;
/** A job's hash (its data, options and progress), there from the moment it is added. */
const jobKey = (name: QueueName, jobId: string) => `${busNamespace()}:${name}:${jobId}`;

/*
 * How BullMQ picks the next job: from the wait list first (new jobs pushed on the left, taken from
 * the right; stalled jobs put back on the right), then the prioritized set, lowest score first.
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
  const value = Number(await redis.hget(jobKey(name, jobId), 'progress'));
  return Number.isFinite(value) ? value : null;
}

/** How many previews a rendering generation has handed back (for a poll between pushes); gone an hour after the last. */
const generationPreviewsKey = (generationId: string) => `${busNamespace()}:generation-previews:${generationId}`;
const GenerationPreviewsTtlSeconds = 3600;

/** Records that a generation's `n`th preview is stored. */
export async function recordGenerationPreviews(redis: Redis, generationId: string, n: number): Promise<void> {
  await redis.set(generationPreviewsKey(generationId), String(n), 'EX', GenerationPreviewsTtlSeconds);
}

/** How many previews of a generation are stored (0 when none). */
export async function generationPreviews(redis: Redis, generationId: string): Promise<number> {
  const value = Number(await redis.get(generationPreviewsKey(generationId)));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** Ids of the first `limit` waiting jobs, next first, in the order waitingPosition counts them. */
export async function waitingJobIds(redis: Redis, name: QueueName, limit: number): Promise<string[]> {
  const unprioritized = (await redis.lrange(waitListKey(name), -limit, -1)).reverse();
  const rest = limit - unprioritized.length;
  return rest > 0 ? [...unprioritized, ...await redis.zrange(prioritizedKey(name), 0, String(rest - 1))] : unprioritized;
}

export const generationUpdatesChannel = () => `${busNamespace()}.${GenerationUpdatesChannel}`;
export const generationQueueChannel = () => `${busNamespace()}.${GenerationQueueChannel}`;
export const photoUpdatesChannel = () => `${busNamespace()}.${PhotoUpdatesChannel}`;

const pushLog = new Logger('GenerationPush');

/**
 * Pushes a generation's state to every gateway instance (they relay it to subscribers). Best effort,
 * never rejects: a lost push is made good by the next one, and followers read the state when they start.
 */
export async function publishGenerationUpdate(redis: Redis, update: GenerationUpdate): Promise<void> {
  await redis.publish(generationUpdatesChannel(), JSON.stringify(update))
    .catch((error: unknown) => pushLog.warn({ err: error, generationId: update.id }, 'generation update not published'));
}

/** Pushes a photo's analysis to every gateway instance (they relay it to its owner). Best effort, never rejects. */
export async function publishPhotoUpdate(redis: Redis, photo: Photo): Promise<void> {
  await redis.publish(photoUpdatesChannel(), JSON.stringify(photo))
    .catch((error: unknown) => pushLog.warn({ err: error, photoId: photo.id }, 'photo update not published'));
}

/** Pushes the queue as it moves to every gateway instance (position and ETA of queued generations). Best effort. */
export async function publishGenerationQueue(redis: Redis, snapshot: GenerationQueueSnapshot): Promise<void> {
  await redis.publish(generationQueueChannel(), JSON.stringify(snapshot))
    .catch((error: unknown) => pushLog.warn({ err: error }, 'generation queue not published'));
}
