import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadTrendsConfig } from './config.js';
import { trendsDatabase } from './database.js';
import { TrendsModule } from './trends.module.js';

runMain(async () => {
  const config = loadTrendsConfig();
  await bootstrapService('trends', TrendsModule.forRoot(config), config, trendsDatabase);
});
