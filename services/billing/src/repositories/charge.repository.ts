import { Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { EntityManager, IsNull } from 'typeorm';
import { MonthlyAllowance } from '@trendforge/contracts';
import { AccountEntity, ChargeEntity } from '../entities.js';
import { entityOfRow } from './entity-rows.js';

/** Charges of generations, and the one charge rule. */
@Injectable()
export class ChargeRepository {
  constructor(@InjectEntityManager() private readonly manager: EntityManager) {}

  /**
   * The charge rule, written once: `billing.charge_generation` (migration 1770000000000), which the
   * images service also runs inside its acceptance. It counts the generation against the month's
   * allowance, takes the credits, records the charge and its ledger row in one statement, and
   * answers the account after it; null when it charged nothing (an account not open, a charge
   * already made, the allowance used or too few credits).
   */
  async chargeGeneration(userId: string, generationId: string, credits: number): Promise<AccountEntity | null> {
    // A function call, the one statement here that is SQL text rather than the QueryBuilder's.
    const [row] = await this.manager.query<{ charged: Record<string, unknown> | null }[]>(
      'SELECT "billing"."charge_generation"($1, $2, $3, $4) AS "charged"', [userId, generationId, credits, JSON.stringify(MonthlyAllowance)],
    );
    return row?.charged ? entityOfRow(this.manager, AccountEntity, row.charged) : null;
  }

  /** Who the generation was charged to, if it was. */
  async chargedTo(generationId: string): Promise<string | null> {
    const charge = await this.manager.findOne(ChargeEntity, { select: { userId: true }, where: { generationId } });
    return charge?.userId ?? null;
  }

  /** Marks the charge refunded unless it is already: the conditional UPDATE lets exactly one caller have it. */
  async markRefunded(generationId: string, reason: string): Promise<ChargeEntity | null> {
    const { raw } = await this.manager.createQueryBuilder().update(ChargeEntity)
      .set({ refundedAt: () => 'now()', refundReason: reason })
      .where({ generationId, refundedAt: IsNull() })
      .returning('*').execute();
    const [row] = raw as Record<string, unknown>[];
    return row ? entityOfRow(this.manager, ChargeEntity, row) : null;
  }
}
