import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, isUuid, MaxArchiveImages, StorageKeys, type Creation, type CreationPage, type CreationPageQuery } from '@trendforge/contracts';
import { fail, STORAGE, type ObjectStorage } from '@trendforge/platform';
import type { CreationEntity } from './entities.js';
import { encodeCursor, pageFilter } from './gallery-page.js';
import { CreationRepository } from './repositories/index.js';

/** Where a creation's 1200×630 share preview is kept (made by the gateway on the first request, removed with the creation). */
export const sharePreviewKey = (userId: string, creationId: string) => `shares/${userId}/${creationId}-og.jpg`;

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
    private readonly creations: CreationRepository,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(userId: string, limit = MaxListLimit): Promise<Creation[]> {
    const take = Math.min(Math.max(Math.trunc(limit) || MaxListLimit, 1), MaxListLimit);
    return (await this.creations.newest(userId, take)).map(toCreation);
  }

  /** One page, newest first (CreationRepository.page: by keyset, so a late page costs what the first one does). */
  async page({ userId, ...query }: CreationPageQuery): Promise<CreationPage> {
    const filter = pageFilter(query);
    const rows = await this.creations.page(userId, filter);
    const items = rows.slice(0, filter.limit);
    // The repository reads one row more than the page holds: there is a next page when it found one.
    const last = items.length === filter.limit && rows.length > filter.limit ? items[items.length - 1] : null;
    return {
      items: items.map((row) => toCreation(row.creation)),
      nextCursor: last ? encodeCursor({ at: last.cursorAt, id: last.creation.id }) : null,
    };
  }

  /** The member's own creations by id (the ZIP download), in the order asked; NOT_FOUND when any is someone else's or gone. */
  async getMany(ids: string[], userId: string): Promise<Creation[]> {
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > MaxArchiveImages || !ids.every(isUuid)) {
      fail(ErrorCode.BadRequest, `Choose 1 to ${MaxArchiveImages} images`);
    }
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = new Map((await this.creations.ownedAmong(unique, userId)).map((row) => [row.id, row]));
    if (rows.size !== unique.length) fail(ErrorCode.NotFound, 'Image Not Found');
    return unique.map((id) => toCreation(rows.get(id)!));
  }

  async get(id: string, userId: string): Promise<Creation> {
    return toCreation(await this.owned(id, userId));
  }

  async toggleFavorite(id: string, userId: string): Promise<Creation> {
    const row = await this.owned(id, userId);
    await this.creations.setFavorite(id, userId, !row.isFavorite);
    return toCreation({ ...row, isFavorite: !row.isFavorite });
  }

  async delete(id: string, userId: string): Promise<{ deleted: true }> {
    const row = await this.owned(id, userId);
    await this.creations.delete(id, userId);
    const keys = [
      row.resultKey, row.thumbnailKey, row.originalKey, row.originalKey && StorageKeys.matte(row.originalKey), StorageKeys.export4k(userId, id), sharePreviewKey(userId, id),
      // A render preview the worker could not remove once the result was stored.
      StorageKeys.preview(userId, id),
    ].filter((key): key is string => !!key);
    await Promise.all(keys.map((key) => this.storage.delete(key)));
    return { deleted: true };
  }

  private async owned(id: string, userId: string): Promise<CreationEntity> {
    const row = await this.creations.owned(id, userId);
    if (!row) fail(ErrorCode.NotFound, 'Image Not Found');
    return row;
  }
}
