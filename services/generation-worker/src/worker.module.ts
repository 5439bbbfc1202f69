import { DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  BusModule, loggingModule, REDIS, RedisModule, STORAGE, StorageModule, workerHealthProviders, type ObjectStorage,
} from '@trendforge/platform';
import type { GenerationWorkerConfig } from './config.js';
import { GenerationProcessor, IMAGE_PROVIDER, WORKER_CONFIG } from './generation.processor.js';
import { createImageProvider } from './providers.js';

@Module({})
export class GenerationWorkerModule {
  static forRoot(config: GenerationWorkerConfig): DynamicModule {
    return {
      module: GenerationWorkerModule,
      imports: [
        loggingModule('generation-worker'),
        BusModule.forRoot(config.REDIS_URL),
        RedisModule.forRoot(config.REDIS_URL),
        StorageModule.forRoot(config),
      ],
      providers: [
        { provide: WORKER_CONFIG, useValue: config },
        { provide: IMAGE_PROVIDER, useFactory: () => createImageProvider(config) },
        GenerationProcessor,
        ...workerHealthProviders({
          inject: [REDIS, STORAGE, GenerationProcessor],
          probes: (redis: Redis, storage: ObjectStorage, processor: GenerationProcessor) => [
            { name: 'redis', check: () => redis.ping() },
            { name: 'storage', check: () => storage.ping() },
            { name: 'consumer', check: async () => { if (!processor.isRunning()) throw new Error('not consuming'); } },
          ],
        }),
      ],
    };
  }
}
