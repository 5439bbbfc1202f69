import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadBillingConfig } from './config.js';
import { billingDatabase } from './database.js';
import { BillingModule } from './billing.module.js';

runMain(async () => {
  const config = loadBillingConfig();
  await bootstrapService(BillingModule.forRoot(config), config, billingDatabase);
});
