import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { createRedis } from './redis.js';

export const REDIS = Symbol('REDIS');

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown() {
    await this.redis.quit().catch(() => undefined);
  }
}

/** One shared ioredis connection for a process's own commands (not for blocking or subscribing). */
@Global()
@Module({})
export class RedisModule {
  static forRoot(redisUrl: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: REDIS, useFactory: () => createRedis(redisUrl, { maxRetriesPerRequest: 3 }) }, RedisCloser],
      exports: [REDIS],
    };
  }
}
