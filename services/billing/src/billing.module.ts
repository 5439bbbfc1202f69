import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure } from '@trendforge/platform';
import { BillingHandlers } from './billing.handlers.js';
import { BillingService } from './billing.service.js';
import type { BillingConfig } from './config.js';
import { billingDatabase } from './database.js';
import { ReferralHandlers } from './referral.handlers.js';
import { repositoryProviders } from './repositories/index.js';
import { ReferralService } from './referral.service.js';
import { paymentsControllers, paymentsProviders } from './payments/payments.providers.js';

@Module({})
export class BillingModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        ...serviceInfrastructure({ service: 'billing', databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, natsUrl: config.NATS_URL, database: billingDatabase }),
      ],
      controllers: [BillingHandlers, ReferralHandlers, ...paymentsControllers],
      providers: [...repositoryProviders, BillingService, ReferralService, ...paymentsProviders(config)],
    };
  }
}
