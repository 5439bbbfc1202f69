import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadImagesConfig } from './config.js';
import { imagesDatabase } from './database.js';
import { ImagesModule } from './images.module.js';

runMain(async () => {
  const config = loadImagesConfig();
  await bootstrapService({
    module: ImagesModule.forRoot(config),
    healthPort: config.HEALTH_PORT,
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    database: imagesDatabase,
  });
});
