import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceInfrastructure } from '@trendforge/platform';
import { AttemptLimits } from './attempt-limits.js';
import { AuthHandlers } from './auth.handlers.js';
import { AuthService } from './auth.service.js';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { authDatabase } from './database.js';
import { Passwords } from './passwords.js';
import { Referrals } from './referrals.js';
import { authRepositories } from './repositories/index.js';
import { Sessions } from './sessions.js';
import { UserEntity } from './user.entity.js';

@Module({})
export class AuthModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        ...serviceInfrastructure({ service: 'auth', databaseUrl: config.DATABASE_URL, redisUrl: config.REDIS_URL, natsUrl: config.NATS_URL, database: authDatabase }),
        TypeOrmModule.forFeature([UserEntity]),
      ],
      controllers: [AuthHandlers],
      providers: [{ provide: AUTH_CONFIG, useValue: config }, ...authRepositories, Passwords, Sessions, AttemptLimits, Referrals, AuthService],
    };
  }
}
