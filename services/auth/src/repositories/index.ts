/**
 * The auth service's data access: every read and write of the `auth` schema is a method of a
 * repository here (Nest providers); the domain services (accounts, referrals) call these and hold
 * no SQL, no DataSource and no transaction. Sessions and attempt limits live in Redis, not here.
 *
 * One style, the trends service's: TypeORM on UserEntity (held to the migrations by the
 * migrations-drift check), its `Repository<UserEntity>` for plain reads and writes and the query
 * builder where a statement says more: `orIgnore` for the registration's ON CONFLICT DO NOTHING,
 * `setLock('pessimistic_write')` for the settlement's row locks. The referral settlement commits as
 * one in `manager.transaction` inside UserRepository, and hands the domain's decision (whom to pay,
 * the event it publishes before the commit) a handle on that transaction.
 */
import { UserRepository } from './user.repository.js';

export { UserRepository };
export type { NewUser, ReferralSettlement, UserChanges } from './user.repository.js';

/** The Nest providers of every auth repository. */
export const authRepositories = [UserRepository];
