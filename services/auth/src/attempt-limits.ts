import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@trendforge/contracts';
import { busNamespace, fail, REDIS } from '@trendforge/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AuthMessages } from './credentials.js';

type LimitsConfig = Pick<AuthConfig,
  'LOGIN_FAILURES_PER_ACCOUNT' | 'LOGIN_FAILURES_PER_IP' | 'LOGIN_WINDOW_SECONDS' | 'REGISTRATIONS_PER_IP' | 'REGISTER_WINDOW_SECONDS'>;

/**
 * Brute-force limits for login and registration, per account and per client IP (DESIGN.md section 2),
 * as fixed-window counters in Redis shared by every auth replica. Keys start with the bus namespace.
 *
 * Each attempt takes a point up front (one atomic INCR), so parallel guesses cannot slip past the
 * limit; a successful login gives its points back, so only failures count.
 */
@Injectable()
export class AttemptLimits {
  private readonly loginByAccount: RateLimiterRedis;
  private readonly loginByIp: RateLimiterRedis;
  private readonly registerByIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(AUTH_CONFIG) config: LimitsConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${busNamespace()}:auth:limit:${name}`, points, duration });
    this.loginByAccount = limiter('login-account', config.LOGIN_FAILURES_PER_ACCOUNT, config.LOGIN_WINDOW_SECONDS);
    this.loginByIp = limiter('login-ip', config.LOGIN_FAILURES_PER_IP, config.LOGIN_WINDOW_SECONDS);
    this.registerByIp = limiter('register-ip', config.REGISTRATIONS_PER_IP, config.REGISTER_WINDOW_SECONDS);
  }

  /** Takes a login attempt for this account and IP, or refuses with RATE_LIMITED. */
  async loginAttempt(email: string, ip: string | undefined): Promise<void> {
    await take([[this.loginByAccount, accountKey(email)], ...(ip ? [[this.loginByIp, ip] as const] : [])]);
  }

  /** A successful login clears the account's failures and gives the IP its point back. */
  async loginSucceeded(email: string, ip: string | undefined): Promise<void> {
    await Promise.all([
      this.loginByAccount.delete(accountKey(email)),
      ip ? this.loginByIp.reward(ip, 1) : undefined,
    ]);
  }

  async registrationAttempt(ip: string | undefined): Promise<void> {
    if (ip) await take([[this.registerByIp, ip]]);
  }
}

/** Accounts are keyed by a digest of the email, so Redis holds no addresses. */
const accountKey = (email: string) => createHash('sha256').update(email).digest('hex');

async function take(limits: ReadonlyArray<readonly [RateLimiterRedis, string]>): Promise<void> {
  const results = await Promise.allSettled(limits.map(([limiter, key]) => limiter.consume(key, 1)));
  let waitMs = 0;
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    // A RateLimiterRes rejection means "over the limit"; anything else is Redis failing.
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    waitMs = Math.max(waitMs, result.reason.msBeforeNext);
  }
  if (waitMs > 0) fail(ErrorCode.RateLimited, AuthMessages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000))));
}
