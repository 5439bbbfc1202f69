import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One accepted generation's charge; the generation id makes charging and refunding idempotent. */
@Entity({ name: 'charges' })
export class ChargeEntity {
  @PrimaryColumn({ type: 'uuid', name: 'generation_id' }) generationId: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'int' }) credits: number;
  /** The month whose usage this generation counted against. */
  @Column({ type: 'text', name: 'usage_period' }) usagePeriod: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'refunded_at', nullable: true }) refundedAt: Date | null;
  @Column({ type: 'text', name: 'refund_reason', nullable: true }) refundReason: string | null;
}
