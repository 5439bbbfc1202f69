import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Trend } from '@trendforge/contracts';
import { MemberRoles } from './member-roles.js';
import { TrendsService } from './trends.service.js';

/** Favourite trends: saved by pro and pro_unlimited members only (spec part 2 section 6). */
@Injectable()
export class FavoritesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly trends: TrendsService,
    private readonly roles: MemberRoles,
  ) {}

  /** The slugs a member saved, in the order they were saved. */
  async slugs(userId: string): Promise<string[]> {
    const rows: { slug: string }[] = await this.db.query(
      `SELECT t.slug FROM "trends"."favorites" f JOIN "trends"."trends" t ON t.id = f.trend_id
       WHERE f.user_id = $1 ORDER BY f.created_at, t.slug`,
      [userId],
    );
    return rows.map((r) => r.slug);
  }

  async trendsOf(userId: string): Promise<Trend[]> {
    await this.roles.requireFavorites(userId);
    return this.trends.favoritesOf(userId);
  }

  async add(userId: string, slug: string) {
    const trend = await this.trends.entityBySlug(slug);
    await this.roles.requireFavorites(userId);
    await this.db.query(
      `INSERT INTO "trends"."favorites" (user_id, trend_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, trend.id],
    );
    return { slug: trend.slug, favorite: true };
  }

  async remove(userId: string, slug: string) {
    const trend = await this.trends.entityBySlug(slug);
    await this.roles.requireFavorites(userId);
    await this.db.query(`DELETE FROM "trends"."favorites" WHERE user_id = $1 AND trend_id = $2`, [userId, trend.id]);
    return { slug: trend.slug, favorite: false };
  }
}
