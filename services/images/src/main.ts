import 'reflect-metadata';
import { bootstrapService, runMain } from '@trendforge/platform';
import { loadImagesConfig } from './config.js';
import { imagesDatabase } from './database.js';
import { ImagesModule } from './images.module.js';

runMain(async () => {
  const config = loadImagesConfig();
  await bootstrapService('images', ImagesModule.forRoot(config), config, imagesDatabase);
});
