import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import {
  AdminListLimit, ErrorCode, isUuid, type LedgerEntry, MonthlyAllowance, Roles, StarterCredits, type BillingAccount, type MessageRequest, type Role,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import type { LedgerKind } from './ledger-entry.entity.js';
import { applyPlanChange } from './plan-change.js';

/** Texts people see when billing refuses something. */
export const BillingMessages = {
  monthlyLimit: (used: number, allowance: number) => `Monthly generation limit reached (${used} of ${allowance} this month)`,
  notEnoughCredits: (needed: number, have: number) =>
    `You need ${needed} credit${needed === 1 ? '' : 's'} for this premium style (you have ${have})`,
  invalidUser: 'Invalid user id',
  invalidGeneration: 'Invalid generation id',
  invalidActor: 'Invalid actor id',
  invalidCost: 'Invalid credit amount',
  invalidRole: `Role must be one of ${Roles.join(', ')}`,
  invalidCredits: 'Credits must be a whole number from 0 to 1000000',
  nothingToChange: 'Give a role or a credit balance to set',
  generationOfAnotherUser: 'This generation was charged to another account',
} as const;

const MaxChargeCredits = 1000;
const MaxCredits = 1_000_000;
const MaxReasonLength = 500;

/** The usage period of a moment: its calendar month in UTC, 'YYYY-MM'. */
export const usagePeriod = (at: Date = new Date()) => at.toISOString().slice(0, 7);

interface AccountRow {
  user_id: string;
  role: Role;
  credits: number;
  monthly_usage: number;
  usage_period: string;
}

/** The charges primary key refused a second first charge of one generation. */
const isDuplicateCharge = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === 'charges_pkey';

/** Raw SQL inside one transaction, answering the returned rows (also for UPDATE ... RETURNING). */
type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

function toBillingAccount(row: AccountRow, period = usagePeriod()): BillingAccount {
  return {
    userId: row.user_id,
    role: row.role,
    credits: row.credits,
    // Usage resets each calendar month: a count from an earlier month is this month's 0.
    monthlyUsage: row.usage_period === period ? row.monthly_usage : 0,
    monthlyAllowance: MonthlyAllowance[row.role],
  };
}

const reasonText = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, MaxReasonLength) : '');

/**
 * Plans, credits and monthly usage (DESIGN.md section 2). Every change happens in one transaction
 * that holds the account's row lock, so two simultaneous requests can never spend the same credit,
 * and writes a ledger row, so each account's ledger deltas sum to its credits.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The member's account, opened (free, with starter credits) on first sight. */
  async account(userId: string): Promise<BillingAccount> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const [row] = await this.dataSource.query<AccountRow[]>('SELECT * FROM "billing"."accounts" WHERE "user_id" = $1', [userId]);
    if (row) return toBillingAccount(row);
    return this.transaction(async (sql) => toBillingAccount(await this.lockOrOpen(sql, userId)));
  }

  /** Opens the account eagerly when a member registers; a no-op when it exists. */
  async opened(userId: string): Promise<void> {
    if (!isUuid(userId)) {
      this.logger.warn({ userId }, 'user.registered without a valid user id ignored');
      return;
    }
    await this.transaction((sql) => this.open(sql, userId));
  }

  /**
   * Counts one generation against the month's allowance and takes `credits` credits, atomically.
   * Idempotent per generation: charging the same generation again changes nothing.
   */
  async charge({ userId, generationId, credits }: MessageRequest<'billing.charge'>): Promise<BillingAccount> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    if (!isUuid(generationId)) fail(ErrorCode.BadRequest, BillingMessages.invalidGeneration);
    if (!Number.isInteger(credits) || credits < 0 || credits > MaxChargeCredits) fail(ErrorCode.BadRequest, BillingMessages.invalidCost);

    const charged = await this.chargeInOneStatement(userId, generationId, credits).catch((error: unknown) => {
      // The same generation charged at this very moment by another request: the careful path answers it.
      if (isDuplicateCharge(error)) return undefined;
      throw error;
    });
    if (charged) return charged;
    return this.chargeCarefully(userId, generationId, credits);
  }

  /**
   * The common case in one statement and one round trip (billing.charge_generation, which the
   * images service also runs inside its acceptance). Anything else (a refusal, an account not open
   * yet, a charge already made) answers undefined for `chargeCarefully`; a concurrent first charge of
   * the same generation loses on the charges primary key.
   */
  private async chargeInOneStatement(userId: string, generationId: string, credits: number): Promise<BillingAccount | undefined> {
    const [row] = await this.dataSource.query<{ charged: AccountRow | null }[]>(
      'SELECT "billing"."charge_generation"($1, $2, $3, $4) AS charged', [userId, generationId, credits, JSON.stringify(MonthlyAllowance)],
    );
    // A charge counts in the month it was made: the row's period is the current one.
    return row?.charged ? toBillingAccount(row.charged, row.charged.usage_period) : undefined;
  }

  /** Every case, in a transaction holding the account's row lock: opens the account, answers a repeat, says why it refuses. */
  private chargeCarefully(userId: string, generationId: string, credits: number): Promise<BillingAccount> {
    return this.transaction(async (sql) => {
      const account = await this.lockOrOpen(sql, userId);
      const period = usagePeriod();

      const [earlier] = await sql<{ user_id: string }>('SELECT "user_id" FROM "billing"."charges" WHERE "generation_id" = $1', [generationId]);
      if (earlier) {
        if (earlier.user_id !== userId) fail(ErrorCode.Conflict, BillingMessages.generationOfAnotherUser);
        return toBillingAccount(account, period);
      }

      const used = account.usage_period === period ? account.monthly_usage : 0;
      const allowance = MonthlyAllowance[account.role];
      if (used >= allowance) fail(ErrorCode.PaymentRequired, BillingMessages.monthlyLimit(used, allowance));
      if (account.credits < credits) fail(ErrorCode.PaymentRequired, BillingMessages.notEnoughCredits(credits, account.credits));

      const [updated] = await sql<AccountRow>(
        `UPDATE "billing"."accounts"
            SET "credits" = "credits" - $2, "monthly_usage" = $3, "usage_period" = $4, "updated_at" = now()
          WHERE "user_id" = $1 RETURNING *`,
        [userId, credits, used + 1, period],
      );
      await sql(
        'INSERT INTO "billing"."charges" ("generation_id", "user_id", "credits", "usage_period") VALUES ($1, $2, $3, $4)',
        [generationId, userId, credits, period],
      );
      if (credits > 0) {
        await this.record(sql, { userId, delta: -credits, balanceAfter: updated.credits, kind: 'charge', generationId, reason: 'Premium generation' });
      }
      return toBillingAccount(updated, period);
    });
  }

  /** Gives a charge back exactly once: its credits, and the month's usage when still the same month. */
  async refund({ generationId, reason }: MessageRequest<'billing.refund'>): Promise<{ refunded: boolean }> {
    if (!isUuid(generationId)) return { refunded: false };
    const why = reasonText(reason) || 'Generation failed';
    return this.transaction(async (sql) => {
      // The conditional UPDATE is the "exactly once": only one caller can flip refunded_at.
      const [charge] = await sql<{ user_id: string; credits: number; usage_period: string }>(
        `UPDATE "billing"."charges" SET "refunded_at" = now(), "refund_reason" = $2
          WHERE "generation_id" = $1 AND "refunded_at" IS NULL
          RETURNING "user_id", "credits", "usage_period"`,
        [generationId, why],
      );
      if (!charge) return { refunded: false };
      const [account] = await sql<AccountRow>(
        `UPDATE "billing"."accounts"
            SET "credits" = "credits" + $2,
                "monthly_usage" = CASE WHEN "usage_period" = $3 THEN GREATEST("monthly_usage" - 1, 0) ELSE "monthly_usage" END,
                "updated_at" = now()
          WHERE "user_id" = $1 RETURNING *`,
        [charge.user_id, charge.credits, charge.usage_period],
      );
      if (charge.credits > 0) {
        await this.record(sql, {
          userId: charge.user_id, delta: charge.credits, balanceAfter: account.credits, kind: 'refund', generationId, reason: why,
        });
      }
      return { refunded: true };
    });
  }

  /** The member's ledger, newest first (at most AdminListLimit rows). */
  async ledger({ userId, limit }: MessageRequest<'billing.ledger'>): Promise<LedgerEntry[]> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT "id", "delta", "balance_after", "kind", "reason", "actor_id", "generation_id", "created_at"
       FROM "billing"."ledger" WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT $2`, [userId, take],
    );
    return rows.map((row) => ({
      id: String(row.id), delta: row.delta as number, balanceAfter: row.balance_after as number, kind: row.kind as string,
      reason: row.reason as string, actorId: row.actor_id as string | null, generationId: row.generation_id as string | null,
      createdAt: (row.created_at as Date).toISOString(),
    }));
  }

  /**
   * An admin's adjustment: change the plan (through applyPlanChange, as the payment webhooks: the
   * plan's monthly credits once per plan and month) and/or set the credit balance; both go on the
   * ledger with the actor.
   */
  async setPlan({ userId, role, credits, actorId, reason }: MessageRequest<'billing.setPlan'>): Promise<BillingAccount> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    if (!isUuid(actorId)) fail(ErrorCode.BadRequest, BillingMessages.invalidActor);
    if (role !== undefined && role !== null && !Roles.includes(role)) fail(ErrorCode.BadRequest, BillingMessages.invalidRole);
    if (credits !== undefined && credits !== null && (!Number.isInteger(credits) || credits < 0 || credits > MaxCredits)) {
      fail(ErrorCode.BadRequest, BillingMessages.invalidCredits);
    }
    const newRole = role ?? undefined;
    const newCredits = credits ?? undefined;
    if (newRole === undefined && newCredits === undefined) fail(ErrorCode.BadRequest, BillingMessages.nothingToChange);
    const why = reasonText(reason);

    return this.transaction(async (sql) => {
      let account = await this.lockOrOpen(sql, userId);

      if (newRole !== undefined && newRole !== account.role) {
        // A balance the admin sets is the balance: the plan's credits come with the role only without one.
        account = await applyPlanChange(sql, {
          userId, role: newRole, grantKey: newCredits === undefined ? `${newRole}:${usagePeriod()}` : null, kind: 'admin', actorId, reason: why,
        });
      }
      if (newCredits !== undefined && newCredits !== account.credits) {
        const delta = newCredits - account.credits;
        [account] = await sql<AccountRow>(
          'UPDATE "billing"."accounts" SET "credits" = $2, "updated_at" = now() WHERE "user_id" = $1 RETURNING *', [userId, newCredits],
        );
        await this.record(sql, {
          userId, delta, balanceAfter: account.credits, kind: 'admin', actorId, reason: why || `credits set to ${newCredits}`,
        });
      }
      this.logger.log({ userId, actorId, role: account.role, credits: account.credits, reason: why }, 'admin plan adjustment');
      return toBillingAccount(account);
    });
  }

  /** Creates the account with its starter credits if missing; racing callers create exactly one. */
  private async open(sql: Sql, userId: string): Promise<void> {
    const created = await sql(
      `INSERT INTO "billing"."accounts" ("user_id", "role", "credits", "monthly_usage", "usage_period")
       VALUES ($1, 'free', $2, 0, $3) ON CONFLICT ("user_id") DO NOTHING RETURNING "user_id"`,
      [userId, StarterCredits, usagePeriod()],
    );
    if (created.length > 0) {
      await this.record(sql, { userId, delta: StarterCredits, balanceAfter: StarterCredits, kind: 'starter', reason: 'Starter credits' });
    }
  }

  /** Reads the account holding its row lock until the transaction ends, opening it first if missing. */
  private async lockOrOpen(sql: Sql, userId: string): Promise<AccountRow> {
    const select = () => sql<AccountRow>('SELECT * FROM "billing"."accounts" WHERE "user_id" = $1 FOR UPDATE', [userId]);
    const [row] = await select();
    if (row) return row;
    await this.open(sql, userId);
    const [opened] = await select();
    return opened;
  }

  private async record(sql: Sql, entry: {
    userId: string; delta: number; balanceAfter: number; kind: LedgerKind; reason: string; generationId?: string; actorId?: string;
  }): Promise<void> {
    await sql(
      `INSERT INTO "billing"."ledger" ("user_id", "delta", "balance_after", "kind", "generation_id", "actor_id", "reason")
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.userId, entry.delta, entry.balanceAfter, entry.kind, entry.generationId ?? null, entry.actorId ?? null, entry.reason],
    );
  }

  private async transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction((manager: EntityManager) => {
        const runner = manager.queryRunner!;
        const sql: Sql = async (text, params) => (await runner.query(text, params, true)).records;
        return work(sql);
      });
    } catch (error) {
      // Two first charges of one generation by different accounts: the primary key decides.
      if (isDuplicateCharge(error)) {
        fail(ErrorCode.Conflict, BillingMessages.generationOfAnotherUser);
      }
      throw error;
    }
  }
}
