import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { PaidPlan, Role } from '@trendforge/contracts';

/**
 * Billing's tables (schema "billing"), read and written only through src/repositories. The
 * migrations make them; the drift check (infra/scripts/check-migrations.mjs) holds these to them.
 */

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

/** A plan's monthly credits granted once per key (plan-change.ts): the primary key is the "once". */
@Entity({ name: 'plan_grants' })
export class PlanGrantEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId: string;
  @PrimaryColumn({ type: 'text', name: 'grant_key' }) grantKey: string;
  @Column({ type: 'int' }) credits: number;
  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}

/** A member's customer and subscription at the payment provider (the constraint names are the migration's). */
@Entity({ name: 'subscriptions' })
@Unique('subscriptions_customer_id_key', ['customerId'])
@Unique('subscriptions_subscription_id_key', ['subscriptionId'])
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text', name: 'customer_id' }) customerId: string;
  @Column({ type: 'text', name: 'subscription_id', nullable: true }) subscriptionId: string | null;
  @Column({ type: 'text', nullable: true }) plan: PaidPlan | null;
  /** The provider's status (active, past_due, canceled, ...). */
  @Column({ type: 'text', nullable: true }) status: string | null;
  @UpdateDateColumn({ type: 'timestamptz', name: 'updated_at' }) updatedAt: Date;
}

/** A payment webhook event applied (or recorded as changing nothing): its id makes a replay change nothing. */
@Entity({ name: 'payment_events' })
export class PaymentEventEntity {
  @PrimaryColumn({ type: 'text', name: 'event_id' }) eventId: string;
  @Column({ type: 'text' }) type: string;
  @CreateDateColumn({ type: 'timestamptz', name: 'received_at' }) receivedAt: Date;
}

export const billingEntities = [AccountEntity, ChargeEntity, LedgerEntryEntity, PlanGrantEntity, SubscriptionEntity, PaymentEventEntity];
