import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ErrorCode, StorageKeys, type Creation } from '@trendforge/contracts';
import { fail, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { CreationEntity } from './entities.js';

/** Gallery lists are limited to 100 (spec part 2 section 9). */
export const MaxListLimit = 100;

export function toCreation(entity: CreationEntity): Creation {
  return {
    id: entity.id,
    userId: entity.userId,
    trendSlug: entity.trendSlug,
    prompt: entity.prompt,
    caption: entity.caption,
    engine: entity.engine,
    resultKey: entity.resultKey,
    thumbnailKey: entity.thumbnailKey,
    originalKey: entity.originalKey,
    isFavorite: entity.isFavorite,
    createdAt: entity.createdAt.toISOString(),
  };
}

/** A member's creations. Every read and write is scoped to the owner: another's id is "not found". */
@Injectable()
export class CreationsService {
  constructor(
    @InjectRepository(CreationEntity) private readonly creations: Repository<CreationEntity>,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(userId: string, limit = MaxListLimit): Promise<Creation[]> {
    const take = Math.min(Math.max(Math.trunc(limit) || MaxListLimit, 1), MaxListLimit);
    const rows = await this.creations.find({ where: { userId }, order: { createdAt: 'DESC' }, take });
    return rows.map(toCreation);
  }

  async get(id: string, userId: string): Promise<Creation> {
    return toCreation(await this.owned(id, userId));
  }

  async toggleFavorite(id: string, userId: string): Promise<Creation> {
    const row = await this.owned(id, userId);
    await this.creations.update({ id, userId }, { isFavorite: !row.isFavorite });
    return toCreation({ ...row, isFavorite: !row.isFavorite });
  }

  async delete(id: string, userId: string): Promise<{ deleted: true }> {
    const row = await this.owned(id, userId);
    await this.creations.delete({ id, userId });
    const keys = [row.resultKey, row.thumbnailKey, row.originalKey, StorageKeys.export4k(userId, id)].filter((key): key is string => !!key);
    await Promise.all(keys.map((key) => this.storage.delete(key)));
    return { deleted: true };
  }

  private async owned(id: string, userId: string): Promise<CreationEntity> {
    const row = await this.creations.findOneBy({ id, userId });
    if (!row) fail(ErrorCode.NotFound, 'Image Not Found');
    return row;
  }
}
