import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { votingWeekOf, type VotingTrend } from '@trendforge/contracts';
import { CLOCK, type Clock } from './clock.js';
import { TrendsService, WeeklyCategory } from './trends.service.js';

interface VotingRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  created_at: Date;
  votes: string;
  voted: boolean;
}

/**
 * The Board (DESIGN.md section 2): one vote per member per trend per voting week, enforced by the
 * votes table's primary key. Counts are always counted from the stored votes, never kept aside,
 * so concurrent toggles cannot make them drift.
 */
@Injectable()
export class VotesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly trends: TrendsService,
  ) {}

  async board(userId?: string): Promise<VotingTrend[]> {
    return this.rows(userId ?? null, null);
  }

  /** Adds the member's vote for this week (a second vote is a no-op) and answers the new count. */
  async vote(userId: string, slug: string): Promise<VotingTrend> {
    const trend = await this.trends.entityBySlug(slug);
    await this.db.query(
      `INSERT INTO "trends"."votes" (user_id, trend_id, week) VALUES ($1, $2, $3::date) ON CONFLICT DO NOTHING`,
      [userId, trend.id, votingWeekOf(this.clock.now())],
    );
    return (await this.rows(userId, trend.id))[0];
  }

  async unvote(userId: string, slug: string): Promise<VotingTrend> {
    const trend = await this.trends.entityBySlug(slug);
    await this.db.query(
      `DELETE FROM "trends"."votes" WHERE user_id = $1 AND trend_id = $2 AND week = $3::date`,
      [userId, trend.id, votingWeekOf(this.clock.now())],
    );
    return (await this.rows(userId, trend.id))[0];
  }

  private async rows(userId: string | null, trendId: string | null): Promise<VotingTrend[]> {
    const [rows, weekly] = await Promise.all([
      this.db.query(
        `SELECT t.id, t.slug, t.name, t.description, t.category, t.created_at,
                count(v.user_id) AS votes, coalesce(bool_or(v.user_id = $2::uuid), false) AS voted
           FROM "trends"."trends" t
           LEFT JOIN "trends"."votes" v ON v.trend_id = t.id AND v.week = $1::date
          WHERE $3::uuid IS NULL OR t.id = $3::uuid
          GROUP BY t.id
          ORDER BY count(v.user_id) DESC, t.sort_order, t.name`,
        [votingWeekOf(this.clock.now()), userId, trendId],
      ) as Promise<VotingRow[]>,
      this.trends.weeklyTrendId(),
    ]);
    return rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      description: row.description,
      category: row.id === weekly ? WeeklyCategory : row.category,
      votes: Number(row.votes),
      voted: row.voted,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
