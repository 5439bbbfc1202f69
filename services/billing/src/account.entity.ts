import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '@trendforge/contracts';

/** A member's plan, credit balance and this month's generation count. Billing is its only writer. */
@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text', default: 'free' }) role: Role;
  @Column({ type: 'int' }) credits: number;
  @Column({ type: 'int', name: 'monthly_usage', default: 0 }) monthlyUsage: number;
  /** The calendar month (UTC, 'YYYY-MM') monthlyUsage counts; an older one means 0 this month. */
  @Column({ type: 'text', name: 'usage_period' }) usagePeriod: string;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt: Date;
}
