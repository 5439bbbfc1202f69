import type { ServiceDatabase } from '@trendforge/platform';
import { trendsEntities } from './entities.js';
import { CreateTrends1763700000000 } from './migrations/1763700000000-CreateTrends.js';
import { FavouritesVotesElections1764000000000 } from './migrations/1764000000000-FavouritesVotesElections.js';
import { CountedGenerations1765000000000 } from './migrations/1765000000000-CountedGenerations.js';

export const trendsDatabase: ServiceDatabase = {
  schema: 'trends',
  entities: trendsEntities,
  migrations: [CreateTrends1763700000000, FavouritesVotesElections1764000000000, CountedGenerations1765000000000],
};
