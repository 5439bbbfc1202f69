import type { ServiceDatabase } from '@trendforge/platform';
import { UserEntity } from './user.entity.js';
import { CreateUsers1763800000000 } from './migrations/1763800000000-CreateUsers.js';

export const authDatabase: ServiceDatabase = {
  schema: 'auth',
  entities: [UserEntity],
  migrations: [CreateUsers1763800000000],
};
