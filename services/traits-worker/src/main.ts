// First: the worker's threads start with a lower CPU priority (platform/background-priority.ts).
import '@trendforge/platform/background-priority';
import 'reflect-metadata';
import { bootstrapWorker, runMain } from '@trendforge/platform';
import { loadTraitsWorkerConfig } from './config.js';
import { TraitsWorkerModule } from './worker.module.js';

runMain(async () => {
  const config = loadTraitsWorkerConfig();
  await bootstrapWorker(TraitsWorkerModule.forRoot(config), config.HEALTH_PORT);
});
