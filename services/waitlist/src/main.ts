import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadWaitlistConfig } from './config.js';
import { waitlistDatabase } from './database.js';
import { WaitlistModule } from './waitlist.module.js';

runMain(async () => {
  const config = loadWaitlistConfig();
  await bootstrapService('waitlist', WaitlistModule.forRoot(config), config, waitlistDatabase);
});
