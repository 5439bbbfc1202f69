import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  ErrorCode, isUuid, PhotoMessages, PhotoRetentionDays, QueueName, StorageKeys, type MessageRequest, type Photo, type TraitsJob,
  type TraitsJobResult,
} from '@trendforge/contracts';
import { createQueue, fail, publishPhotoUpdate, REDIS, STORAGE, type ObjectStorage } from '@trendforge/platform';
import type { PhotoEntity } from './entities.js';
import { PhotoRepository, type PhotoChange } from './repositories/index.js';

export type TraitsQueue = Queue<TraitsJob, TraitsJobResult>;
export const TRAITS_QUEUE = Symbol('TRAITS_QUEUE');

export const traitsQueueProvider = (redisUrl: string): Provider => ({
  provide: TRAITS_QUEUE,
  useFactory: () => createQueue(QueueName.traits, redisUrl),
});

/** A traits job failing (a worker crash, storage hiccup) is tried this many times in all. */
export const TraitsAttempts = 3;

const RetentionMs = PhotoRetentionDays * 24 * 3600_000;
/** Photos looked at per sweep (the oldest first). */
const Batch = 500;
/** A traits job is queued within this of registering: younger photos are left to the normal flow. */
const RegisterGraceMs = 60_000;

export function toPhoto(entity: PhotoEntity): Photo {
  return {
    id: entity.id,
    userId: entity.userId,
    key: entity.key,
    width: entity.width,
    height: entity.height,
    status: entity.status,
    traits: entity.traits,
    faces: entity.faces,
    note: entity.note,
    failureReason: entity.failureReason,
    face: entity.face,
    createdAt: entity.createdAt.toISOString(),
  };
}

const expired = (row: PhotoEntity, now = Date.now()) => now - row.createdAt.getTime() > RetentionMs;

/** A photo's change, or NOT_FOUND when there is no such photo. */
function foundPhoto(change: PhotoChange | null): PhotoChange {
  if (!change) fail(ErrorCode.NotFound, PhotoMessages.notFound);
  return change;
}

const isSize = (value: unknown) => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 100_000;

/**
 * Members' creation photos: recorded when the gateway has stored one, analysed by traits-worker
 * through the `traits` queue (the job id is the photo id, so a photo is analysed once), pushed to
 * the gateways as the analysis ends, and deleted after PhotoRetentionDays (creations keep a copy).
 * Only the owner ever sees a photo: another member's id is "not found".
 */
@Injectable()
export class PhotosService implements OnApplicationShutdown {
  private readonly log = new Logger(PhotosService.name);

  constructor(
    private readonly photos: PhotoRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(TRAITS_QUEUE) private readonly queue: TraitsQueue,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async onApplicationShutdown() {
    await this.queue.close();
  }

  /**
   * Records a photo the gateway stored and queues its analysis. Idempotent by id: a repeat answers
   * the row as it is (with its traits once done) and queues again only while it is analysing (the
   * job id dedupes), so a register whose enqueue was lost is made good by the next one.
   */
  async register({ userId, id, key, width, height }: MessageRequest<'images.photo.register'>): Promise<Photo> {
    if (!isUuid(userId) || !isUuid(id) || key !== StorageKeys.photo(userId, id)) fail(ErrorCode.BadRequest, 'A photo must be stored under its owner and id');
    if (!isSize(width) || !isSize(height)) fail(ErrorCode.BadRequest, 'A photo needs its width and height in pixels');
    const earlier = await this.photos.owned(id, userId);
    // The same bytes uploaded again after retention: a new photo, not one housekeeping is about to delete.
    if (earlier && expired(earlier)) await this.photos.deleteOwned(id, userId);
    await this.photos.addAnalyzing({ id, userId, key, width, height });
    const row = await this.photos.byId(id);
    if (!row || row.userId !== userId) fail(ErrorCode.NotFound, PhotoMessages.notFound);
    if (row.status !== 'analyzing') return toPhoto(row);
    await this.enqueue(row);
    const photo = toPhoto(row);
    await publishPhotoUpdate(this.redis, photo);
    return photo;
  }

  private async enqueue(row: PhotoEntity): Promise<void> {
    try {
      await this.queue.add('analyse', { userId: row.userId, photoId: row.id, imageKey: row.key }, {
        jobId: row.id,
        attempts: TraitsAttempts,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
    } catch (error) {
      // Nothing will analyse it: the member hears so now and can describe themselves instead.
      this.log.error({ err: error, photoId: row.id }, 'traits job not enqueued');
      await this.failed(row.id).catch(() => undefined);
      fail(ErrorCode.Unavailable, PhotoMessages.analysisFailed);
    }
  }

  async get(id: string, userId: string): Promise<Photo> {
    return toPhoto(await this.owned(id, userId));
  }

  /** The owner's photo while it is kept; NOT_FOUND for anyone else's, an expired one or a malformed id. */
  async owned(id: string, userId: string): Promise<PhotoEntity> {
    const row = isUuid(id) && isUuid(userId) ? await this.photos.owned(id, userId) : null;
    // Past retention it is as good as deleted, even before housekeeping gets to it.
    if (!row || expired(row)) fail(ErrorCode.NotFound, PhotoMessages.notFound);
    return row;
  }

  /** traits-worker's answer, recorded once (a late one still beats a failure); a repeat is a no-op. */
  async analysed(id: string, result: TraitsJobResult): Promise<Photo> {
    const { photo: row, changed } = foundPhoto(isUuid(id) ? await this.photos.markAnalysed(id, {
      traits: Array.isArray(result.traits) ? result.traits.filter((trait) => typeof trait === 'string') : [],
      faces: Number.isInteger(result.faces) ? result.faces : 0,
      note: result.note ?? null,
      face: result.face ?? null,
    }) : null);
    const photo = toPhoto(row);
    if (changed) await publishPhotoUpdate(this.redis, photo);
    return photo;
  }

  /** The analysis failed for good (the queue gave up on its job): the member is told, once. */
  async failed(id: string): Promise<Photo> {
    const { photo: row, changed } = foundPhoto(isUuid(id) ? await this.photos.markFailed(id, PhotoMessages.analysisFailed) : null);
    const photo = toPhoto(row);
    if (changed) {
      this.log.warn({ photoId: id }, 'photo analysis failed');
      await publishPhotoUpdate(this.redis, photo);
    }
    return photo;
  }

  /**
   * Ends the analyses whose ending got lost (a report that never arrived, a failure nobody heard
   * of, a job that vanished) from what their job says, and deletes photos past retention (row and
   * stored file). Idempotent; Housekeeping runs it on one replica at a time.
   */
  async sweep(now = Date.now()): Promise<{ settled: number; deleted: number }> {
    let settled = 0;
    const stuck = await this.photos.analyzingRegisteredBefore(new Date(now - RegisterGraceMs), Batch);
    for (const row of stuck) {
      try {
        const job = await this.queue.getJob(row.id);
        const state = job ? await job.getState() : 'missing';
        if (state === 'completed' && job?.returnvalue) await this.analysed(row.id, job.returnvalue);
        else if (state === 'failed' || state === 'completed' || state === 'missing' || state === 'unknown') await this.failed(row.id);
        else continue; // still on its way
        settled += 1;
      } catch (error) {
        this.log.error({ err: error, photoId: row.id }, 'photo analysis not settled');
      }
    }
    let deleted = 0;
    const expired = await this.photos.registeredBefore(new Date(now - RetentionMs), Batch);
    for (const row of expired) {
      try {
        await this.storage.delete(row.key);
        await this.storage.delete(StorageKeys.matte(row.key));
        await this.photos.delete(row.id);
        deleted += 1;
      } catch (error) {
        this.log.error({ err: error, photoId: row.id }, 'expired photo not deleted');
      }
    }
    if (settled + deleted > 0) this.log.warn({ settled, deleted }, 'swept photos');
    return { settled, deleted };
  }
}
