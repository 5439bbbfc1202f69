import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode, normalizeEmail, ReferralCodePattern, type MessageRequest, type WaitlistJoined, type WaitlistReferralRecorded,
} from '@trendforge/contracts';
import { fail, ServiceError } from '@trendforge/platform';
import { WAITLIST_CONFIG, type WaitlistConfig } from './config.js';
import { JoinLimit } from './join-limit.js';
import { EntryRepository } from './repositories/index.js';
import { newReferralCode, validateJoin, validEmail, validReferralCode, WaitlistMessages } from './rules.js';

/** 32^6 codes: a collision is rare, several in a row means something else is wrong. */
const CodeAttempts = 8;

@Injectable()
export class WaitlistService {
  private readonly logger = new Logger(WaitlistService.name);
  /** Where new codes come from (a seam for the collision test). */
  codes: () => string = newReferralCode;

  constructor(
    private readonly entries: EntryRepository,
    private readonly limit: JoinLimit,
    @Inject(WAITLIST_CONFIG) private readonly config: Pick<WaitlistConfig, 'WAITLIST_REFERRAL_WINDOW_SECONDS'>,
  ) {}

  count(): Promise<number> {
    return this.entries.count();
  }

  /**
   * Adds the entry with a fresh unique referral code. An email already on the list is told so (the
   * spec's duplicate message), with no code or count: whoever typed the email may not be its owner.
   */
  async join(request: MessageRequest<'waitlist.join'>): Promise<WaitlistJoined> {
    const { name, email, interest } = validateJoin(request);
    await this.limit.take(request.ip);

    const inserted = await this.insert(name, email, interest);
    if (!inserted) return { success: true, alreadyJoined: true, referralCode: null, referrals: 0, count: await this.count() };
    this.logger.log({ referralCode: inserted }, 'joined the waitlist');
    // A referral riding along with the join is a bonus: a bad or stale code does not undo the join.
    const ref = typeof request.ref === 'string' ? request.ref.trim().toUpperCase() : '';
    if (ReferralCodePattern.test(ref)) {
      await this.recordReferral({ email, referralCode: ref }).catch((error: unknown) => {
        if (!(error instanceof ServiceError)) throw error;
        this.logger.warn({ ref, reason: error.message }, 'referral not recorded');
      });
    }
    return { success: true, referralCode: inserted, referrals: 0, count: await this.count() };
  }

  /** The new entry's referral code, or null when the email is already on the list. */
  private async insert(name: string, email: string, interest: string): Promise<string | null> {
    for (let attempt = 1; ; attempt += 1) {
      const referralCode = this.codes();
      const added = await this.entries.add({ name, email, interest, referralCode });
      if (added === 'added') return referralCode;
      if (added === 'listed') return null;
      if (attempt >= CodeAttempts) throw new Error(`no free referral code in ${CodeAttempts} draws`);
    }
  }

  /** The email of the entry owning `code`, or null (auth maps it to a member who registered with it). */
  async referrer(code: unknown): Promise<{ email: string } | null> {
    const normalized = typeof code === 'string' ? code.trim().toUpperCase() : '';
    if (!ReferralCodePattern.test(normalized)) return null;
    const email = await this.entries.emailWithCode(normalized);
    return email ? { email } : null;
  }

  /** The code of the link the entry with `email` joined through, or null (auth records it when that person registers). */
  async referredBy(email: unknown): Promise<{ code: string } | null> {
    if (typeof email !== 'string') return null;
    const code = await this.entries.referredBy(normalizeEmail(email));
    return code ? { code } : null;
  }

  /**
   * Records that the entry `email` joined through `referralCode` and counts it for the referrer.
   * Once per entry, only within the referral window after joining, never oneself; repeating the same
   * referral answers the same result.
   */
  async recordReferral(request: MessageRequest<'waitlist.referral'>): Promise<WaitlistReferralRecorded> {
    const email = validEmail(request.email);
    const code = validReferralCode(request.referralCode);
    return this.entries.refer(email, this.config.WAITLIST_REFERRAL_WINDOW_SECONDS, async (entry, writes) => {
      if (!entry) fail(ErrorCode.NotFound, WaitlistMessages.notOnWaitlist);
      if (entry.referralCode === code) fail(ErrorCode.BadRequest, WaitlistMessages.selfReferral);
      if (entry.referredBy === code) return { success: true, referralCode: code };
      if (entry.referredBy) fail(ErrorCode.Conflict, WaitlistMessages.alreadyReferred);
      if (entry.tooLate) fail(ErrorCode.BadRequest, WaitlistMessages.referralTooLate);

      const referrals = await writes.countFor(code);
      if (referrals === null) fail(ErrorCode.NotFound, WaitlistMessages.unknownReferralCode);
      await writes.link(entry.id, code);
      this.logger.log({ referralCode: code, referrals }, 'referral recorded');
      return { success: true, referralCode: code };
    });
  }
}
