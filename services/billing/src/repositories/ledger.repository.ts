import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { LedgerEntryEntity, type LedgerKind } from '../entities.js';

export interface NewLedgerEntry {
  userId: string;
  delta: number;
  balanceAfter: number;
  kind: LedgerKind;
  reason: string;
  generationId?: string;
  actorId?: string;
  referredUserId?: string;
}

/** The credit ledger. */
@Injectable()
export class LedgerRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  async record(entry: NewLedgerEntry): Promise<void> {
    await this.manager.insert(LedgerEntryEntity, this.row(entry));
  }

  /** Records the entry unless one of the ledger's unique indexes (one starter grant, one referral grant per account) has it already; true when recorded. */
  async recordOnce(entry: NewLedgerEntry): Promise<boolean> {
    const { raw } = await this.manager.createQueryBuilder().insert().into(LedgerEntryEntity)
      .values(this.row(entry)).orIgnore().returning('"id"').execute();
    return (raw as unknown[]).length > 0;
  }

  /** The member's entries, newest first. */
  newest(userId: string, take: number): Promise<LedgerEntryEntity[]> {
    return this.manager.find(LedgerEntryEntity, { where: { userId }, order: { createdAt: 'DESC', id: 'DESC' }, take });
  }

  /** How many entries of `kind` the member has, and the credits they brought. */
  async totals(userId: string, kind: LedgerKind): Promise<{ count: number; credits: number }> {
    const row = await this.manager.createQueryBuilder(LedgerEntryEntity, 'entry')
      .select('count(*)::int', 'count').addSelect('coalesce(sum(entry.delta), 0)::int', 'credits')
      .where({ userId, kind }).getRawOne<{ count: number; credits: number }>();
    return row ?? { count: 0, credits: 0 };
  }

  private row(entry: NewLedgerEntry) {
    return {
      userId: entry.userId, delta: entry.delta, balanceAfter: entry.balanceAfter, kind: entry.kind, reason: entry.reason,
      generationId: entry.generationId ?? null, actorId: entry.actorId ?? null, referredUserId: entry.referredUserId ?? null,
    };
  }
}
