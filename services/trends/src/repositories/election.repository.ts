import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ElectionEntity, TrendEntity, VoteEntity } from '../entities.js';
import { WeeklyTrendRepository } from './weekly-trend.repository.js';

/** A decided voting week. */
export interface DecidedWeek {
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  /** The winner's slug; null for a week without votes. */
  winner: string | null;
  votes: number;
  decidedAt: Date;
}

/** A trend's votes in a decided week. */
export interface Candidate {
  slug: string;
  name: string;
  votes: number;
}

/** The weekly elections and the votes they count. */
@Injectable()
export class ElectionRepository {
  constructor(
    @InjectRepository(ElectionEntity) private readonly elections: Repository<ElectionEntity>,
    private readonly weekly: WeeklyTrendRepository,
  ) {}

  /**
   * Decides `ended` once: its most-voted available trend wins (a tie goes to the trend whose latest
   * vote came first, then to the slug) and becomes the weekly trend of `next`, unless that week
   * already has one. A decided week is answered as it was decided.
   */
  decide(ended: string, next: string): Promise<DecidedWeek> {
    return this.elections.manager.transaction(async (tx) => {
      // Replicas (or a retried job) decide one at a time; the second finds the week decided.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('trends:election'))`);
      const decided = await this.decidedWeeks(tx).where('e.week = :week', { week: ended }).getRawOne<DecidedWeek>();
      if (decided) return decided;
      const winner = await tx.createQueryBuilder(VoteEntity, 'v')
        .innerJoin(TrendEntity, 't', 't.id = v.trendId')
        .select('v.trendId', 'trendId').addSelect('t.slug', 'slug').addSelect('count(*)', 'votes')
        .where('v.week = :week', { week: ended }).andWhere('t.available')
        .groupBy('v.trendId').addGroupBy('t.slug')
        .orderBy('count(*)', 'DESC').addOrderBy('max(v.createdAt)', 'ASC').addOrderBy('t.slug')
        .limit(1)
        .getRawOne<{ trendId: string; slug: string; votes: string }>();
      const votes = Number(winner?.votes ?? 0);
      const { raw } = await tx.createQueryBuilder().insert().into(ElectionEntity)
        .values({ week: ended, winnerId: winner?.trendId ?? null, votes })
        .returning(['decidedAt'])
        .updateEntity(false)
        .execute();
      if (winner) await this.weekly.assign(next, winner.trendId, 'election', tx);
      return { week: ended, winner: winner?.slug ?? null, votes, decidedAt: (raw as { decided_at: Date }[])[0].decided_at };
    });
  }

  /** The latest decided weeks, newest first. */
  latest(limit: number): Promise<DecidedWeek[]> {
    return this.decidedWeeks(this.elections.manager).orderBy('e.week', 'DESC').limit(limit).getRawMany<DecidedWeek>();
  }

  /** Every candidate of each week, most voted first (votes are kept per week). */
  async candidatesOf(weeks: string[]): Promise<Map<string, Candidate[]>> {
    const byWeek = new Map<string, Candidate[]>(weeks.map((week) => [week, []]));
    if (!weeks.length) return byWeek;
    const rows = await this.elections.manager.createQueryBuilder(VoteEntity, 'v')
      .innerJoin(TrendEntity, 't', 't.id = v.trendId')
      .select(`to_char(v.week, 'YYYY-MM-DD')`, 'week').addSelect('t.slug', 'slug').addSelect('t.name', 'name')
      .addSelect('count(*)::int', 'votes')
      .where('v.week IN (:...weeks)', { weeks })
      .groupBy('v.week').addGroupBy('t.id')
      .orderBy('v.week').addOrderBy('count(*)', 'DESC').addOrderBy('t.slug')
      .getRawMany<Candidate & { week: string }>();
    for (const { week, ...candidate } of rows) byWeek.get(week)?.push(candidate);
    return byWeek;
  }

  private decidedWeeks(manager: EntityManager) {
    return manager.createQueryBuilder(ElectionEntity, 'e')
      .leftJoin(TrendEntity, 't', 't.id = e.winnerId')
      .select(`to_char(e.week, 'YYYY-MM-DD')`, 'week').addSelect('t.slug', 'winner')
      .addSelect('e.votes', 'votes').addSelect('e.decidedAt', 'decidedAt');
  }
}
