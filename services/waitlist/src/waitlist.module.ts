import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceInfrastructure } from '@trendforge/platform';
import { WAITLIST_CONFIG, type WaitlistConfig } from './config.js';
import { waitlistDatabase } from './database.js';
import { WaitlistEntryEntity } from './entry.entity.js';
import { JoinLimit } from './join-limit.js';
import { waitlistRepositories } from './repositories/index.js';
import { WaitlistHandlers } from './waitlist.handlers.js';
import { WaitlistService } from './waitlist.service.js';

@Module({})
export class WaitlistModule {
  static forRoot(config: WaitlistConfig): DynamicModule {
    return {
      module: WaitlistModule,
      imports: [
        ...serviceInfrastructure({ service: 'waitlist', databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, natsUrl: config.NATS_URL, database: waitlistDatabase }),
        TypeOrmModule.forFeature([WaitlistEntryEntity]),
      ],
      controllers: [WaitlistHandlers],
      providers: [{ provide: WAITLIST_CONFIG, useValue: config }, ...waitlistRepositories, JoinLimit, WaitlistService],
    };
  }
}
