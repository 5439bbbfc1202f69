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
  | 'LOGIN_DELAY_SECONDS' | 'LOGIN_DELAY_MAX_KNOWN_SECONDS' | 'LOGIN_DELAY_MAX_SECONDS'
  | 'REGISTRATIONS_PER_IP' | 'REGISTER_WINDOW_SECONDS'>;

/** How long an address the owner signed in from stays "known" to the account after its last sign-in. */
const KNOWN_ADDRESS_SECONDS = 180 * 24 * 3600;

/**
 * One login attempt for an (account, address), atomically: refused with the milliseconds still to
 * wait while the pair is slowed; otherwise it counts as a failure up front (a sign-in gives it
 * back), so parallel guesses cannot slip past, and from the failure that uses up the pair's free
 * failures on, each sets the next wait: DELAY × 2^(failures − free), capped. Attempts from addresses
 * the owner never signed in from also count for the account; past its limit such an address waits
 * from its first failure on.
 *
 * KEYS: pair hash {f, next}, account counter. ARGV: now ms, free failures, account limit, known (1/0),
 * first delay ms, cap ms, window seconds.
 */
const AttemptScript = `
local now = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if now < nextAt then return nextAt - now end
local free = tonumber(ARGV[2])
if ARGV[4] == '0' then
  local accountFailures = redis.call('INCR', KEYS[2])
  if accountFailures == 1 then redis.call('EXPIRE', KEYS[2], ARGV[7]) end
  if accountFailures > tonumber(ARGV[3]) then free = 1 end
end
local failures = redis.call('HINCRBY', KEYS[1], 'f', 1)
local window = tonumber(ARGV[7])
local over = failures - free + 1
if over >= 1 then
  local delay = math.min(tonumber(ARGV[5]) * math.pow(2, over - 1), tonumber(ARGV[6]))
  redis.call('HSET', KEYS[1], 'next', now + delay)
  window = window + math.ceil(delay / 1000)
end
redis.call('EXPIRE', KEYS[1], window)
return 0
`;

/**
 * Brute-force limits for login and registration (DESIGN.md section 2), in Redis shared by every
 * auth replica; keys start with the bus namespace, accounts and addresses are digested.
 *
 * Logins slow guessing without giving anyone a lockout button: each (account, address) gets
 * LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT free failures, then waits 30 s, 1, 2, 4, 8 min… before its
 * next attempt (at most 1 min from an address the owner signed in from, 15 min from others). Guessing
 * spread over many addresses (past LOGIN_FAILURES_PER_ACCOUNT failures from unknown addresses) takes
 * away the free failures of unknown addresses, yet an address's first attempt is never refused, so
 * the owner on a new phone gets in with the right password. Per client IP, failures across all
 * accounts have a plain limit (LOGIN_FAILURES_PER_IP) against password spraying.
 */
@Injectable()
export class AttemptLimits {
  private readonly loginByIp: RateLimiterRedis;
  private readonly registerByIp: RateLimiterRedis;

  constructor(@Inject(REDIS) private readonly redis: Redis, @Inject(AUTH_CONFIG) private readonly config: LimitsConfig) {
    const limiter = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `${busNamespace()}:auth:limit:${name}`, points, duration });
    this.loginByIp = limiter('login-ip', config.LOGIN_FAILURES_PER_IP, config.LOGIN_WINDOW_SECONDS);
    this.registerByIp = limiter('register-ip', config.REGISTRATIONS_PER_IP, config.REGISTER_WINDOW_SECONDS);
  }

  /**
   * Takes a login attempt for this account and address, or refuses with RATE_LIMITED (and how long
   * to wait). Calls without a client address share one address of their own: a missing address never skips a limit.
   */
  async loginAttempt(email: string, ip: string | undefined): Promise<void> {
    const account = accountKey(email);
    const address = digest(ip || 'unknown');
    const known = await this.redis.sismember(this.knownAddressesKey(account), address) === 1;
    const c = this.config;
    const [pairWait, ipWait] = await Promise.all([
      this.redis.eval(AttemptScript, 2, this.pairKey(account, address), this.accountKey(account),
        Date.now(), c.LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT, c.LOGIN_FAILURES_PER_ACCOUNT, known ? 1 : 0,
        c.LOGIN_DELAY_SECONDS * 1000, (known ? c.LOGIN_DELAY_MAX_KNOWN_SECONDS : c.LOGIN_DELAY_MAX_SECONDS) * 1000, c.LOGIN_WINDOW_SECONDS) as Promise<number>,
      waitOf(this.loginByIp, ip || 'unknown'),
    ]);
    refuseFor(Math.max(pairWait, ipWait));
  }

  /**
   * A successful sign-in (login or registration) clears this address's failures on the account,
   * gives back the points it took, and remembers the address as the owner's.
   */
  async signedIn(email: string, ip: string | undefined, { fromLogin }: { fromLogin: boolean }): Promise<void> {
    const account = accountKey(email);
    const address = digest(ip || 'unknown');
    const knownKey = this.knownAddressesKey(account);
    const known = fromLogin ? await this.redis.sismember(knownKey, address) === 1 : true;
    await Promise.all([
      fromLogin ? this.redis.del(this.pairKey(account, address)) : undefined,
      fromLogin ? this.loginByIp.reward(ip || 'unknown', 1) : undefined,
      fromLogin && !known ? this.redis.decr(this.accountKey(account)) : undefined,
      this.redis.multi().sadd(knownKey, address).expire(knownKey, KNOWN_ADDRESS_SECONDS).exec(),
    ]);
  }

  private knownAddressesKey(account: string): string {
    return `${busNamespace()}:auth:known-addresses:${account}`;
  }

  private pairKey(account: string, address: string): string {
    return `${busNamespace()}:auth:limit:login-pair:${account}:${address}`;
  }

  private accountKey(account: string): string {
    return `${busNamespace()}:auth:limit:login-account:${account}`;
  }

  /** Whether the two accounts' owners ever signed in (or registered) from one address: referrals pay nothing between them. */
  async shareAnAddress(email: string, otherEmail: string): Promise<boolean> {
    const shared = await this.redis.sinter(this.knownAddressesKey(accountKey(email)), this.knownAddressesKey(accountKey(otherEmail)));
    return shared.length > 0;
  }

  /** Calls without a client address share one bucket of their own: a missing address never skips the limit. */
  async registrationAttempt(ip: string | undefined): Promise<void> {
    refuseFor(await waitOf(this.registerByIp, ip || 'unknown'));
  }
}

/** Accounts are keyed by a digest of the email, so Redis holds no addresses. */
const accountKey = (email: string) => digest(email);
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Takes a point; answers 0, or the milliseconds until the limit lets the key in again. */
async function waitOf(limiter: RateLimiterRedis, key: string): Promise<number> {
  try {
    await limiter.consume(key, 1);
    return 0;
  } catch (error) {
    // A RateLimiterRes rejection means "over the limit"; anything else is Redis failing.
    if (!(error instanceof RateLimiterRes)) throw error;
    return error.msBeforeNext;
  }
}

function refuseFor(waitMs: number): void {
  if (waitMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  fail(ErrorCode.RateLimited, AuthMessages.tooManyAttempts(seconds), seconds);
}
