import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { bootstrapService, runMain } from '@trendforge/platform';
import { AssistService } from './assist/assist.service.js';
import { loadTrendsConfig } from './config.js';
import { trendsDatabase } from './database.js';
import { TrendsModule } from './trends.module.js';

runMain(async () => {
  const config = loadTrendsConfig();
  const app = await bootstrapService('trends', TrendsModule.forRoot(config), config, trendsDatabase);
  // Off the start-up path: the offline coach loads while the service already answers.
  app?.get(AssistService).warm().catch((error: unknown) => new Logger('AssistService').warn({ err: error }, 'offline assistant warm-up failed'));
});
