import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { PhotoEntity } from '../entities.js';

/** A photo as registered: what the gateway stored. */
export type NewPhoto = Pick<PhotoEntity, 'id' | 'userId' | 'key' | 'width' | 'height'>;

/** What traits-worker read from a photo. */
export type PhotoAnalysis = Pick<PhotoEntity, 'traits' | 'faces' | 'note' | 'face'>;

/** A photo after a status change, and whether this call changed it. */
export interface PhotoChange {
  photo: PhotoEntity;
  changed: boolean;
}

/** Members' creation photos and their analyses. */
@Injectable()
export class PhotoRepository {
  constructor(@InjectRepository(PhotoEntity) private readonly photos: Repository<PhotoEntity>) {}

  byId(id: string): Promise<PhotoEntity | null> {
    return this.photos.findOneBy({ id });
  }

  owned(id: string, userId: string): Promise<PhotoEntity | null> {
    return this.photos.findOneBy({ id, userId });
  }

  /** Records the photo as being analysed unless a photo with its id is recorded (then nothing changes). */
  async addAnalyzing(photo: NewPhoto): Promise<void> {
    await this.photos.createQueryBuilder().insert().into(PhotoEntity)
      .values({ ...photo, status: 'analyzing', traits: [], faces: null, note: null, failureReason: null, face: null, analysedAt: null })
      .orIgnore()
      .execute();
  }

  /** Records the analysis under the photo's row lock unless it is recorded already (a late one replaces a failure); null when there is no such photo. */
  markAnalysed(id: string, analysis: PhotoAnalysis): Promise<PhotoChange | null> {
    return this.photos.manager.transaction(async (tx) => {
      const photo = await tx.findOne(PhotoEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!photo) return null;
      if (photo.status === 'done') return { photo, changed: false };
      Object.assign(photo, analysis, { status: 'done', failureReason: null, analysedAt: new Date() });
      return { photo: await tx.save(photo), changed: true };
    });
  }

  /** Marks an analysis in progress failed with `reason`, under the photo's row lock (an ended one stays as it is); null when there is no such photo. */
  markFailed(id: string, reason: string): Promise<PhotoChange | null> {
    return this.photos.manager.transaction(async (tx) => {
      const photo = await tx.findOne(PhotoEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!photo) return null;
      if (photo.status !== 'analyzing') return { photo, changed: false };
      Object.assign(photo, { status: 'failed', failureReason: reason, analysedAt: new Date() });
      return { photo: await tx.save(photo), changed: true };
    });
  }

  /** The oldest photos still being analysed that were registered before `before`. */
  analyzingRegisteredBefore(before: Date, take: number): Promise<PhotoEntity[]> {
    return this.photos.find({ where: { status: 'analyzing', createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take });
  }

  /** The oldest photos registered before `before`. */
  registeredBefore(before: Date, take: number): Promise<PhotoEntity[]> {
    return this.photos.find({ where: { createdAt: LessThan(before) }, order: { createdAt: 'ASC' }, take });
  }

  async delete(id: string): Promise<void> {
    await this.photos.delete({ id });
  }

  async deleteOwned(id: string, userId: string): Promise<void> {
    await this.photos.delete({ id, userId });
  }
}
