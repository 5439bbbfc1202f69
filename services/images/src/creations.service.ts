import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ErrorCode, isUuid, MaxArchiveImages, StorageKeys, type Creation, type CreationPage, type CreationPageQuery } from '@trendforge/contracts';
import { fail, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { CreationEntity } from './entities.js';
import { encodeCursor, pageFilter } from './gallery-page.js';

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
    @InjectRepository(CreationEntity) private readonly creations: Repository<CreationEntity>,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async list(userId: string, limit = MaxListLimit): Promise<Creation[]> {
    const take = Math.min(Math.max(Math.trunc(limit) || MaxListLimit, 1), MaxListLimit);
    const rows = await this.creations.find({ where: { userId }, order: { createdAt: 'DESC' }, take });
    return rows.map(toCreation);
  }

  /**
   * One page, newest first, by keyset: rows after the cursor's (created_at, id), one more than
   * asked to know whether another page follows. Each filter has an index that keeps this order
   * (migration GalleryPagesAndShareLinks), so a late page costs what the first one does.
   */
  async page({ userId, ...query }: CreationPageQuery): Promise<CreationPage> {
    const filter = pageFilter(query);
    const rows = this.creations.createQueryBuilder('c')
      // The cursor keeps PostgreSQL's microseconds; a Date would round them and skip or repeat rows.
      .addSelect(`to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursor_at')
      .where('c.user_id = :userId', { userId })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(filter.limit + 1);
    if (filter.trendSlug) rows.andWhere('c.trend_slug = :trendSlug', { trendSlug: filter.trendSlug });
    if (filter.favoritesOnly) rows.andWhere('c.is_favorite');
    if (filter.since) rows.andWhere('c.created_at >= :since', { since: filter.since });
    if (filter.before) rows.andWhere('c.created_at < :before', { before: filter.before });
    if (filter.after) rows.andWhere('(c.created_at, c.id) < (CAST(:afterAt AS timestamptz), CAST(:afterId AS uuid))', { afterAt: filter.after.at, afterId: filter.after.id });
    const { entities, raw } = await rows.getRawAndEntities<{ cursor_at: string }>();
    const items = entities.slice(0, filter.limit);
    const last = items.length === filter.limit && entities.length > filter.limit ? items[items.length - 1] : null;
    return {
      items: items.map(toCreation),
      nextCursor: last ? encodeCursor({ at: raw[items.length - 1].cursor_at, id: last.id }) : null,
    };
  }

  /** The member's own creations by id (the ZIP download), in the order asked; NOT_FOUND when any is someone else's or gone. */
  async getMany(ids: string[], userId: string): Promise<Creation[]> {
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > MaxArchiveImages || !ids.every(isUuid)) {
      fail(ErrorCode.BadRequest, `Choose 1 to ${MaxArchiveImages} images`);
    }
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = new Map((await this.creations.findBy({ id: In(unique), userId })).map((row) => [row.id, row]));
    if (rows.size !== unique.length) fail(ErrorCode.NotFound, 'Image Not Found');
    return unique.map((id) => toCreation(rows.get(id)!));
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
    const keys = [
      row.resultKey, row.thumbnailKey, row.originalKey, row.originalKey && StorageKeys.matte(row.originalKey), StorageKeys.export4k(userId, id), sharePreviewKey(userId, id),
      // A render preview the worker could not remove once the result was stored.
      StorageKeys.preview(userId, id),
    ].filter((key): key is string => !!key);
    await Promise.all(keys.map((key) => this.storage.delete(key)));
    return { deleted: true };
  }

  private async owned(id: string, userId: string): Promise<CreationEntity> {
    const row = await this.creations.findOneBy({ id, userId });
    if (!row) fail(ErrorCode.NotFound, 'Image Not Found');
    return row;
  }
}
