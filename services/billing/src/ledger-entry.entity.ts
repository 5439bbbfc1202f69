import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const LedgerKinds = ['starter', 'charge', 'refund', 'admin', 'referral', 'subscription'] as const;
export type LedgerKind = (typeof LedgerKinds)[number];

/**
 * The credit ledger: one row per change of credits, plus a delta-0 row per plan change so every
 * admin action is on record. For each account the deltas sum to its credits.
 */
@Entity({ name: 'ledger' })
export class LedgerEntryEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint' }) id: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'int' }) delta: number;
  @Column({ type: 'int', name: 'balance_after' }) balanceAfter: number;
  @Column({ type: 'text' }) kind: LedgerKind;
  @Column({ type: 'uuid', name: 'generation_id', nullable: true }) generationId: string | null;
  /** The admin who made an 'admin' change. */
  @Column({ type: 'uuid', name: 'actor_id', nullable: true }) actorId: string | null;
  /** The new account a 'referral' grant was for (unique: one grant per account). */
  @Column({ type: 'uuid', name: 'referred_user_id', nullable: true }) referredUserId: string | null;
  @Column({ type: 'text' }) reason: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}
