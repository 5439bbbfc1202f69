import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { TrendEntity, VoteEntity } from '../entities.js';

/** A trend on the Board of one voting week. */
export interface BoardRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  createdAt: Date;
  /** Counted from the stored votes (bigint: a string). */
  votes: string;
  /** Whether the asking member voted for it. */
  voted: boolean;
}

/** The Board's votes: one per member, trend and voting week (the table's primary key). */
@Injectable()
export class VoteRepository {
  constructor(@InjectRepository(VoteEntity) private readonly votes: Repository<VoteEntity>) {}

  /** A second vote of the same member for the same trend and week is a no-op. */
  async add(userId: string, trendId: string, week: string): Promise<void> {
    await this.votes.manager.createQueryBuilder().insert().into(VoteEntity).values({ userId, trendId, week }).orIgnore().updateEntity(false).execute();
  }

  async remove(userId: string, trendId: string, week: string): Promise<void> {
    await this.votes.delete({ userId, trendId, week });
  }

  /**
   * Every trend (or only `trendId`) with its votes in `week`, most voted first, then in catalogue
   * order; `voted` is whether `userId` (when given) voted for it.
   */
  board(week: string, userId: string | null, trendId: string | null): Promise<BoardRow[]> {
    const query = this.votes.manager.createQueryBuilder(TrendEntity, 't')
      .select('t.id', 'id').addSelect('t.slug', 'slug').addSelect('t.name', 'name').addSelect('t.description', 'description')
      .addSelect('t.category', 'category').addSelect('t.createdAt', 'createdAt')
      .addSelect('count(v.userId)', 'votes')
      .addSelect('coalesce(bool_or(v.userId = :userId::uuid), false)', 'voted')
      .leftJoin(VoteEntity, 'v', 'v.trendId = t.id AND v.week = :week')
      .setParameters({ userId, week })
      .groupBy('t.id')
      .orderBy('count(v.userId)', 'DESC').addOrderBy('t.sortOrder').addOrderBy('t.name');
    if (trendId) query.where('t.id = :trendId', { trendId });
    return query.getRawMany<BoardRow>();
  }
}
