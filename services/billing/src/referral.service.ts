import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ErrorCode, isUuid, ReferralCredits, type MessageResponse, type UserReferredEvent } from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { BillingMessages, BillingService } from './billing.service.js';

/** Referral credits (DESIGN.md section 2): a new account registered through a member's link gives that member credits, once. */
@Injectable()
export class ReferralService {
  private readonly logger = new Logger(ReferralService.name);

  constructor(@InjectDataSource() private readonly dataSource: DataSource, private readonly billing: BillingService) {}

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
    return this.dataSource.transaction(async (manager) => {
      const runner = manager.queryRunner!;
      const sql = async <T>(text: string, params: unknown[]) => (await runner.query(text, params, true)).records as T[];
      // The row lock orders this grant with charges and refunds of the same account.
      const [account] = await sql<{ credits: number }>('SELECT "credits" FROM "billing"."accounts" WHERE "user_id" = $1 FOR UPDATE', [referrerId]);
      const balanceAfter = account.credits + ReferralCredits;
      const granted = await sql(
        `INSERT INTO "billing"."ledger" ("user_id", "delta", "balance_after", "kind", "referred_user_id", "reason")
         VALUES ($1, $2, $3, 'referral', $4, $5)
         ON CONFLICT ("referred_user_id") WHERE "kind" = 'referral' DO NOTHING RETURNING "id"`,
        [referrerId, ReferralCredits, balanceAfter, userId, `A friend joined through referral code ${String(code ?? '').slice(0, 6)}`],
      );
      if (granted.length === 0) return false;
      await sql('UPDATE "billing"."accounts" SET "credits" = $2, "updated_at" = now() WHERE "user_id" = $1', [referrerId, balanceAfter]);
      this.logger.log({ referrerId, userId, credits: ReferralCredits }, 'referral credits granted');
      return true;
    });
  }

  /** How many new accounts registered through the member's links, and what that earned them. */
  async summary(userId: string): Promise<MessageResponse<'billing.referrals'>> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, BillingMessages.invalidUser);
    const [row] = await this.dataSource.query<Array<{ friends: number; credits: number }>>(
      `SELECT count(*)::int AS friends, coalesce(sum("delta"), 0)::int AS credits
         FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" = 'referral'`,
      [userId],
    );
    return { friendsJoined: row.friends, creditsEarned: row.credits };
  }
}
