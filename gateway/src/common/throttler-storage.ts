import { Logger, type DynamicModule } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { busNamespace, REDIS } from '@trendforge/platform';
import { LRUCache } from 'lru-cache';
import { ReplicaCounts } from './replica-counts.js';

/**
 * Hits, atomically: a fixed window per key (the counter expires `ttl` after its first hit);
 * past the limit the key is blocked for `blockDuration` and hits are not counted meanwhile.
 * KEYS: counter, block marker. ARGV: ttl ms, limit, block ms, hits (several when a batch of
 * them is counted at once). Answers hits, ms left in the window, blocked (0/1), ms left of the block.
 */
const HitScript = `
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local block = tonumber(ARGV[3])
local count = tonumber(ARGV[4] or 1)
local blockedFor = redis.call('PTTL', KEYS[2])
if blockedFor > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or limit + 1)
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = 0 end
  return { hits, left, 1, blockedFor }
end
local hits = redis.call('INCRBY', KEYS[1], count)
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
type HitAnswer = [number, number, number, number];
type HitCommand = (counterKey: string, blockKey: string, ttl: number, limit: number, block: number, count: number) => Promise<HitAnswer>;

/** Hits the fast lane counted that are not in Redis yet, per key (sent with the next batch or the key's next awaited hit). */
interface PendingHits {
  ttl: number;
  limit: number;
  block: number;
  count: number;
}

/** How many keys this replica remembers as blocked (the fast lane's view of the shared counts). */
const KnownBlockedMax = 50_000;

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
 *
 * The fast lane (catalogue/fast-lane.ts) answers from memory without waiting for Redis: it asks
 * `isKnownBlocked` (what this replica last heard from Redis) and counts with `countSoon`, whose
 * hits reach Redis in one batch per turn of the event loop; the answer to that batch tells the
 * replica which keys are now blocked. So a shared limit is enforced on those reads one Redis round
 * trip late at most, and exactly on everything else.
 */
export class GatewayThrottlerStorage implements ThrottlerStorage {
  private readonly log = new Logger(GatewayThrottlerStorage.name);
  private readonly hit: HitCommand;
  private lastWarning = 0;
  private readonly pending = new Map<string, PendingHits>();
  private flushScheduled = false;
  /** Redis keys (base) known to be blocked, until when (ms since the epoch). */
  private readonly blockedUntil = new LRUCache<string, number>({ max: KnownBlockedMax });

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

  private record(base: string, [totalHits, windowLeft, blocked, blockLeft]: HitAnswer): ThrottlerStorageRecord {
    if (blocked === 1) this.blockedUntil.set(base, Date.now() + blockLeft);
    else this.blockedUntil.delete(base);
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
    // The fast lane's hits on this key not sent yet go with this one.
    const waiting = this.pending.get(base)?.count ?? 0;
    this.pending.delete(base);
    try {
      return this.record(base, await this.hit(`${base}:hits`, `${base}:block`, ttl, limit, Math.max(0, blockDuration), 1 + waiting));
    } catch (error) {
      return this.unlimited(ttl, error);
    }
  }

  /** Whether Redis last said `key` is blocked (and the block has not run out): answered from memory. */
  isKnownBlocked(key: string, throttlerName: string): boolean {
    const base = this.base(key, throttlerName);
    const until = this.blockedUntil.get(base);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.blockedUntil.delete(base);
    return false;
  }

  /** Counts `count` hits on `key` without waiting: they reach Redis with the next batch (blockDuration as the throttler's: its ttl). */
  countSoon(key: string, ttl: number, limit: number, throttlerName: string, count = 1): void {
    const base = this.base(key, throttlerName);
    const waiting = this.pending.get(base);
    if (waiting) waiting.count += count;
    else this.pending.set(base, { ttl, limit, block: ttl, count });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush() {
    this.flushScheduled = false;
    const batch = [...this.pending];
    this.pending.clear();
    for (const [base, { ttl, limit, block, count }] of batch) {
      this.hit(`${base}:hits`, `${base}:block`, ttl, limit, block, count).then(
        (answer) => void this.record(base, answer),
        (error: unknown) => void this.unlimited(ttl, error),
      );
    }
  }
}

/**
 * ThrottlerModule with its counters in the process's Redis (RedisModule's client) and, for
 * replicaThrottleKey keys, in memory (in windows of the first throttler's ttl).
 */
export function sharedThrottlerModule(throttlers: [ThrottlerOptions, ...ThrottlerOptions[]]): DynamicModule {
  return ThrottlerModule.forRootAsync({
    inject: [REDIS],
    useFactory: (redis: Redis) => ({ throttlers, storage: new GatewayThrottlerStorage(redis, new ReplicaCounts(throttlers[0].ttl as number)) }),
  });
}
