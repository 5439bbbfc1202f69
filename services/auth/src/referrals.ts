import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Events, makeReferralCode, ReferralCodePattern, type UserReferredEvent } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { UserEntity } from './user.entity.js';

/** How long a registration waits for the waitlist to name a code's entry. */
const WaitlistAnswerMs = 2_000;

const asCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');

/**
 * Members' referral codes and the link a registration came through. A code is a member's own, or a
 * waitlist entry's, which counts for the member registered with that entry's email.
 */
@Injectable()
export class Referrals {
  private readonly logger = new Logger(Referrals.name);
  /**
   * A fresh code for a new member (a seam for the collision test); the unique index keeps codes unique
   * among members. A member's code is looked up before the waitlist's, so a code that is both names the member.
   */
  codes: () => string = () => makeReferralCode(randomInt);

  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>, private readonly bus: Bus) {}

  /** The member whose own code this is. */
  async memberWithCode(code: unknown): Promise<{ userId: string } | null> {
    const normalized = asCode(code);
    if (!ReferralCodePattern.test(normalized)) return null;
    const member = await this.users.findOne({ where: { referralCode: normalized }, select: { id: true } });
    return member ? { userId: member.id } : null;
  }

  /**
   * Tells billing that `newMember` registered through `ref`, when the code names someone else: a
   * member's own code, or a waitlist entry whose email belongs to a member. A bad or unknown code is
   * ignored: it never undoes a registration. The event id is the new account's, so it counts once.
   */
  async registeredThrough(ref: unknown, newMember: { id: string; email: string }): Promise<void> {
    const code = asCode(ref);
    if (!ReferralCodePattern.test(code)) return;
    try {
      const referrerId = (await this.memberWithCode(code))?.userId ?? (await this.memberOfWaitlistCode(code));
      if (!referrerId || referrerId === newMember.id) {
        this.logger.log({ userId: newMember.id, code, self: referrerId === newMember.id }, 'referral code credits nobody');
        return;
      }
      const event: UserReferredEvent = { userId: newMember.id, referrerId, code };
      await this.bus.publish(Events.userReferred, event, `user.referred:${newMember.id}`);
      this.logger.log({ userId: newMember.id, referrerId, code }, 'registered through a referral link');
    } catch (error) {
      this.logger.error({ err: error, userId: newMember.id, code }, 'user.referred not published');
    }
  }

  private async memberOfWaitlistCode(code: string): Promise<string | null> {
    // A short wait: the waitlist being slow or down costs the referral, not the registration.
    const entry = await this.bus.send('waitlist.referrer', { code }, WaitlistAnswerMs);
    if (!entry) return null;
    const member = await this.users.findOne({ where: { email: entry.email }, select: { id: true } });
    return member?.id ?? null;
  }
}
