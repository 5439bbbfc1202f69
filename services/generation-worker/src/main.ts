import 'reflect-metadata';
import { bootstrapWorker, runMain } from '@trendforge/platform';
import { loadGenerationWorkerConfig } from './config.js';
import { GenerationWorkerModule } from './worker.module.js';

runMain(async () => {
  const config = loadGenerationWorkerConfig();
  await bootstrapWorker(GenerationWorkerModule.forRoot(config), config.HEALTH_PORT);
});
