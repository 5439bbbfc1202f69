import { DynamicModule, Module, type Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RenderJobsModule, serviceInfrastructure, StorageModule } from '@trendforge/platform';
import { AssistHandlers } from './assist/assist.handlers.js';
import { AssistService, KEYED_ASSISTANT } from './assist/assist.service.js';
import { OpenAIAssistant } from './assist/openai-assistant.js';
import { CLOCK, systemClock, type Clock } from './clock.js';
import type { TrendsConfig } from './config.js';
import { trendsDatabase } from './database.js';
import { ElectionScheduler, TRENDS_REDIS_URL } from './election.scheduler.js';
import { ElectionService } from './election.service.js';
import { trendsEntities } from './entities.js';
import { FavoritesService } from './favorites.service.js';
import { MemberRoles } from './member-roles.js';
import { PreviewsService, PREVIEWS_WARMUP } from './previews.service.js';
import { trendsRepositories } from './repositories/index.js';
import { TrendsHandlers } from './trends.handlers.js';
import { TrendsService } from './trends.service.js';
import { VotesService } from './votes.service.js';

export interface TrendsModuleOptions {
  /** Tests move time across voting weeks with their own clock. */
  clock?: Clock;
}

@Module({})
export class TrendsModule {
  static forRoot(config: TrendsConfig, options: TrendsModuleOptions = {}): DynamicModule {
    const providers: Provider[] = [
      { provide: CLOCK, useValue: options.clock ?? systemClock },
      { provide: TRENDS_REDIS_URL, useValue: config.REDIS_URL },
      { provide: PREVIEWS_WARMUP, useValue: config.PREVIEW_WARMUP },
      ...trendsRepositories,
      MemberRoles,
      TrendsService,
      FavoritesService,
      VotesService,
      ElectionService,
      ElectionScheduler,
      PreviewsService,
      AssistService,
      {
        provide: KEYED_ASSISTANT,
        useValue: config.OPENAI_API_KEY ? new OpenAIAssistant(config.OPENAI_API_KEY, config.OPENAI_BASE_URL, config.OPENAI_CHAT_MODEL) : null,
      },
    ];
    return {
      module: TrendsModule,
      imports: [
        ...serviceInfrastructure({ service: 'trends', databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, natsUrl: config.NATS_URL, database: trendsDatabase }),
        StorageModule.forRoot(config),
        RenderJobsModule.forRoot(config.REDIS_URL),
        TypeOrmModule.forFeature(trendsEntities),
      ],
      controllers: [TrendsHandlers, AssistHandlers],
      providers,
    };
  }
}
