// First: the worker's threads start with a lower CPU priority (platform/background-priority.ts).
import '@trendforge/platform/background-priority';
import 'reflect-metadata';
import { bootstrapWorker, runMain } from '@trendforge/platform';
import { loadGenerationWorkerConfig } from './config.js';
import { GenerationWorkerModule } from './worker.module.js';

runMain(async () => {
  const config = loadGenerationWorkerConfig();
  await bootstrapWorker(GenerationWorkerModule.forRoot(config), config.HEALTH_PORT);
});
