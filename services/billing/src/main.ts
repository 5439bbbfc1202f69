import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { BillingModule } from './billing.module.js';
import { loadBillingConfig } from './config.js';
import { billingDatabase } from './database.js';

runMain(async () => {
  const config = loadBillingConfig();
  await bootstrapService({
    module: BillingModule.forRoot(config),
    healthPort: config.HEALTH_PORT,
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    database: billingDatabase,
  });
});
