import { Injectable } from '@nestjs/common';
import type { StyleOptionsAnswer, Trend, VotingTrend, WaitlistCount, WeeklyElection } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { Catalogue, type CachedAnswer } from './catalogue.js';

/** The cache keys of the public reads: REST answers, shared by Nest's handlers and the fast lane. */
export const CatalogueKeys = {
  trends: 'trends',
  trend: (slug: string) => `trend:${slug}`,
  styleOptions: (slug: string) => `style-options:${slug}`,
  elections: 'elections',
  board: 'board',
  waitlistCount: 'waitlist-count',
} as const;

/**
 * The catalogue's public reads through the cache, for REST and GraphQL alike; each answer is what
 * GET /api/... sends (GraphQL resolvers reshape the value where their type differs).
 */
@Injectable()
export class CatalogueReads {
  constructor(private readonly catalogue: Catalogue, private readonly bus: Bus) {}

  trends(): Promise<CachedAnswer<Trend[]>> {
    return this.catalogue.read(CatalogueKeys.trends, 'trends', () => this.bus.send('trends.list', {}));
  }

  trend(slug: string): Promise<CachedAnswer<Trend>> {
    return this.catalogue.read(CatalogueKeys.trend(slug), 'trends', () => this.bus.send('trends.bySlug', { slug }));
  }

  styleOptions(slug: string): Promise<CachedAnswer<StyleOptionsAnswer>> {
    return this.catalogue.read(CatalogueKeys.styleOptions(slug), 'trends', () => this.bus.send('trends.styleOptions', { slug }));
  }

  elections(): Promise<CachedAnswer<WeeklyElection[]>> {
    return this.catalogue.read(CatalogueKeys.elections, 'trends', () => this.bus.send('trends.elections', {}));
  }

  /** The Board as a visitor sees it (`voted` false everywhere). */
  board(): Promise<CachedAnswer<VotingTrend[]>> {
    return this.catalogue.read(CatalogueKeys.board, 'voting', () => this.bus.send('trends.voting', {}));
  }

  /** The Board with the caller's own `voted` flags laid over the shared counts. */
  async boardFor(userId: string | undefined): Promise<VotingTrend[]> {
    const board = await this.board();
    if (!userId) return board.value;
    const voted = await this.catalogue.votedBy(userId, async () =>
      (await this.bus.send('trends.voting', { userId })).filter((trend) => trend.voted).map((trend) => trend.slug));
    return board.value.map((trend) => ({ ...trend, voted: voted.has(trend.slug) }));
  }

  waitlistCount(): Promise<CachedAnswer<WaitlistCount>> {
    return this.catalogue.read(CatalogueKeys.waitlistCount, 'waitlist', async () => {
      const { count } = await this.bus.send('waitlist.count', {});
      return { success: true as const, count };
    });
  }

  /** A vote or unvote answered here: this replica's readers (the voter first) see it next. */
  async voted(userId: string, change: Promise<VotingTrend>): Promise<VotingTrend> {
    const answer = await change;
    this.catalogue.changed({ part: 'voting', userId });
    return answer;
  }

  /** An admin's change answered here; other replicas hear it from the trends service. */
  async edited<T>(change: Promise<T>): Promise<T> {
    const answer = await change;
    this.catalogue.changed({ part: 'trends' });
    return answer;
  }

  async joined<T>(change: Promise<T>): Promise<T> {
    const answer = await change;
    this.catalogue.changed({ part: 'waitlist' });
    return answer;
  }
}
