import type { ServiceDatabase } from '@trendforge/platform';
import { WaitlistEntryEntity } from './entry.entity.js';
import { CreateEntries1763700200000 } from './migrations/1763700200000-CreateEntries.js';

export const waitlistDatabase: ServiceDatabase = {
  schema: 'waitlist',
  entities: [WaitlistEntryEntity],
  migrations: [CreateEntries1763700200000],
};
