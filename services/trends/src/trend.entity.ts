import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
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
