import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { CreationEntity } from '../entities.js';
import type { PageFilter } from '../gallery-page.js';

/** A creation as it is recorded: every column but created_at, which PostgreSQL sets. */
export type NewCreation = Omit<CreationEntity, 'createdAt'>;

/** A creation of a gallery page and its created_at with PostgreSQL's microseconds (the cursor). */
export interface PagedCreation {
  creation: CreationEntity;
  cursorAt: string;
}

/** Members' creations (their galleries). */
@Injectable()
export class CreationRepository {
  constructor(@InjectRepository(CreationEntity) private readonly creations: Repository<CreationEntity>) {}

  /** The member's newest creations. */
  newest(userId: string, take: number): Promise<CreationEntity[]> {
    return this.creations.find({ where: { userId }, order: { createdAt: 'DESC' }, take });
  }

  /**
   * One gallery page, newest first, by keyset: the rows after the filter's cursor (created_at, id),
   * one more than the page holds, so the caller knows whether another page follows. Each filter has
   * an index that keeps this order (migration GalleryPagesAndShareLinks), so a late page costs what
   * the first one does.
   */
  async page(userId: string, filter: PageFilter): Promise<PagedCreation[]> {
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
    return entities.map((creation, index) => ({ creation, cursorAt: raw[index].cursor_at }));
  }

  /** The member's creations among `ids` (in no particular order; someone else's are left out). */
  ownedAmong(ids: string[], userId: string): Promise<CreationEntity[]> {
    return this.creations.findBy({ id: In(ids), userId });
  }

  owned(id: string, userId: string): Promise<CreationEntity | null> {
    return this.creations.findOneBy({ id, userId });
  }

  isOwned(id: string, userId: string): Promise<boolean> {
    return this.creations.existsBy({ id, userId });
  }

  /** The creation, read in the caller's transaction when given its manager. */
  byId(id: string, manager: EntityManager = this.creations.manager): Promise<CreationEntity | null> {
    return manager.findOneBy(CreationEntity, { id });
  }

  /** Records a creation, inside the caller's transaction when given its manager. */
  add(creation: NewCreation, manager: EntityManager = this.creations.manager): Promise<CreationEntity> {
    return manager.save(manager.create(CreationEntity, creation));
  }

  async setFavorite(id: string, userId: string, isFavorite: boolean): Promise<void> {
    await this.creations.update({ id, userId }, { isFavorite });
  }

  async delete(id: string, userId: string): Promise<void> {
    await this.creations.delete({ id, userId });
  }
}
