import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { FavoriteEntity, TrendEntity } from '../entities.js';

/** Members' favourite trends. */
@Injectable()
export class FavoriteRepository {
  constructor(@InjectRepository(FavoriteEntity) private readonly favorites: Repository<FavoriteEntity>) {}

  /** The slugs a member saved, in the order they were saved. */
  async slugsOf(userId: string): Promise<string[]> {
    const rows = await this.favorites.createQueryBuilder('f')
      .innerJoin(TrendEntity, 't', 't.id = f.trendId')
      .select('t.slug', 'slug')
      .where('f.userId = :userId', { userId })
      .orderBy('f.createdAt').addOrderBy('t.slug')
      .getRawMany<{ slug: string }>();
    return rows.map((row) => row.slug);
  }

  /** The trends a member saved, in catalogue order. */
  trendsOf(userId: string): Promise<TrendEntity[]> {
    return this.favorites.manager.createQueryBuilder(TrendEntity, 't')
      .innerJoin(FavoriteEntity, 'f', 'f.trendId = t.id AND f.userId = :userId', { userId })
      .orderBy('t.sortOrder').addOrderBy('t.name')
      .getMany();
  }

  /** Saving a saved trend again changes nothing. */
  async add(userId: string, trendId: string): Promise<void> {
    await this.favorites.manager.createQueryBuilder().insert().into(FavoriteEntity).values({ userId, trendId }).orIgnore().updateEntity(false).execute();
  }

  async remove(userId: string, trendId: string): Promise<void> {
    await this.favorites.delete({ userId, trendId });
  }
}
