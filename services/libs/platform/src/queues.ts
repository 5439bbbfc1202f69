import { Queue, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { GenerationUpdatesChannel, type GenerationUpdate, type QueueName } from '@trendforge/contracts';
import { busNamespace } from './redis.js';

/** BullMQ needs `maxRetriesPerRequest: null` on its connections (blocking commands). */
export function queueConnection(redisUrl: string): ConnectionOptions {
  return { url: redisUrl, maxRetriesPerRequest: null };
}

/** Every queue key starts with the stack's namespace, e.g. `tf:generation:wait`. */
export function createQueue<Data, Result = unknown>(name: QueueName, redisUrl: string): Queue<Data, Result> {
  return new Queue<Data, Result>(name, { connection: queueConnection(redisUrl), prefix: busNamespace() });
}

/** The Redis list of jobs waiting in a queue (what k8s autoscaling watches). */
export const waitListKey = (name: QueueName) => `${busNamespace()}:${name}:wait`;

/**
 * Place of a waiting job: 0 means next. BullMQ pushes new jobs on the left and takes from the right,
 * so the place counts the jobs to the job's right. Null when the job is no longer waiting.
 */
export async function waitingPosition(redis: Redis, name: QueueName, jobId: string): Promise<number | null> {
  const key = waitListKey(name);
  const [index, length] = await Promise.all([redis.lpos(key, jobId), redis.llen(key)]);
  return index === null ? null : length - 1 - index;
}

export const generationUpdatesChannel = () => `${busNamespace()}.${GenerationUpdatesChannel}`;

/** Pushes a generation's state to every gateway instance (they relay it to subscribers). */
export async function publishGenerationUpdate(redis: Redis, update: GenerationUpdate): Promise<void> {
  await redis.publish(generationUpdatesChannel(), JSON.stringify(update));
}
