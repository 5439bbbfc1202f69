import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, isUuid, ReferralCredits, type MessageResponse, type UserReferredEvent } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { BillingMessages, BillingService } from './billing.service.js';
import { BillingTransactions, LedgerRepository } from './repositories/index.js';

/** Referral credits (DESIGN.md section 2): a new account registered through a member's link gives that member credits, once. */
@Injectable()
export class ReferralService {
  private readonly logger = new Logger(ReferralService.name);

  constructor(
    private readonly billing: BillingService,
    private readonly ledger: LedgerRepository,
    private readonly transactions: BillingTransactions,
  ) {}

  /**
   * Grants the referrer ReferralCredits for the new account `userId`, once: the ledger's unique index on
   * the referred account makes a replayed event, a retry or a second replica insert nothing, and the
   * balance only moves in the transaction whose ledger row went in.
   */
  async grant({ userId, referrerId, code }: UserReferredEvent): Promise<boolean> {
    if (!isUuid(userId) || !isUuid(referrerId) || userId === referrerId) {
      this.logger.warn({ userId, referrerId }, 'user.referred ignored: not two distinct accounts');
      return false;
    }
    await this.billing.account(referrerId); // opens the referrer's account (with its starter grant) if it is new to billing
    return this.transactions.run(async ({ accounts, ledger }) => {
      // The row lock orders this grant with charges and refunds of the same account.
      const account = (await accounts.lock(referrerId))!;
      const balanceAfter = account.credits + ReferralCredits;
      const granted = await ledger.recordOnce({
        userId: referrerId, delta: ReferralCredits, balanceAfter, kind: 'referral', referredUserId: userId,
        reason: `A friend joined through referral code ${String(code ?? '').slice(0, 6)}`,
      });
      if (!granted) return false;
      await accounts.setCredits(referrerId, balanceAfter);
      this.logger.log({ referrerId, userId, credits: ReferralCredits }, 'referral credits granted');
      return true;
    });
  }

  /** How many new accounts registered through the member's links, and what that earned them. */
  async summary(userId: string): Promise<MessageResponse<'billing.referrals'>> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const { count, credits } = await this.ledger.totals(userId, 'referral');
    return { friendsJoined: count, creditsEarned: credits };
  }
}
