import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ErrorCode, normalizeEmail, ReferralCodePattern, type MessageRequest, type WaitlistJoined, type WaitlistReferralRecorded,
} from '@trendforge/contracts';
import { fail, ServiceError } from '@trendforge/platform';
import { WAITLIST_CONFIG, type WaitlistConfig } from './config.js';
import { JoinLimit } from './join-limit.js';
import { newReferralCode, validateJoin, validEmail, validReferralCode, WaitlistMessages } from './rules.js';

/** 32^6 codes: a collision is rare, several in a row means something else is wrong. */
const CodeAttempts = 8;

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string })?.code === '23505' && (error as { constraint?: string }).constraint === constraint;

@Injectable()
export class WaitlistService {
  private readonly logger = new Logger(WaitlistService.name);
  /** Where new codes come from (a seam for the collision test). */
  codes: () => string = newReferralCode;

  constructor(
    private readonly db: DataSource,
    private readonly limit: JoinLimit,
    @Inject(WAITLIST_CONFIG) private readonly config: Pick<WaitlistConfig, 'WAITLIST_REFERRAL_WINDOW_SECONDS'>,
  ) {}

  async count(): Promise<number> {
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM waitlist.entries`);
    return count;
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
      const code = this.codes();
      try {
        // ON CONFLICT (email) only: a clash on the code still raises, and is retried with a new one.
        const rows: Array<{ referral_code: string }> = await this.db.query(
          `INSERT INTO waitlist.entries (name, email, interest, referral_code) VALUES ($1, $2, $3, $4)
           ON CONFLICT (email) DO NOTHING RETURNING referral_code`,
          [name, email, interest, code],
        );
        return rows[0]?.referral_code ?? null;
      } catch (error) {
        if (isUniqueViolation(error, 'entries_referral_code_key') && attempt < CodeAttempts) continue;
        throw error;
      }
    }
  }

  /** The email of the entry owning `code`, or null (auth maps it to a member who registered with it). */
  async referrer(code: unknown): Promise<{ email: string } | null> {
    const normalized = typeof code === 'string' ? code.trim().toUpperCase() : '';
    if (!ReferralCodePattern.test(normalized)) return null;
    const [entry]: Array<{ email: string }> = await this.db.query(`SELECT email FROM waitlist.entries WHERE referral_code = $1`, [normalized]);
    return entry ? { email: entry.email } : null;
  }

  /** The code of the link the entry with `email` joined through, or null (auth records it when that person registers). */
  async referredBy(email: unknown): Promise<{ code: string } | null> {
    if (typeof email !== 'string') return null;
    const [entry]: Array<{ referred_by: string | null }> = await this.db.query(
      `SELECT referred_by FROM waitlist.entries WHERE email = $1`, [normalizeEmail(email)],
    );
    return entry?.referred_by ? { code: entry.referred_by } : null;
  }

  /**
   * Records that the entry `email` joined through `referralCode` and counts it for the referrer.
   * Once per entry, only within the referral window after joining, never oneself; repeating the same
   * referral answers the same result.
   */
  async recordReferral(request: MessageRequest<'waitlist.referral'>): Promise<WaitlistReferralRecorded> {
    const email = validEmail(request.email);
    const code = validReferralCode(request.referralCode);
    return this.db.transaction(async (tx) => {
      const [entry]: Array<{ id: string; referral_code: string; referred_by: string | null; too_late: boolean }> = await tx.query(
        `SELECT id, referral_code, referred_by, created_at < now() - make_interval(secs => $2) AS too_late
           FROM waitlist.entries WHERE email = $1 FOR UPDATE`,
        [email, this.config.WAITLIST_REFERRAL_WINDOW_SECONDS],
      );
      if (!entry) fail(ErrorCode.NotFound, WaitlistMessages.notOnWaitlist);
      if (entry.referral_code === code) fail(ErrorCode.BadRequest, WaitlistMessages.selfReferral);
      if (entry.referred_by === code) return { success: true, referralCode: code };
      if (entry.referred_by) fail(ErrorCode.Conflict, WaitlistMessages.alreadyReferred);
      if (entry.too_late) fail(ErrorCode.BadRequest, WaitlistMessages.referralTooLate);

      // TypeORM answers an UPDATE with [rows, rowCount].
      const [[referrer]]: [Array<{ referral_count: number }>, number] = await tx.query(
        `UPDATE waitlist.entries SET referral_count = referral_count + 1 WHERE referral_code = $1 RETURNING referral_count`,
        [code],
      );
      if (!referrer) fail(ErrorCode.NotFound, WaitlistMessages.unknownReferralCode);
      await tx.query(`UPDATE waitlist.entries SET referred_by = $1 WHERE id = $2`, [code, entry.id]);
      this.logger.log({ referralCode: code, referrals: referrer.referral_count }, 'referral recorded');
      return { success: true, referralCode: code };
    });
  }
}
