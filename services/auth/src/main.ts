import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadAuthConfig } from './config.js';
import { authDatabase } from './database.js';
import { AuthModule } from './auth.module.js';

runMain(async () => {
  const config = loadAuthConfig();
  await bootstrapService('auth', AuthModule.forRoot(config), config, authDatabase);
});
