import { DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  BusModule, loggingModule, REDIS, RedisModule, STORAGE, StorageModule, workerHealthProviders, type ObjectStorage,
} from '@trendforge/platform';
import type { TraitsWorkerConfig } from './config.js';
import { TRAITS_CONFIG, TraitsProcessor } from './traits.processor.js';

@Module({})
export class TraitsWorkerModule {
  static forRoot(config: TraitsWorkerConfig): DynamicModule {
    return {
      module: TraitsWorkerModule,
      imports: [loggingModule('traits-worker'), BusModule.forRoot(config.REDIS_URL), RedisModule.forRoot(config.REDIS_URL), StorageModule.forRoot(config)],
      providers: [
        { provide: TRAITS_CONFIG, useValue: config },
        TraitsProcessor,
        ...workerHealthProviders({
          inject: [REDIS, STORAGE, TraitsProcessor],
          probes: (redis: Redis, storage: ObjectStorage, processor: TraitsProcessor) => [
            { name: 'redis', check: () => redis.ping() },
            { name: 'storage', check: () => storage.ping() },
            { name: 'consumer', check: async () => { if (!processor.isRunning()) throw new Error('not consuming'); } },
          ],
        }),
      ],
    };
  }
}
