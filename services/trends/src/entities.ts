import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { StyleOption } from '@trendforge/contracts';

export type StyleOptionEntry = StyleOption & { key: string };

@Entity({ name: 'trends' })
export class TrendEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text', unique: true }) slug: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ type: 'text', name: 'prompt_template' }) promptTemplate: string;
  /** The trend's own category; "Trend of the Week" is shown while it is the weekly trend. */
  @Column({ type: 'text' }) category: string;
  /** Kept from the first schema; the weekly trend is read from weekly_trends, not from here. */
  @Column({ type: 'boolean', name: 'is_weekly_trend', default: false }) isWeeklyTrend: boolean;
  @Column({ type: 'boolean', default: false }) premium: boolean;
  @Column({ type: 'int', name: 'credits_required', default: 1 }) creditsRequired: number;
  @Column({ type: 'boolean', default: false }) verified: boolean;
  @Column({ type: 'boolean', default: true }) available: boolean;
  @Column({ type: 'int', default: 0 }) generations: number;
  @Column({ type: 'int', name: 'sort_order', default: 0 }) sortOrder: number;
  /** A list, not a map: jsonb would reorder a map's keys. */
  @Column({ type: 'jsonb', name: 'style_options', default: [] }) styleOptions: StyleOptionEntry[];
  @Column({ type: 'jsonb', default: [] }) vibes: string[];
  @Column({ type: 'boolean', name: 'personalization_supported', default: true }) personalizationSupported: boolean;
  /** Once an admin edits a trend, seeding never touches it again. */
  @Column({ type: 'boolean', name: 'edited_by_admin', default: false }) editedByAdmin: boolean;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt: Date;
}

/** A trend a member saved (pro and pro_unlimited only); the trend's FK is the migration's, no relation is mapped. */
@Entity({ name: 'favorites' })
export class FavoriteEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId: string;
  @PrimaryColumn({ type: 'uuid', name: 'trend_id' }) trendId: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}

/** One member's vote for one trend in one voting week: the primary key is the one-vote rule. */
@Entity({ name: 'votes' })
@Index('votes_by_week_trend', ['week', 'trendId'])
export class VoteEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id', primaryKeyConstraintName: 'one_vote_per_member_trend_week' }) userId: string;
  @PrimaryColumn({ type: 'uuid', name: 'trend_id', primaryKeyConstraintName: 'one_vote_per_member_trend_week' }) trendId: string;
  /** The Monday the voting week starts (YYYY-MM-DD). */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'one_vote_per_member_trend_week' }) week: string;
  /** clock_timestamp(), not now(): an election's tie goes to the trend whose latest vote came first. */
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'clock_timestamp()' }) createdAt: Date;
}

export type WeeklyTrendSource = 'seed' | 'election' | 'admin';

/** The free Trend of the Week from `week` (a Monday) on; the source is CHECKed by the migration. */
@Entity({ name: 'weekly_trends' })
export class WeeklyTrendEntity {
  @PrimaryColumn({ type: 'date' }) week: string;
  @Column({ type: 'uuid', name: 'trend_id' }) trendId: string;
  @Column({ type: 'text' }) source: WeeklyTrendSource;
  /** The admin who chose it (source 'admin'). */
  @Column({ type: 'uuid', name: 'set_by', nullable: true }) setBy: string | null;
  /** When it was assigned: an admin choosing again for the same week sets it anew. */
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt: Date;
}

/** A decided voting week: its winner (none without votes) and the winner's votes. */
@Entity({ name: 'elections' })
export class ElectionEntity {
  @PrimaryColumn({ type: 'date' }) week: string;
  @Column({ type: 'uuid', name: 'winner_id', nullable: true }) winnerId: string | null;
  @Column({ type: 'integer', default: 0 }) votes: number;
  @Column({ type: 'timestamptz', name: 'decided_at', default: () => 'now()' }) decidedAt: Date;
}

/** An admin action: trend edits, weekly choices and queue actions (`trendSlug` holds their subject). */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'uuid', name: 'actor_id' }) actorId: string;
  @Column({ type: 'text' }) action: string;
  @Column({ type: 'text', name: 'trend_slug' }) trendSlug: string;
  @Column({ type: 'jsonb', default: {} }) changes: object;
  @Column({ type: 'timestamptz', default: () => 'now()' }) at: Date;
}

/** A generation already added to its trend's total: a redelivered `generation.completed` counts once. */
@Entity({ name: 'counted_generations' })
export class CountedGenerationEntity {
  @PrimaryColumn({ type: 'uuid', name: 'generation_id' }) generationId: string;
  @Column({ type: 'text', name: 'trend_slug' }) trendSlug: string;
  @Column({ type: 'timestamptz', name: 'counted_at', default: () => 'now()' }) countedAt: Date;
}

/** Every table of the trends schema. */
export const trendsEntities = [
  TrendEntity, FavoriteEntity, VoteEntity, WeeklyTrendEntity, ElectionEntity, AuditLogEntity, CountedGenerationEntity,
];
