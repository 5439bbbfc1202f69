/**
 * The waitlist service's data access: every read and write of the `waitlist` schema is a method of
 * a repository here (Nest providers); WaitlistService calls these and holds no SQL, no DataSource
 * and no transaction. The per-address join limit lives in Redis, not here.
 *
 * One style, the trends service's: TypeORM on WaitlistEntryEntity (held to the migrations by the
 * migrations-drift check), its `Repository<WaitlistEntryEntity>` for plain reads and the query
 * builder where a statement says more: ON CONFLICT ("email") DO NOTHING with RETURNING for a join,
 * `setLock('pessimistic_write')` for the entry a referral is recorded on, UPDATE ... RETURNING for
 * the referrer's count. A referral commits as one in `manager.transaction` inside EntryRepository,
 * which hands the domain's rules (self, second referrer, window, unknown code) that transaction's writes.
 */
import { EntryRepository } from './entry.repository.js';

export { EntryRepository };
export type { EntryBeingReferred, NewEntry, ReferralWrites } from './entry.repository.js';

/** The Nest providers of every waitlist repository. */
export const waitlistRepositories = [EntryRepository];
