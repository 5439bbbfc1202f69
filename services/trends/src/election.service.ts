import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addWeeks, AdminListLimit, votingWeekOf, type ElectionResult, type WeeklyElection } from '@trendforge/contracts';
import { CLOCK, type Clock } from './clock.js';

interface ElectionRow {
  week: string;
  winner: string | null;
  votes: number;
  decided_at: Date;
}

const toElection = (row: ElectionRow): WeeklyElection => ({
  week: row.week,
  winner: row.winner,
  votes: row.votes,
  decidedAt: new Date(row.decided_at).toISOString(),
});

/**
 * The weekly election (DESIGN.md section 2): when a voting week ends, its most-voted available
 * trend becomes the next week's free Trend of the Week. Ties go to the trend that reached the
 * count first (its latest vote is the earlier one). Each week is decided once; an admin's choice
 * for the new week wins over the election. A week without votes keeps the current weekly trend.
 */
@Injectable()
export class ElectionService {
  constructor(@InjectDataSource() private readonly db: DataSource, @Inject(CLOCK) private readonly clock: Clock) {}

  /** Decides the voting week that ended last before now (idempotent: a decided week is answered as is). */
  async electEndedWeek(): Promise<WeeklyElection> {
    const current = votingWeekOf(this.clock.now());
    const ended = addWeeks(current, -1);
    return this.db.transaction(async (tx) => {
      // Replicas (or a retried job) elect one at a time; the second finds the week decided.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('trends:election'))`);
      const decided: ElectionRow[] = await tx.query(
        `SELECT to_char(e.week, 'YYYY-MM-DD') AS week, t.slug AS winner, e.votes, e.decided_at
           FROM "trends"."elections" e LEFT JOIN "trends"."trends" t ON t.id = e.winner_id WHERE e.week = $1::date`,
        [ended],
      );
      if (decided.length) return toElection(decided[0]);
      const [winner]: { trend_id: string; slug: string; votes: string }[] = await tx.query(
        `SELECT v.trend_id, t.slug, count(*) AS votes
           FROM "trends"."votes" v JOIN "trends"."trends" t ON t.id = v.trend_id
          WHERE v.week = $1::date AND t.available
          GROUP BY v.trend_id, t.slug
          ORDER BY count(*) DESC, max(v.created_at) ASC, t.slug
          LIMIT 1`,
        [ended],
      );
      const [row]: ElectionRow[] = await tx.query(
        `INSERT INTO "trends"."elections" (week, winner_id, votes) VALUES ($1::date, $2, $3)
         RETURNING to_char(week, 'YYYY-MM-DD') AS week, $4::text AS winner, votes, decided_at`,
        [ended, winner?.trend_id ?? null, Number(winner?.votes ?? 0), winner?.slug ?? null],
      );
      if (winner) {
        await tx.query(
          `INSERT INTO "trends"."weekly_trends" (week, trend_id, source) VALUES ($1::date, $2, 'election') ON CONFLICT (week) DO NOTHING`,
          [current, winner.trend_id],
        );
      }
      return toElection(row);
    });
  }

  async history(limit = 20): Promise<WeeklyElection[]> {
    const rows: ElectionRow[] = await this.db.query(
      `SELECT to_char(e.week, 'YYYY-MM-DD') AS week, t.slug AS winner, e.votes, e.decided_at
         FROM "trends"."elections" e LEFT JOIN "trends"."trends" t ON t.id = e.winner_id
        ORDER BY e.week DESC LIMIT $1`,
      [Math.min(Math.max(Math.trunc(limit) || 20, 1), 100)],
    );
    return rows.map(toElection);
  }

  /** Admin read: the latest decided weeks (at most AdminListLimit), each with every candidate's votes (votes are kept per week). */
  async results(limit?: number): Promise<ElectionResult[]> {
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    const rows: Array<ElectionRow & { candidates: ElectionResult['candidates'] }> = await this.db.query(
      `SELECT to_char(e.week, 'YYYY-MM-DD') AS week, t.slug AS winner, e.votes, e.decided_at,
              coalesce((SELECT json_agg(json_build_object('slug', ct.slug, 'name', ct.name, 'votes', c.votes) ORDER BY c.votes DESC, ct.slug)
                          FROM (SELECT trend_id, count(*)::int AS votes FROM "trends"."votes" v WHERE v.week = e.week GROUP BY trend_id) c
                          JOIN "trends"."trends" ct ON ct.id = c.trend_id), '[]') AS candidates
         FROM "trends"."elections" e LEFT JOIN "trends"."trends" t ON t.id = e.winner_id
        ORDER BY e.week DESC LIMIT $1`,
      [take],
    );
    return rows.map((row) => ({ ...toElection(row), candidates: row.candidates }));
  }
}
