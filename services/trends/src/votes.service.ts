import { Inject, Injectable } from '@nestjs/common';
import { votingWeekOf, type VotingTrend } from '@trendforge/contracts';
import { CLOCK, type Clock } from './clock.js';
import { VoteRepository } from './repositories/index.js';
import { TrendsService, WeeklyCategory } from './trends.service.js';

/**
 * The Board (DESIGN.md section 2): one vote per member per trend per voting week, enforced by the
 * votes table's primary key. Counts are always counted from the stored votes, never kept aside,
 * so concurrent toggles cannot make them drift.
 */
@Injectable()
export class VotesService {
  constructor(
    private readonly votes: VoteRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly trends: TrendsService,
  ) {}

  async board(userId?: string): Promise<VotingTrend[]> {
    return this.rows(userId ?? null, null);
  }

  /** Adds the member's vote for this week (a second vote is a no-op) and answers the new count. */
  async vote(userId: string, slug: string): Promise<VotingTrend> {
    const trend = await this.trends.entityBySlug(slug);
    await this.votes.add(userId, trend.id, votingWeekOf(this.clock.now()));
    return (await this.rows(userId, trend.id))[0];
  }

  async unvote(userId: string, slug: string): Promise<VotingTrend> {
    const trend = await this.trends.entityBySlug(slug);
    await this.votes.remove(userId, trend.id, votingWeekOf(this.clock.now()));
    return (await this.rows(userId, trend.id))[0];
  }

  private async rows(userId: string | null, trendId: string | null): Promise<VotingTrend[]> {
    const [rows, weekly] = await Promise.all([
      this.votes.board(votingWeekOf(this.clock.now()), userId, trendId),
      this.trends.weeklyTrendId(),
    ]);
    return rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      description: row.description,
      category: row.id === weekly ? WeeklyCategory : row.category,
      votes: Number(row.votes),
      voted: row.voted,
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }
}
