import { Inject, Injectable } from '@nestjs/common';
import { addWeeks, AdminListLimit, votingWeekOf, type ElectionResult, type WeeklyElection } from '@trendforge/contracts';
import { CLOCK, type Clock } from './clock.js';
import { ElectionRepository, type DecidedWeek } from './repositories/index.js';

const toElection = (row: DecidedWeek): WeeklyElection => ({
  week: row.week,
  winner: row.winner,
  votes: row.votes,
  decidedAt: new Date(row.decidedAt).toISOString(),
});

/**
 * The weekly election (DESIGN.md section 2): when a voting week ends, its most-voted available
 * trend becomes the next week's free Trend of the Week. Ties go to the trend that reached the
 * count first (its latest vote is the earlier one). Each week is decided once; an admin's choice
 * for the new week wins over the election. A week without votes keeps the current weekly trend.
 */
@Injectable()
export class ElectionService {
  constructor(private readonly elections: ElectionRepository, @Inject(CLOCK) private readonly clock: Clock) {}

  /** Decides the voting week that ended last before now (idempotent: a decided week is answered as is). */
  async electEndedWeek(): Promise<WeeklyElection> {
    const current = votingWeekOf(this.clock.now());
    return toElection(await this.elections.decide(addWeeks(current, -1), current));
  }

  async history(limit = 20): Promise<WeeklyElection[]> {
    const rows = await this.elections.latest(Math.min(Math.max(Math.trunc(limit) || 20, 1), 100));
    return rows.map(toElection);
  }

  /** Admin read: the latest decided weeks (at most AdminListLimit), each with every candidate's votes (votes are kept per week). */
  async results(limit?: number): Promise<ElectionResult[]> {
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    const rows = await this.elections.latest(take);
    const candidates = await this.elections.candidatesOf(rows.map((row) => row.week));
    return rows.map((row) => ({ ...toElection(row), candidates: candidates.get(row.week) ?? [] }));
  }
}
