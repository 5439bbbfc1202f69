import { Logger, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { busNamespace, REDIS } from '@trendforge/platform';
import { ReplicaCounts } from './replica-counts.js';

/**
 * One hit, atomically: a fixed window per key (the counter expires `ttl` after its first hit);
 * past the limit the key is blocked for `blockDuration` and hits are not counted meanwhile.
 * KEYS: counter, block marker. ARGV: ttl ms, limit, block ms. Answers hits, ms left in the
 * window, blocked (0/1), ms left of the block.
 */
const HitScript = `
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local block = tonumber(ARGV[3])
local blockedFor = redis.call('PTTL', KEYS[2])
if blockedFor > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or limit + 1)
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = 0 end
  return { hits, left, 1, blockedFor }
end
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ttl)
  left = ttl
end
if hits > limit then
  if block > 0 then
    redis.call('SET', KEYS[2], '1', 'PX', block)
    return { hits, left, 1, block }
  end
  return { hits, left, 1, left }
end
return { hits, left, 0, 0 }
`;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;
type HitCommand = (counterKey: string, blockKey: string, ttl: number, limit: number, block: number) => Promise<[number, number, number, number]>;

/** Keys the throttler counts in the replica's memory (replicaThrottleKey) instead of Redis. */
const ReplicaKeyPrefix = 'replica:';

/** A handler's key for one client when its hits are counted per replica (`handler` is `Class-method`). */
export const replicaThrottleKey = (handler: string, tracker: string, throttlerName: string) =>
  `${ReplicaKeyPrefix}${handler}-${throttlerName}-${tracker}`;

/**
 * @nestjs/throttler's storage in Redis, so every gateway instance counts against one limit.
 * (The Redis storages published for the throttler do not declare support for Nest 12.) Keys live
 * under the stack's namespace (`<ns>:throttle:...`) and expire with their window. When Redis
 * cannot be reached the request is let through: an outage of the counter does not take the API
 * down with it. Keys made by replicaThrottleKey (the public catalogue's reads, answered from
 * memory) are counted in `replica` instead, one count for Nest's handlers and the fast lane.
 */
export class GatewayThrottlerStorage implements ThrottlerStorage {
  private readonly log = new Logger(GatewayThrottlerStorage.name);
  private readonly hit: HitCommand;
  private lastWarning = 0;

  constructor(
    private readonly redis: Redis,
    readonly replica: ReplicaCounts,
    private readonly prefix = `${busNamespace()}:throttle`,
  ) {
    // EVALSHA with the script's body as fallback (ioredis loads it once per connection).
    redis.defineCommand('trendforgeThrottleHit', { numberOfKeys: 2, lua: HitScript });
    const command = (redis as unknown as { trendforgeThrottleHit: HitCommand }).trendforgeThrottleHit;
    this.hit = command.bind(redis);
  }

  // One hash slot for both keys (Redis Cluster): the braces.
  private base(key: string, throttlerName: string) {
    return `${this.prefix}:{${throttlerName}:${key}}`;
  }

  private record([totalHits, windowLeft, blocked, blockLeft]: [number, number, number, number]): ThrottlerStorageRecord {
    return { totalHits, timeToExpire: Math.ceil(windowLeft / 1000), isBlocked: blocked === 1, timeToBlockExpire: Math.ceil(blockLeft / 1000) };
  }

  private unlimited(ttl: number, error: unknown): ThrottlerStorageRecord {
    if (Date.now() - this.lastWarning > 60_000) {
      this.lastWarning = Date.now();
      this.log.warn({ err: error }, 'rate-limit counters unavailable: requests are not limited meanwhile');
    }
    return { totalHits: 0, timeToExpire: Math.ceil(ttl / 1000), isBlocked: false, timeToBlockExpire: 0 };
  }

  private replicaIncrement(key: string, ttl: number, limit: number): ThrottlerStorageRecord {
    if (ttl !== this.replica.windowMs) throw new Error(`${key} is counted per replica in ${this.replica.windowMs} ms windows, not ${ttl} ms`);
    const { totalHits, msLeft } = this.replica.hit(key);
    const seconds = Math.ceil(msLeft / 1000);
    return { totalHits, timeToExpire: seconds, isBlocked: totalHits > limit, timeToBlockExpire: seconds };
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (key.startsWith(ReplicaKeyPrefix)) return this.replicaIncrement(key, ttl, limit);
    const base = this.base(key, throttlerName);
    try {
      return this.record(await this.hit(`${base}:hits`, `${base}:block`, ttl, limit, Math.max(0, blockDuration)));
    } catch (error) {
      return this.unlimited(ttl, error);
    }
  }
}

/** ThrottlerModule with its counters in the process's Redis (RedisModule's client) and, for replicaThrottleKey keys, in memory. */
export function sharedThrottlerModule(throttlers: [ThrottlerOptions]): DynamicModule {
  return ThrottlerModule.forRootAsync({
    inject: [REDIS],
    useFactory: (redis: Redis) => ({ throttlers, storage: new GatewayThrottlerStorage(redis, new ReplicaCounts(throttlers[0].ttl as number)) }),
  });
}
