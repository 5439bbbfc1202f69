import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, type EntityManager, type Repository } from 'typeorm';
import { WeeklyTrendEntity, type WeeklyTrendSource } from '../entities.js';
import { AuditRepository, type AuditEntry } from './audit.repository.js';

/** The free Trend of the Week, one assignment per voting week (its Monday). */
@Injectable()
export class WeeklyTrendRepository {
  constructor(
    @InjectRepository(WeeklyTrendEntity) private readonly weekly: Repository<WeeklyTrendEntity>,
    private readonly audit: AuditRepository,
  ) {}

  /** The trend of the latest assignment whose week has begun by `week`. */
  async trendIdAt(week: string): Promise<string | null> {
    const row = await this.weekly.findOne({ select: { week: true, trendId: true }, where: { week: LessThanOrEqual(week) }, order: { week: 'DESC' } });
    return row?.trendId ?? null;
  }

  /**
   * The seed's or an election's assignment: a week that already has one keeps it (an admin's
   * choice wins). The primary key (week) is the table's only unique constraint.
   */
  async assign(week: string, trendId: string, source: Exclude<WeeklyTrendSource, 'admin'>, manager: EntityManager): Promise<void> {
    await manager.createQueryBuilder().insert().into(WeeklyTrendEntity).values({ week, trendId, source }).orIgnore().updateEntity(false).execute();
  }

  /** An admin's choice for `week`, replacing whatever the week had, audited in the same transaction. */
  async choose(week: string, trendId: string, audit: AuditEntry): Promise<void> {
    await this.weekly.manager.transaction(async (tx) => {
      // created_at is left to its default, now(): the assignment is dated anew.
      await tx.createQueryBuilder().insert().into(WeeklyTrendEntity)
        .values({ week, trendId, source: 'admin', setBy: audit.actorId })
        .orUpdate(['trend_id', 'source', 'set_by', 'created_at'], ['week'])
        .updateEntity(false)
        .execute();
      await this.audit.record(audit, tx);
    });
  }
}
