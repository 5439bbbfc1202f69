import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WaitlistEntryEntity } from '../entry.entity.js';

/** What a join stores; the rest of the row is the table's defaults. */
export type NewEntry = Pick<WaitlistEntryEntity, 'name' | 'email' | 'interest' | 'referralCode'>;

/** An entry asked to record its referrer, row-locked inside the transaction that records it. */
export interface EntryBeingReferred {
  id: string;
  referralCode: string;
  referredBy: string | null;
  /** Whether it joined longer ago than the referral window (by the database's clock). */
  tooLate: boolean;
}

/** The writes of a referral, inside the transaction holding the entry's row lock. */
export interface ReferralWrites {
  /** Counts one more referral for the entry owning `code`: its new count, or null when no entry owns it. */
  countFor(code: string): Promise<number | null>;
  /** Records that the entry joined through `code`. */
  link(entryId: string, code: string): Promise<void>;
}

/** The unique index behind `referral_code` (the migration's UNIQUE). */
const ReferralCodeKey = 'entries_referral_code_key';

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string })?.code === '23505' && (error as { constraint?: string }).constraint === constraint;

/** The waitlist's entries (waitlist.entries). */
@Injectable()
export class EntryRepository {
  constructor(@InjectRepository(WaitlistEntryEntity) private readonly entries: Repository<WaitlistEntryEntity>) {}

  count(): Promise<number> {
    return this.entries.count();
  }

  /**
   * Adds the entry: 'added', 'listed' when its email is on the list already, or 'code taken' when
   * another entry holds its referral code (nothing added). ON CONFLICT (email) only, so a clash on
   * the code still raises, and is answered as such.
   */
  async add(entry: NewEntry): Promise<'added' | 'listed' | 'code taken'> {
    try {
      // orUpdate with no column to overwrite is ON CONFLICT ("email") DO NOTHING (orIgnore names no conflict target).
      const { raw } = await this.entries.createQueryBuilder().insert().into(WaitlistEntryEntity).values(entry)
        .orUpdate([], ['email'])
        .returning(['referralCode'])
        .updateEntity(false)
        .execute();
      return (raw as unknown[]).length ? 'added' : 'listed';
    } catch (error) {
      if (isUniqueViolation(error, ReferralCodeKey)) return 'code taken';
      throw error;
    }
  }

  /** The email of the entry owning `referralCode`. */
  async emailWithCode(referralCode: string): Promise<string | null> {
    return (await this.entries.findOne({ where: { referralCode }, select: { email: true } }))?.email ?? null;
  }

  /** The code the entry with `email` joined through; null when none, or no such entry. */
  async referredBy(email: string): Promise<string | null> {
    return (await this.entries.findOne({ where: { email }, select: { referredBy: true } }))?.referredBy ?? null;
  }

  /**
   * Runs `refer` in one transaction on the entry with `email` (null when there is none), its row
   * locked so concurrent referrals of one entry record one referrer; `windowSeconds` decides
   * `tooLate`. When `refer` throws, nothing it wrote is kept.
   */
  refer<T>(email: string, windowSeconds: number, refer: (entry: EntryBeingReferred | null, writes: ReferralWrites) => Promise<T>): Promise<T> {
    return this.entries.manager.transaction(async (tx) => {
      const entry = await tx.createQueryBuilder(WaitlistEntryEntity, 'e')
        .select('e.id', 'id').addSelect('e.referralCode', 'referralCode').addSelect('e.referredBy', 'referredBy')
        .addSelect('e.createdAt < now() - make_interval(secs => :windowSeconds)', 'tooLate')
        .where('e.email = :email', { email, windowSeconds })
        .setLock('pessimistic_write')
        .getRawOne<EntryBeingReferred>();
      return refer(entry ?? null, {
        countFor: async (code) => {
          const { raw } = await tx.createQueryBuilder().update(WaitlistEntryEntity)
            .set({ referralCount: () => '"referral_count" + 1' })
            .where({ referralCode: code })
            .returning(['referralCount'])
            .updateEntity(false)
            .execute();
          return (raw as Array<{ referral_count: number }>)[0]?.referral_count ?? null;
        },
        link: async (entryId, code) => {
          await tx.update(WaitlistEntryEntity, { id: entryId }, { referredBy: code });
        },
      });
    });
  }
}
