import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CountedGenerationEntity, TrendEntity } from '../entities.js';
import { AuditRepository, type AuditEntry } from './audit.repository.js';
import { WeeklyTrendRepository } from './weekly-trend.repository.js';

/** The fields seeding writes: all a catalogue trend declares (an admin's flag, counts and ids are never seeded). */
const Seeded = [
  'name', 'description', 'prompt', 'promptTemplate', 'category', 'premium', 'creditsRequired', 'verified', 'available',
  'styleOptions', 'vibes', 'personalizationSupported', 'sortOrder', 'createdAt',
] as const satisfies readonly (keyof TrendEntity)[];

export type SeedTrend = Pick<TrendEntity, 'slug' | (typeof Seeded)[number]>;

/** What an admin may set on a trend. */
export type TrendChanges = Partial<Omit<TrendEntity, 'id' | 'slug' | 'isWeeklyTrend' | 'generations' | 'editedByAdmin' | 'createdAt' | 'updatedAt'>>;

/** The catalogue's trends. */
@Injectable()
export class TrendRepository {
  constructor(
    @InjectRepository(TrendEntity) private readonly trends: Repository<TrendEntity>,
    private readonly weekly: WeeklyTrendRepository,
    private readonly audit: AuditRepository,
  ) {}

  list(): Promise<TrendEntity[]> {
    return this.trends.find({ order: { sortOrder: 'ASC', name: 'ASC' } });
  }

  bySlug(slug: string): Promise<TrendEntity | null> {
    return this.trends.findOneBy({ slug });
  }

  /**
   * Inserts the missing trends and refreshes the ones no admin edited, in one statement for the
   * whole catalogue; a row is written (and its updated_at set) only when a seeded field differs.
   * `firstWeekly` becomes the weekly trend of its week unless that week has one. Idempotent.
   */
  async seed(trends: SeedTrend[], firstWeekly: { week: string; slug: string }): Promise<void> {
    const columns = Seeded.map((field) => this.trends.metadata.findColumnWithPropertyName(field)!.databaseName);
    const tuple = (row: string) => columns.map((column) => `${row}."${column}"`).join(', ');
    await this.trends.manager.transaction(async (tx) => {
      await tx.createQueryBuilder(TrendEntity, 't').insert()
        .values(trends.map((trend) => ({ ...trend, updatedAt: () => 'now()' })))
        .orUpdate([...columns, 'updated_at'], ['slug'], {
          overwriteCondition: { where: `NOT "t"."edited_by_admin" AND (${tuple('"t"')}) IS DISTINCT FROM (${tuple('EXCLUDED')})` },
        })
        .updateEntity(false)
        .execute();
      const first = await tx.findOneByOrFail(TrendEntity, { slug: firstWeekly.slug });
      await this.weekly.assign(firstWeekly.week, first.id, 'seed', tx);
    });
  }

  /**
   * An admin's new trend, last in catalogue order and never overwritten by seeding, audited in the
   * same transaction; null when the slug is taken.
   */
  create(slug: string, trend: TrendChanges, audit: AuditEntry): Promise<TrendEntity | null> {
    return this.trends.manager.transaction(async (tx) => {
      const sortOrder = ((await tx.maximum(TrendEntity, 'sortOrder')) ?? 0) + 1;
      const { raw } = await tx.createQueryBuilder().insert().into(TrendEntity)
        .values({ ...trend, slug, sortOrder, editedByAdmin: true })
        .orIgnore()
        .returning(['id'])
        .updateEntity(false)
        .execute();
      const [inserted] = raw as { id: string }[];
      if (!inserted) return null;
      await this.audit.record(audit, tx);
      return tx.findOneByOrFail(TrendEntity, { id: inserted.id });
    });
  }

  /** An admin's edit: seeding leaves the trend alone from now on. Audited in the same transaction. */
  edit(id: string, changes: TrendChanges, audit: AuditEntry): Promise<TrendEntity> {
    return this.trends.manager.transaction(async (tx) => {
      await tx.update(TrendEntity, { id }, { ...changes, editedByAdmin: true, updatedAt: new Date() });
      await this.audit.record(audit, tx);
      return tx.findOneByOrFail(TrendEntity, { id });
    });
  }

  /** Adds a completed generation to its trend's total, once per generation however often it is reported. */
  async countGeneration(generationId: string, slug: string): Promise<void> {
    await this.trends.manager.transaction(async (tx) => {
      const { raw } = await tx.createQueryBuilder().insert().into(CountedGenerationEntity)
        .values({ generationId, trendSlug: slug })
        .orIgnore()
        .returning(['generationId'])
        .updateEntity(false)
        .execute();
      if ((raw as unknown[]).length) await tx.increment(TrendEntity, { slug }, 'generations', 1);
    });
  }
}
