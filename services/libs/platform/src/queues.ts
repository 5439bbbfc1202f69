import { Logger } from '@nestjs/common';
import { Queue, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  GenerationQueueChannel, GenerationUpdatesChannel, PhotoUpdatesChannel, type GenerationQueueSnapshot, type GenerationUpdate, type JobData, type JobResult,
  type Photo, type QueueName,
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

/** A queue typed by its name: the payload and result its jobs carry (QueueJobs). */
export type TypedQueue<N extends QueueName> = Queue<JobData<N>, JobResult<N>>;

/**
 * Every queue key starts with the stack's namespace, e.g. `tf:generation:wait`. The connection
 * comes back by itself after a Redis restart (commands wait for it); its errors are logged.
 * Its depth is reported on the process's /metrics until it is closed, and jobs added to it carry
 * the trace when tracing is on.
 */
export function createQueue<N extends QueueName>(name: N, redisUrl: string): TypedQueue<N> {
  const queue = new Queue<JobData<N>, JobResult<N>>(name, { connection: queueConnection(redisUrl), prefix: busNamespace(), telemetry: queueTelemetry() });
  queue.on('error', (error) => queueLog.warn({ err: error, queue: name }, 'queue connection'));
  observeQueue(queue as Queue);
  return queue;
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

/**
 * Ids of the first `limit` waiting jobs, next first, in the order waitingPosition counts them:
 * BullMQ's public getRanges lists each state in turn (the wait list, then the prioritized set).
 */
export async function waitingJobIds(queue: Queue, limit: number): Promise<string[]> {
  return (await queue.getRanges(['wait', 'prioritized'], 0, limit - 1, true)).slice(0, limit);
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
