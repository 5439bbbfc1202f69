/**
 * The trends service's data access: every read and write of the `trends` schema is a method of a
 * repository here (Nest providers, one per aggregate); the domain services (trends, favourites,
 * votes, elections) call these and hold no SQL, no DataSource and no transaction.
 *
 * One style: TypeORM. Every table is an entity (entities.ts, held to the migrations by the
 * migrations-drift check); a repository reads and writes through its `Repository<Entity>` and
 * TypeORM's query builder: joins without mapped relations (the foreign keys are the migrations'),
 * `orIgnore` for ON CONFLICT DO NOTHING, `orUpdate` with an overwrite condition for the seed's
 * conditional upsert, aggregates as `select` expressions. A change that must commit as one runs in
 * `manager.transaction` and hands its EntityManager to the repositories it calls within (the audit
 * entry of an admin edit, the weekly trend an election or the seed assigns). TypeORM is what the
 * other services' entities and migrations already use, so trends needs no second library.
 *
 * One hand-written statement remains, because TypeORM has no API for it: the election's
 * `pg_advisory_xact_lock` (ElectionRepository.decide), the transaction-scoped lock that lets one
 * replica at a time decide a week before any row for that week exists to lock.
 */
import { AuditRepository } from './audit.repository.js';
import { ElectionRepository } from './election.repository.js';
import { FavoriteRepository } from './favorite.repository.js';
import { TrendRepository } from './trend.repository.js';
import { VoteRepository } from './vote.repository.js';
import { WeeklyTrendRepository } from './weekly-trend.repository.js';

export { AuditRepository, ElectionRepository, FavoriteRepository, TrendRepository, VoteRepository, WeeklyTrendRepository };
export type { AuditEntry } from './audit.repository.js';
export type { BoardRow } from './vote.repository.js';
export type { Candidate, DecidedWeek } from './election.repository.js';
export type { SeedTrend, TrendChanges } from './trend.repository.js';

/** The Nest providers of every trends repository. */
export const trendsRepositories = [
  AuditRepository, ElectionRepository, FavoriteRepository, TrendRepository, VoteRepository, WeeklyTrendRepository,
];
