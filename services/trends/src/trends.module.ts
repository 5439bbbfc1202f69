import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceInfrastructure } from '@trendforge/platform';
import type { TrendsConfig } from './config.js';
import { trendsDatabase } from './database.js';
import { TrendEntity } from './trend.entity.js';
import { TrendsHandlers } from './trends.handlers.js';
import { TrendsService } from './trends.service.js';

@Module({})
export class TrendsModule {
  static forRoot(config: TrendsConfig): DynamicModule {
    return {
      module: TrendsModule,
      imports: [
        ...serviceInfrastructure({ service: 'trends', databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, database: trendsDatabase }),
        TypeOrmModule.forFeature([TrendEntity]),
      ],
      controllers: [TrendsHandlers],
      providers: [TrendsService],
    };
  }
}
