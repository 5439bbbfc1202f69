import { DynamicModule, Module } from '@nestjs/common';
import { queueWorkerModule } from '@trendforge/platform';
import type { TraitsWorkerConfig } from './config.js';
import { ANALYSIS_WARMUP, TraitsProcessor } from './traits.processor.js';

@Module({})
export class TraitsWorkerModule {
  static forRoot(config: TraitsWorkerConfig): DynamicModule {
    return queueWorkerModule({
      module: TraitsWorkerModule, name: 'traits-worker', config, consumer: TraitsProcessor,
      providers: [{ provide: ANALYSIS_WARMUP, useValue: config.ANALYSIS_WARMUP }],
    });
  }
}
