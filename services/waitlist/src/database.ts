import type { ServiceDatabase } from '@trendforge/platform';
import { WaitlistEntryEntity } from './entry.entity.js';
import { CreateEntries1763700200000 } from './migrations/1763700200000-CreateEntries.js';
import { Referrals1764100000000 } from './migrations/1764100000000-Referrals.js';

export const waitlistDatabase: ServiceDatabase = {
  schema: 'waitlist',
  entities: [WaitlistEntryEntity],
  migrations: [CreateEntries1763700200000, Referrals1764100000000],
};
