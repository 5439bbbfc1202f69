import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'trends' })
export class TrendEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text', unique: true }) slug: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ type: 'text', name: 'prompt_template' }) promptTemplate: string;
  @Column({ type: 'text' }) category: string;
  @Column({ type: 'boolean', name: 'is_weekly_trend', default: false }) isWeeklyTrend: boolean;
  @Column({ type: 'boolean', default: false }) premium: boolean;
  @Column({ type: 'int', name: 'credits_required', default: 1 }) creditsRequired: number;
  @Column({ type: 'boolean', default: false }) verified: boolean;
  @Column({ type: 'boolean', default: true }) available: boolean;
  @Column({ type: 'int', default: 0 }) generations: number;
  @Column({ type: 'int', name: 'sort_order', default: 0 }) sortOrder: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}
