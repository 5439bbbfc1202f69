import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import type { Role } from '@trendforge/contracts';
import { AccountEntity } from '../entities.js';
import { entityOfRow } from './entity-rows.js';

/** Members' accounts: plan, credits and the month's usage. */
@Injectable()
export class AccountRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  find(userId: string): Promise<AccountEntity | null> {
    return this.manager.findOneBy(AccountEntity, { userId });
  }

  /** The account holding its row lock until the transaction ends (inside BillingTransactions only). */
  lock(userId: string): Promise<AccountEntity | null> {
    return this.manager.findOne(AccountEntity, { where: { userId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Creates a free account unless it exists; true when this call created it (racing callers: exactly one). */
  async open(userId: string, credits: number, usagePeriod: string): Promise<boolean> {
    const { raw } = await this.manager.createQueryBuilder().insert().into(AccountEntity)
      .values({ userId, role: 'free', credits, monthlyUsage: 0, usagePeriod })
      .orIgnore().returning('"user_id"').execute();
    return (raw as unknown[]).length > 0;
  }

  /** Sets the credit balance. */
  setCredits(userId: string, credits: number): Promise<AccountEntity> {
    return this.updated(userId, { credits });
  }

  /** Sets the role and adds `credits` (0 or more) to the balance. */
  changePlan(userId: string, role: Role, credits: number): Promise<AccountEntity> {
    return this.updated(userId, { role, credits: () => '"credits" + :credits' }, { credits });
  }

  /** A refunded charge: its credits back, and one generation off the usage when it counted in the account's current month. */
  giveBack(userId: string, credits: number, usagePeriod: string): Promise<AccountEntity> {
    return this.updated(userId, {
      credits: () => '"credits" + :credits',
      monthlyUsage: () => 'CASE WHEN "usage_period" = :usagePeriod THEN GREATEST("monthly_usage" - 1, 0) ELSE "monthly_usage" END',
    }, { credits, usagePeriod });
  }

  /** One UPDATE ... RETURNING of the account (updated_at follows). */
  private async updated(userId: string, set: QueryDeepPartialEntity<AccountEntity>, parameters: Record<string, unknown> = {}): Promise<AccountEntity> {
    const { raw } = await this.manager.createQueryBuilder().update(AccountEntity).set(set)
      .where('"user_id" = :userId', { ...parameters, userId }).returning('*').execute();
    return entityOfRow(this.manager, AccountEntity, (raw as Record<string, unknown>[])[0]);
  }
}
