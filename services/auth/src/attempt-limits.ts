import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@trendforge/contracts';
import { busNamespace, fail, REDIS } from '@trendforge/platform';
import { AUTH_CONFIG, type AuthConfig } from './config.js';
import { AuthMessages } from './credentials.js';

type LimitsConfig = Pick<AuthConfig,
  | 'LOGIN_FAILURES_PER_ACCOUNT' | 'LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT' | 'LOGIN_FAILURES_PER_IP' | 'LOGIN_WINDOW_SECONDS'
  | 'REGISTRATIONS_PER_IP' | 'REGISTER_WINDOW_SECONDS'>;

/** How long an address the owner signed in from stays "known" to the account after its last sign-in. */
const KNOWN_ADDRESS_SECONDS = 180 * 24 * 3600;

/**
 * Brute-force limits for login and registration, per account and per client IP (DESIGN.md section 2),
 * as fixed-window counters in Redis shared by every auth replica. Keys start with the bus namespace.
 *
 * Each attempt takes a point up front (one atomic INCR), so parallel guesses cannot slip past the
 * limit; a successful login gives its points back, so only failures count.
 *
 * Nobody gets a lockout button: guessing from one address stops at the (account, address) limit,
 * and the account-wide limit, against guessing spread over many addresses, refuses only addresses
 * the owner has never signed in from, so a stranger cannot lock the owner out of their own.
 */
@Injectable()
export class AttemptLimits {
  private readonly loginByAccount: RateLimiterRedis;
  private readonly loginByAddressAndAccount: RateLimiterRedis;
  private readonly loginByIp: RateLimiterRedis;
  private readonly registerByIp: RateLimiterRedis;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(AUTH_CONFIG) config: LimitsConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${busNamespace()}:auth:limit:${name}`, points, duration });
    this.loginByAccount = limiter('login-account', config.LOGIN_FAILURES_PER_ACCOUNT, config.LOGIN_WINDOW_SECONDS);
    this.loginByAddressAndAccount = limiter('login-pair', config.LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT, config.LOGIN_WINDOW_SECONDS);
    this.loginByIp = limiter('login-ip', config.LOGIN_FAILURES_PER_IP, config.LOGIN_WINDOW_SECONDS);
    this.registerByIp = limiter('register-ip', config.REGISTRATIONS_PER_IP, config.REGISTER_WINDOW_SECONDS);
  }

  /**
   * Takes a login attempt for this account and address, or refuses with RATE_LIMITED. Calls without
   * a client address share one address of their own: a missing address never skips a limit.
   */
  async loginAttempt(email: string, ip: string | undefined): Promise<void> {
    const account = accountKey(email);
    const address = ip || 'unknown';
    const known = await this.redis.sismember(this.knownAddressesKey(account), digest(address)) === 1;
    await take([
      [this.loginByAddressAndAccount, `${account}:${digest(address)}`],
      [this.loginByIp, address],
      // Addresses the owner signed in from are outside the account-wide count.
      ...(known ? [] : [[this.loginByAccount, account] as const]),
    ]);
  }

  /**
   * A successful sign-in (login or registration) clears this address's failures on the account,
   * gives the points it took back, and remembers the address as the owner's.
   */
  async signedIn(email: string, ip: string | undefined, { fromLogin }: { fromLogin: boolean }): Promise<void> {
    const account = accountKey(email);
    const address = ip || 'unknown';
    const knownKey = this.knownAddressesKey(account);
    const known = fromLogin ? await this.redis.sismember(knownKey, digest(address)) === 1 : true;
    await Promise.all([
      fromLogin ? this.loginByAddressAndAccount.delete(`${account}:${digest(address)}`) : undefined,
      fromLogin ? this.loginByIp.reward(address, 1) : undefined,
      fromLogin && !known ? this.loginByAccount.reward(account, 1) : undefined,
      this.redis.multi().sadd(knownKey, digest(address)).expire(knownKey, KNOWN_ADDRESS_SECONDS).exec(),
    ]);
  }

  private knownAddressesKey(account: string): string {
    return `${busNamespace()}:auth:known-addresses:${account}`;
  }

  /** Calls without a client address share one bucket of their own: a missing address never skips the limit. */
  async registrationAttempt(ip: string | undefined): Promise<void> {
    await take([[this.registerByIp, ip || 'unknown']]);
  }
}

/** Accounts are keyed by a digest of the email, so Redis holds no addresses. */
const accountKey = (email: string) => digest(email);
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

async function take(limits: ReadonlyArray<readonly [RateLimiterRedis, string]>): Promise<void> {
  const results = await Promise.allSettled(limits.map(([limiter, key]) => limiter.consume(key, 1)));
  let waitMs = 0;
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    // A RateLimiterRes rejection means "over the limit"; anything else is Redis failing.
    if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
    waitMs = Math.max(waitMs, result.reason.msBeforeNext);
  }
  if (waitMs > 0) {
    fail(ErrorCode.RateLimited, AuthMessages.tooManyAttempts(Math.max(1, Math.ceil(waitMs / 60_000))), Math.max(1, Math.ceil(waitMs / 1000)));
  }
}
