import { Injectable, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import {
  AdminListLimit, ErrorCode, isUuid, type LedgerEntry, MonthlyAllowance, Roles, StarterCredits, type BillingAccount, type MessageRequest,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import type { AccountEntity } from './entities.js';
import { applyPlanChange } from './plan-change.js';
import {
  AccountRepository, BillingTransactions, ChargeRepository, LedgerRepository, type BillingRepositories,
} from './repositories/index.js';

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

/** The charges primary key refused a second first charge of one generation. */
const isDuplicateCharge = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { constraint?: string }).constraint === 'charges_pkey';

function toBillingAccount(account: AccountEntity, period = usagePeriod()): BillingAccount {
  return {
    userId: account.userId,
    role: account.role,
    credits: account.credits,
    // Usage resets each calendar month: a count from an earlier month is this month's 0.
    monthlyUsage: account.usagePeriod === period ? account.monthlyUsage : 0,
    monthlyAllowance: MonthlyAllowance[account.role],
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

  constructor(
    private readonly accounts: AccountRepository,
    private readonly charges: ChargeRepository,
    private readonly ledgerEntries: LedgerRepository,
    private readonly transactions: BillingTransactions,
  ) {}

  /** The member's account, opened (free, with starter credits) on first sight. */
  async account(userId: string): Promise<BillingAccount> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const account = await this.accounts.find(userId);
    if (account) return toBillingAccount(account);
    return this.transaction(async (tx) => toBillingAccount(await this.lockOrOpen(tx, userId)));
  }

  /** Opens the account eagerly when a member registers; a no-op when it exists. */
  async opened(userId: string): Promise<void> {
    if (!isUuid(userId)) {
      this.logger.warn({ userId }, 'user.registered without a valid user id ignored');
      return;
    }
    await this.transaction((tx) => this.open(tx, userId));
  }

  /**
   * Counts one generation against the month's allowance and takes `credits` credits, atomically.
   * Idempotent per generation: charging the same generation again changes nothing. The rule itself
   * is billing.charge_generation (ChargeRepository.chargeGeneration), the one the images service's
   * acceptance runs too; this path adds what that statement leaves to its caller.
   */
  async charge({ userId, generationId, credits }: MessageRequest<'billing.charge'>): Promise<BillingAccount> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    if (!isUuid(generationId)) fail(ErrorCode.BadRequest, BillingMessages.invalidGeneration);
    if (!Number.isInteger(credits) || credits < 0 || credits > MaxChargeCredits) fail(ErrorCode.BadRequest, BillingMessages.invalidCost);

    // The common case in one statement and one round trip; a concurrent first charge of the same
    // generation loses on the charges primary key and the careful path answers it.
    const charged = await this.charges.chargeGeneration(userId, generationId, credits).catch((error: unknown) => {
      if (isDuplicateCharge(error)) return null;
      throw error;
    });
    // A charge counts in the month it was made: the row's period is the current one.
    if (charged) return toBillingAccount(charged, charged.usagePeriod);
    return this.chargeCarefully(userId, generationId, credits);
  }

  /**
   * The charge when the one statement charged nothing, holding the account's row lock: opens an
   * account not open yet and charges it (the same rule), answers a repeat, and says why it refuses.
   */
  private chargeCarefully(userId: string, generationId: string, credits: number): Promise<BillingAccount> {
    return this.transaction(async (tx) => {
      const account = await this.lockOrOpen(tx, userId);
      const charged = await tx.charges.chargeGeneration(userId, generationId, credits);
      if (charged) return toBillingAccount(charged, charged.usagePeriod);

      // Charged nothing, and the account (locked, so unchanged) is open: charged before, or refused.
      const chargedTo = await tx.charges.chargedTo(generationId);
      if (chargedTo && chargedTo !== userId) fail(ErrorCode.Conflict, BillingMessages.generationOfAnotherUser);
      if (chargedTo) return toBillingAccount(account);
      const { monthlyUsage: used, monthlyAllowance: allowance } = toBillingAccount(account);
      if (used < allowance && account.credits < credits) fail(ErrorCode.PaymentRequired, BillingMessages.notEnoughCredits(credits, account.credits));
      fail(ErrorCode.PaymentRequired, BillingMessages.monthlyLimit(used, allowance));
    });
  }

  /** Gives a charge back exactly once: its credits, and the month's usage when still the same month. */
  async refund({ generationId, reason }: MessageRequest<'billing.refund'>): Promise<{ refunded: boolean }> {
    if (!isUuid(generationId)) return { refunded: false };
    const why = reasonText(reason) || 'Generation failed';
    return this.transaction(async ({ charges, accounts, ledger }) => {
      const charge = await charges.markRefunded(generationId, why);
      if (!charge) return { refunded: false };
      const account = await accounts.giveBack(charge.userId, charge.credits, charge.usagePeriod);
      if (charge.credits > 0) {
        await ledger.record({ userId: charge.userId, delta: charge.credits, balanceAfter: account.credits, kind: 'refund', generationId, reason: why });
      }
      return { refunded: true };
    });
  }

  /** The member's ledger, newest first (at most AdminListLimit rows). */
  async ledger({ userId, limit }: MessageRequest<'billing.ledger'>): Promise<LedgerEntry[]> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    const entries = await this.ledgerEntries.newest(userId, take);
    return entries.map((entry) => ({
      id: String(entry.id), delta: entry.delta, balanceAfter: entry.balanceAfter, kind: entry.kind,
      reason: entry.reason, actorId: entry.actorId, generationId: entry.generationId, createdAt: entry.createdAt.toISOString(),
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

    return this.transaction(async (tx) => {
      let account = await this.lockOrOpen(tx, userId);

      if (newRole !== undefined && newRole !== account.role) {
        // A balance the admin sets is the balance: the plan's credits come with the role only without one.
        account = await applyPlanChange(tx, {
          userId, role: newRole, grantKey: newCredits === undefined ? `${newRole}:${usagePeriod()}` : null, kind: 'admin', actorId, reason: why,
        });
      }
      if (newCredits !== undefined && newCredits !== account.credits) {
        const delta = newCredits - account.credits;
        account = await tx.accounts.setCredits(userId, newCredits);
        await tx.ledger.record({ userId, delta, balanceAfter: account.credits, kind: 'admin', actorId, reason: why || `credits set to ${newCredits}` });
      }
      this.logger.log({ userId, actorId, role: account.role, credits: account.credits, reason: why }, 'admin plan adjustment');
      return toBillingAccount(account);
    });
  }

  /** Creates the account with its starter credits if missing; racing callers create exactly one. */
  private async open({ accounts, ledger }: BillingRepositories, userId: string): Promise<void> {
    if (await accounts.open(userId, StarterCredits, usagePeriod())) {
      await ledger.record({ userId, delta: StarterCredits, balanceAfter: StarterCredits, kind: 'starter', reason: 'Starter credits' });
    }
  }

  /** Reads the account holding its row lock until the transaction ends, opening it first if missing. */
  private async lockOrOpen(tx: BillingRepositories, userId: string): Promise<AccountEntity> {
    const account = await tx.accounts.lock(userId);
    if (account) return account;
    await this.open(tx, userId);
    return (await tx.accounts.lock(userId))!;
  }

  private async transaction<T>(work: (tx: BillingRepositories) => Promise<T>): Promise<T> {
    try {
      return await this.transactions.run(work);
    } catch (error) {
      // Two first charges of one generation by different accounts: the primary key decides.
      if (isDuplicateCharge(error)) {
        fail(ErrorCode.Conflict, BillingMessages.generationOfAnotherUser);
      }
      throw error;
    }
  }
}
