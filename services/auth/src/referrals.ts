import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { Events, isUuid, makeReferralCode, ReferralCodePattern, ReferralsPaidPerMonth, type UserReferredEvent } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { AttemptLimits } from './attempt-limits.js';
import { UserRepository, type ReferralSettlement } from './repositories/index.js';

/** How long a registration or a settlement waits for the waitlist to answer. */
const WaitlistAnswerMs = 2_000;

const asCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/** Why a referral was settled without credits (logged), or the member paid. */
type Settlement = { paidTo: string } | { refused: 'self' | 'shared address' | 'monthly cap' };

/**
 * Members' referral codes and the links accounts registered through. A code is a member's own, or a
 * waitlist entry's, which counts for the member registered with that entry's email. A new account
 * without a link of its own counts for the waitlist entry whose link brought its email to the list.
 *
 * The rule for paying (ReferralCredits, through billing): a referral is paid when the new account's
 * first generation completes — a real person who used the product, not a throwaway sign-up — to the
 * member the code names at that moment (a waitlister who registers later is paid for friends who
 * generate after that), never to the account itself, never when the two accounts share an address
 * either signed in from, and at most ReferralsPaidPerMonth per referrer per calendar month (UTC).
 * Each account's referral is settled once (paid or refused); until a member owns the code it waits.
 */
@Injectable()
export class Referrals {
  private readonly logger = new Logger(Referrals.name);
  /**
   * A fresh code for a new member (a seam for the collision test); the unique index keeps codes unique
   * among members. A member's code is looked up before the waitlist's, so a code that is both names the member.
   */
  codes: () => string = () => makeReferralCode(randomInt);

  constructor(
    private readonly users: UserRepository,
    private readonly bus: Bus,
    private readonly limits: AttemptLimits,
  ) {}

  /** The member whose own code this is. */
  async memberWithCode(code: unknown): Promise<{ userId: string } | null> {
    const normalized = asCode(code);
    if (!ReferralCodePattern.test(normalized)) return null;
    const userId = await this.users.idWithCode(normalized);
    return userId ? { userId } : null;
  }

  /**
   * Records the link `newMember` registered through: `ref`, or else the code of the waitlist entry
   * that referred their email. A bad code, or the member's own, is dropped; nothing here undoes a registration.
   */
  async registeredThrough(ref: unknown, newMember: { id: string; email: string; referralCode: string }): Promise<void> {
    try {
      let code = asCode(ref);
      if (!ReferralCodePattern.test(code)) {
        // A short wait: the waitlist being slow or down costs the referral, not the registration.
        code = (await this.bus.send('waitlist.referredBy', { email: newMember.email }, WaitlistAnswerMs).catch(() => null))?.code ?? '';
      }
      if (!ReferralCodePattern.test(code) || code === newMember.referralCode) return;
      await this.users.update(newMember.id, { referredThrough: code });
      this.logger.log({ userId: newMember.id, code }, 'registered through a referral link; paid at the first completed generation');
    } catch (error) {
      this.logger.error({ err: error, userId: newMember.id }, 'referral link not recorded');
    }
  }

  /**
   * The member `userId` completed a generation: settles their referral if it is pending. Run once per
   * account whatever replays or replicas do (the row lock and `referral_settled_at`); user.referred is
   * published inside the transaction (its id is the account's, so billing pays once even if it is sent twice).
   */
  async firstGenerationCompleted(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    const code = await this.users.pendingReferral(userId);
    if (!code) return;
    const payee = await this.payeeOf(code);
    if (!payee) return; // nobody owns the code yet (a waitlister not registered): a later generation tries again
    await this.users.settleReferral(userId, payee, async (settlement) => {
      const { member, referrer } = settlement;
      const outcome = await this.settlement(settlement);
      await settlement.record('paidTo' in outcome ? outcome.paidTo : null);
      if ('refused' in outcome) {
        this.logger.log({ userId, referrerId: referrer.id, reason: outcome.refused }, 'referral settled without credits');
        return;
      }
      const event: UserReferredEvent = { userId, referrerId: referrer.id, code: member.referredThrough };
      await this.bus.publish(Events.userReferred, event, `user.referred:${userId}`);
      this.logger.log({ userId, referrerId: referrer.id }, 'referral paid');
    });
  }

  private async settlement({ member, referrer, paidThisMonth }: ReferralSettlement): Promise<Settlement> {
    if (referrer.id === member.id) return { refused: 'self' };
    if (await this.limits.shareAnAddress(member.email, referrer.email)) return { refused: 'shared address' };
    const paid = await paidThisMonth();
    return paid >= ReferralsPaidPerMonth ? { refused: 'monthly cap' } : { paidTo: referrer.id };
  }

  /** The member a code names now: its owner, or the member registered with the waitlist entry's email. */
  private async payeeOf(code: string): Promise<string | null> {
    const own = await this.memberWithCode(code);
    if (own) return own.userId;
    const entry = await this.bus.send('waitlist.referrer', { code }, WaitlistAnswerMs).catch(() => null);
    if (!entry) return null;
    return this.users.idWithEmail(entry.email);
  }
}
