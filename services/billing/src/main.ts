import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadBillingConfig } from './config.js';
import { billingDatabase } from './database.js';
import { BillingModule } from './billing.module.js';
import { grantAdmin } from './grant-admin.js';

runMain(async () => {
  const config = loadBillingConfig();
  const grant = process.argv.indexOf('--grant-admin');
  if (grant !== -1) {
    const account = await grantAdmin(config.DATABASE_URL, process.argv[grant + 1]);
    process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'admin granted', userId: account.userId })}\n`);
    return;
  }
  await bootstrapService('billing', BillingModule.forRoot(config), config, billingDatabase);
});
