import type { ServiceDatabase } from '@trendforge/platform';
import { UserEntity } from './user.entity.js';
import { CreateUsers1763800000000 } from './migrations/1763800000000-CreateUsers.js';
import { ReferralCodes1764200000000 } from './migrations/1764200000000-ReferralCodes.js';
import { ReferralSettlement1772000000000 } from './migrations/1772000000000-ReferralSettlement.js';

export const authDatabase: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity],
  migrations: [CreateUsers1763800000000, ReferralCodes1764200000000, ReferralSettlement1772000000000],
};
