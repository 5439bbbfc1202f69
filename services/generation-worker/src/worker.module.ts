import { DynamicModule, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { queueWorkerModule, REDIS } from '@trendforge/platform';
import type { GenerationWorkerConfig } from './config.js';
import { GenerationProcessor, IMAGE_PROVIDER } from './generation.processor.js';
import { createImageProvider } from './providers.js';
import { RendersProcessor } from './renders.processor.js';

@Module({})
export class GenerationWorkerModule {
  static forRoot(config: GenerationWorkerConfig): DynamicModule {
    return queueWorkerModule({
      module: GenerationWorkerModule,
      name: 'generation-worker',
      config,
      consumer: GenerationProcessor,
      consumers: [RendersProcessor],
      providers: [{ provide: IMAGE_PROVIDER, useFactory: (redis: Redis) => createImageProvider(config, redis), inject: [REDIS] }],
    });
  }
}
