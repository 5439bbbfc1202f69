import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@trendforge/contracts';
import { busNamespace, fail, REDIS } from '@trendforge/platform';
import { WAITLIST_CONFIG, type WaitlistConfig } from './config.js';
import { WaitlistMessages } from './rules.js';

/** Joins per client IP, a fixed window in Redis shared by every replica: stops cheap list stuffing. */
@Injectable()
export class JoinLimit {
  private readonly byIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(WAITLIST_CONFIG) config: Pick<WaitlistConfig, 'WAITLIST_JOINS_PER_IP' | 'WAITLIST_JOIN_WINDOW_SECONDS'>) {
    this.byIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${busNamespace()}:waitlist:limit:join-ip`,
      points: config.WAITLIST_JOINS_PER_IP,
      duration: config.WAITLIST_JOIN_WINDOW_SECONDS,
    });
  }

  /** Takes one join for this IP, or refuses with RATE_LIMITED. Calls without an IP share one bucket: they never skip the limit. */
  async take(ip: string | undefined): Promise<void> {
    try {
      await this.byIp.consume(ip || 'unknown', 1);
    } catch (error) {
      // A RateLimiterRes rejection means "over the limit"; anything else is Redis failing.
      if (!(error instanceof RateLimiterRes)) throw error;
      fail(ErrorCode.RateLimited, WaitlistMessages.tooManyJoins(Math.max(1, Math.ceil(error.msBeforeNext / 60_000))));
    }
  }
}
