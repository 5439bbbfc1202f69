import { Injectable } from '@nestjs/common';
import { ReferralCodePattern, type ReferralSummary } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';

/** Referrals as the gateway composes them: the code from auth, the friends and credits from billing. */
@Injectable()
export class Referrals {
  constructor(private readonly bus: Bus) {}

  async of(userId: string): Promise<ReferralSummary> {
    const [profile, earned] = await Promise.all([this.bus.send('auth.user', { userId }), this.bus.send('billing.referrals', { userId })]);
    return { referralCode: profile.referralCode, ...earned };
  }

  /** Whether a ?ref= code is anyone's: a member's own or a waitlist entry's. Tells nothing else. */
  async isKnown(code: unknown): Promise<boolean> {
    const normalized = typeof code === 'string' ? code.trim().toUpperCase() : '';
    if (!ReferralCodePattern.test(normalized)) return false;
    const [member, entry] = await Promise.all([
      this.bus.send('auth.referrer', { code: normalized }),
      this.bus.send('waitlist.referrer', { code: normalized }),
    ]);
    return Boolean(member || entry);
  }
}
