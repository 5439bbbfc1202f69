import type { IncomingMessage } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { getOptionsToken, getStorageToken, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { BusModule, loggingModule, RedisModule, RenderJobsModule, StorageModule } from '@trendforge/platform';
import { Catalogue } from './catalogue/catalogue.js';
import { CatalogueReads } from './catalogue/catalogue-reads.js';
import { ErrorsFilter } from './common/errors.filter.js';
import { SessionsModule } from './common/sessions.module.js';
import { SocketSessions } from './common/socket-sessions.js';
import { addressBudgetCounter, AppThrottlerGuard, throttlers } from './common/throttle.guard.js';
import { sharedThrottlerModule } from './common/throttler-storage.js';
import { GATEWAY_CONFIG, type GatewayConfig } from './config.js';
import { AdminResolver } from './graphql/admin/admin.resolver.js';
import { BillingResolver } from './graphql/billing/billing.resolver.js';
import { BillingController } from './rest/billing/billing.controller.js';
import { Payments } from './rest/billing/payments.js';
import { AuthResolver } from './graphql/auth/auth.resolver.js';
import { UsersResolver } from './graphql/users/users.resolver.js';
import { GenerationResolver } from './graphql/generation/generation.resolver.js';
import { ImagesResolver } from './graphql/images/images.resolver.js';
import { TrendsResolver } from './graphql/trends/trends.resolver.js';
import { WaitlistResolver } from './graphql/waitlist/waitlist.resolver.js';
import { AssistResolver } from './graphql/assist/assist.resolver.js';
import { graphQLLimitRules, graphQLParseOptions } from './graphql/limits.js';
import { graphQLWebSocketOptions, socketRequest } from './graphql/websocket.js';
import { AssistController } from './rest/assist/assist.controller.js';
import { GenerationUpdates } from './realtime/generation-updates.js';
import { PhotoUpdates } from './realtime/photo-updates.js';
import { PhotosResolver } from './graphql/photos/photos.resolver.js';
import { PhotosController } from './rest/photos/photos.controller.js';
import { AdminController } from './rest/admin/admin.controller.js';
import { AuthController } from './rest/auth/auth.controller.js';
import { ReferralsController } from './rest/auth/referrals.controller.js';
import { Referrals } from './rest/auth/referrals.js';
import { ReferralsResolver } from './graphql/auth/referrals.resolver.js';
import { UploadController } from './rest/upload/upload.controller.js';
import { UsersController } from './rest/users/users.controller.js';
import { GenerateController } from './rest/generate/generate.controller.js';
import { HealthController } from './rest/health/health.controller.js';
import { ProbesController } from './rest/health/probes.controller.js';
import { ImagesController } from './rest/images/images.controller.js';
import { PreviewsModule } from './rest/previews/previews.module.js';
import { ShareModule } from './rest/share/share.module.js';
import { TrendsController } from './rest/trends/trends.controller.js';
import { WaitlistController } from './rest/waitlist/waitlist.controller.js';
import { AdminQueuesModule } from './admin-queues/admin-queues.module.js';
import { GatewayMetricsModule, graphQLMetricsPlugin } from './metrics/metrics.module.js';

/** graphql-ws hands the upgrade request over as `extra.request`; HTTP operations bring req/res. */
type GraphQLContextInput = { req?: unknown; res?: unknown; extra?: { request: IncomingMessage } };

@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        loggingModule('gateway'),
        BusModule.forRoot(config.NATS_URL, 'gateway'),
        RedisModule.forRoot(config.REDIS_URL),
        StorageModule.forRoot(config),
        RenderJobsModule.forRoot(config.REDIS_URL),
        sharedThrottlerModule(throttlers(config.RATE_LIMIT_PER_ROUTE, config.RATE_LIMIT_PER_ADDRESS)),
        PreviewsModule,
        ShareModule.forRoot(config),
        GatewayMetricsModule,
        SessionsModule.forRoot(config),
        AdminQueuesModule.forRoot(config),
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          inject: [SocketSessions, getStorageToken(), getOptionsToken()],
          useFactory: (sockets: SocketSessions, limits: ThrottlerStorage, limitOptions: ThrottlerModuleOptions) => ({
            path: '/graphql',
            autoSchemaFile: true,
            sortSchema: true,
            // The socket takes subscriptions only, from pages on our own origin(s) (graphql/websocket.ts).
            // Each connection counts in the address's request budget, as each subscribe does.
            subscriptions: { 'graphql-ws': graphQLWebSocketOptions('/graphql', sockets, addressBudgetCounter(limits, limitOptions)) },
            context: (input: GraphQLContextInput) => (input.extra ? { req: socketRequest(input.extra.request) } : { req: input.req, res: input.res }),
            // Oversized operations are refused while parsing and validating, before any resolver runs.
            parseOptions: graphQLParseOptions,
            validationRules: graphQLLimitRules,
            // One operation per request: a batch would multiply every limit above.
            allowBatchedHttpRequests: false,
            // In production the schema is not told to strangers: no introspection, no "Did you mean …?".
            introspection: config.NODE_ENV !== 'production',
            hideSchemaDetailsFromClientErrors: config.NODE_ENV === 'production',
            // Errors carry their code and message; never the server's stack.
            includeStacktraceInErrorResponses: false,
            graphiql: false,
            plugins: [graphQLMetricsPlugin],
          }),
        }),
      ],
      controllers: [AuthController, ReferralsController, UsersController, UploadController, PhotosController, AdminController, TrendsController, ImagesController, GenerateController, AssistController, HealthController, ProbesController, WaitlistController, BillingController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: APP_FILTER, useClass: ErrorsFilter },
        // One instance: Nest's global guard, and the guard the catalogue's fast lane runs (common/http-pipeline.ts).
        AppThrottlerGuard,
        { provide: APP_GUARD, useExisting: AppThrottlerGuard },
        Catalogue,
        CatalogueReads,
        GenerationUpdates,
        PhotoUpdates,
        PhotosResolver,
        AuthResolver,
        ReferralsResolver,
        Referrals,
        UsersResolver,
        AdminResolver,
        TrendsResolver,
        ImagesResolver,
        GenerationResolver,
        WaitlistResolver,
        AssistResolver,
        Payments,
        BillingResolver,
      ],
    };
  }
}
