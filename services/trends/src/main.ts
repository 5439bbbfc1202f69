import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadTrendsConfig } from './config.js';
import { trendsDatabase } from './database.js';
import { TrendsModule } from './trends.module.js';

runMain(async () => {
  const config = loadTrendsConfig();
  await bootstrapService({
    module: TrendsModule.forRoot(config),
    healthPort: config.HEALTH_PORT,
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    database: trendsDatabase,
  });
});
