import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ILike, type Repository } from 'typeorm';
import { UserEntity } from '../user.entity.js';

/** What a registration stores; the rest of the row is the table's defaults. */
export type NewUser = Pick<UserEntity, 'username' | 'email' | 'passwordHash' | 'referralCode'>;

/** What may change on an account after registration. */
export type UserChanges = Partial<Omit<UserEntity, 'id' | 'email' | 'referralCode' | 'createdAt'>>;

/** A pending referral being settled: both accounts' rows locked, inside the transaction that records it. */
export interface ReferralSettlement {
  member: { id: string; email: string; referredThrough: string };
  referrer: { id: string; email: string };
  /** The referrals paid to the referrer this calendar month (UTC), as this transaction sees them. */
  paidThisMonth(): Promise<number>;
  /** Marks the member's referral settled: paid to `paidTo`, or to nobody. */
  record(paidTo: string | null): Promise<void>;
}

/** Members' accounts (auth.users), their referral codes and the referral links they registered through. */
@Injectable()
export class UserRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /**
   * The new member; null when the email, the username (any case) or the referral code is taken.
   * ON CONFLICT DO NOTHING: a registration racing this one for the same email or username makes this
   * insert nothing (after waiting for the other to commit) instead of raising.
   */
  async add(user: NewUser): Promise<UserEntity | null> {
    const { raw } = await this.users.createQueryBuilder()
      .insert().into(UserEntity).values(user)
      .orIgnore().returning('id').updateEntity(false).execute();
    const id = (raw as Array<{ id: string }>)[0]?.id;
    return id ? this.users.findOneByOrFail({ id }) : null;
  }

  /** The accounts holding this email or (case-insensitively) this username. */
  holdersOf(email: string, username: string): Promise<Array<Pick<UserEntity, 'email' | 'username'>>> {
    return this.users.createQueryBuilder('u')
      .select(['u.email', 'u.username'])
      .where('u.email = :email OR lower(u.username) = lower(:username)', { email, username })
      .getMany();
  }

  byId(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  byEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** Accounts whose username or email matches the ILIKE `pattern`, by username. */
  search(pattern: string, take: number): Promise<UserEntity[]> {
    return this.users.find({ where: [{ username: ILike(pattern) }, { email: ILike(pattern) }], order: { username: 'ASC' }, take });
  }

  async update(id: string, changes: UserChanges): Promise<void> {
    await this.users.update({ id }, changes);
  }

  /** The id of the member whose own referral code this is. */
  async idWithCode(referralCode: string): Promise<string | null> {
    return (await this.users.findOne({ where: { referralCode }, select: { id: true } }))?.id ?? null;
  }

  async idWithEmail(email: string): Promise<string | null> {
    return (await this.users.findOne({ where: { email }, select: { id: true } }))?.id ?? null;
  }

  /** The code the member registered through while their referral is unsettled; null otherwise. */
  async pendingReferral(userId: string): Promise<string | null> {
    const member = await this.users.findOne({ where: { id: userId }, select: { id: true, referredThrough: true, referralSettledAt: true } });
    return member?.referralSettledAt ? null : member?.referredThrough ?? null;
  }

  /**
   * Runs `settle` in one transaction on `userId`'s referral, row-locked while still unsettled (so
   * replays and replicas settle it once), with the referrer `referrerId`'s row locked too, which
   * orders concurrent settlements against the referrer's monthly count. Nothing runs when the
   * referral is settled or there is none; when `settle` throws nothing is recorded.
   */
  settleReferral(userId: string, referrerId: string, settle: (settlement: ReferralSettlement) => Promise<void>): Promise<void> {
    return this.users.manager.transaction(async (tx) => {
      const member = await tx.createQueryBuilder(UserEntity, 'u')
        .select(['u.id', 'u.email', 'u.referredThrough'])
        .where('u.id = :userId', { userId }).andWhere('u.referralSettledAt IS NULL')
        .setLock('pessimistic_write')
        .getOne();
      if (!member?.referredThrough) return;
      const referrer = await tx.createQueryBuilder(UserEntity, 'u')
        .select(['u.id', 'u.email'])
        .where('u.id = :referrerId', { referrerId })
        .setLock('pessimistic_write')
        .getOneOrFail();
      await settle({
        member: { id: member.id, email: member.email, referredThrough: member.referredThrough },
        referrer: { id: referrer.id, email: referrer.email },
        paidThisMonth: () => tx.createQueryBuilder(UserEntity, 'u')
          .where('u.referralPaidTo = :referrerId', { referrerId })
          .andWhere(`u.referralSettledAt >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
          .getCount(),
        record: async (paidTo) => {
          await tx.update(UserEntity, { id: userId }, { referralSettledAt: () => 'now()', referralPaidTo: paidTo });
        },
      });
    });
  }
}
