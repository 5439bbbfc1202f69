import { Logger, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Redis } from 'ioredis';
import { busNamespace, REDIS } from '@trendforge/platform';
import { LRUCache } from 'lru-cache';
import { ReplicaCounts } from './replica-counts.js';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Hits counted without waiting (countSoon) that are not sent to Redis yet, per key. */
interface PendingHits {
  key: string;
  throttlerName: string;
  ttl: number;
  limit: number;
  count: number;
}

/** How many keys this replica remembers as blocked (what Redis last answered for them). */
const KnownBlockedMax = 50_000;

/** Keys the throttler counts in the replica's memory (replicaThrottleKey) instead of Redis. */
const ReplicaKeyPrefix = 'replica:';

/** A handler's key for one client when its hits are counted per replica (`handler` is `Class-method`). */
export const replicaThrottleKey = (handler: string, tracker: string, throttlerName: string) =>
  `${ReplicaKeyPrefix}${handler}-${throttlerName}-${tracker}`;

const blockedKey = (key: string, throttlerName: string) => `${throttlerName}:${key}`;

/**
 * @nestjs/throttler's storage: @nest-lab/throttler-storage-redis counts in Redis, so every gateway
 * replica counts against one limit, on a connection of its own whose keys live under the stack's
 * namespace (`<ns>:throttle:...`, expiring with their window). Around it, what the gateway adds:
 * - when Redis cannot be reached the request is let through: an outage of the counter does not
 *   take the API down with it;
 * - keys made by replicaThrottleKey (the public catalogue's reads, answered from memory) are
 *   counted in `replica` instead;
 * - `countSoon` counts without waiting (hits reach Redis once per turn of the event loop) and
 *   `isKnownBlocked` answers from what Redis last said, for the address budget of cached reads
 *   (throttle.guard.ts): that limit is then enforced one Redis round trip late at most.
 */
export class GatewayThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly log = new Logger(GatewayThrottlerStorage.name);
  private readonly shared: ThrottlerStorageRedisService;
  private lastWarning = 0;
  private readonly pending = new Map<string, PendingHits>();
  private flushScheduled = false;
  /** Keys known to be blocked in Redis, until when (ms since the epoch). */
  private readonly blockedUntil = new LRUCache<string, number>({ max: KnownBlockedMax });

  constructor(redis: Redis, readonly replica: ReplicaCounts, prefix = `${busNamespace()}:throttle:`) {
    this.shared = new ThrottlerStorageRedisService(redis.duplicate({ keyPrefix: prefix }));
  }

  onApplicationShutdown() {
    this.shared.redis.disconnect();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (key.startsWith(ReplicaKeyPrefix)) return this.replicaIncrement(key, ttl, limit);
    // Hits counted soon on this key and not sent yet go first, on the same connection: this answer counts them.
    this.flushKey(blockedKey(key, throttlerName));
    try {
      return this.record(key, throttlerName, await this.shared.increment(key, ttl, limit, blockDuration, throttlerName));
    } catch (error) {
      return this.unlimited(ttl, error);
    }
  }

  /** Whether Redis last said `key` is blocked and the block has not run out: answered from memory, with the seconds left. */
  knownBlockFor(key: string, throttlerName: string): number | undefined {
    const until = this.blockedUntil.get(blockedKey(key, throttlerName));
    if (until === undefined) return undefined;
    if (until > Date.now()) return Math.ceil((until - Date.now()) / 1000);
    this.blockedUntil.delete(blockedKey(key, throttlerName));
    return undefined;
  }

  /** Counts `count` hits on `key` without waiting: they reach Redis with the next batch (blocked for the throttler's ttl past the limit). */
  countSoon(key: string, ttl: number, limit: number, throttlerName: string, count = 1): void {
    const id = blockedKey(key, throttlerName);
    const waiting = this.pending.get(id);
    if (waiting) waiting.count += count;
    else this.pending.set(id, { key, throttlerName, ttl, limit, count });
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      for (const id of [...this.pending.keys()]) this.flushKey(id);
    });
  }

  private flushKey(id: string) {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    const { key, throttlerName, ttl, limit, count } = waiting;
    for (let i = 0; i < count; i++) {
      this.shared.increment(key, ttl, limit, ttl, throttlerName).then(
        (answer) => void this.record(key, throttlerName, answer),
        (error: unknown) => void this.unlimited(ttl, error),
      );
    }
  }

  private record(key: string, throttlerName: string, answer: ThrottlerStorageRecord): ThrottlerStorageRecord {
    if (answer.isBlocked) this.blockedUntil.set(blockedKey(key, throttlerName), Date.now() + answer.timeToBlockExpire * 1000);
    else this.blockedUntil.delete(blockedKey(key, throttlerName));
    return answer;
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
}

/**
 * ThrottlerModule with its counters in Redis (a connection of its own, made from RedisModule's
 * client) and, for replicaThrottleKey keys, in memory (in windows of the first throttler's ttl).
 */
export function sharedThrottlerModule(throttlers: [ThrottlerOptions, ...ThrottlerOptions[]]): DynamicModule {
  return ThrottlerModule.forRootAsync({
    inject: [REDIS],
    useFactory: (redis: Redis) => ({ throttlers, storage: new GatewayThrottlerStorage(redis, new ReplicaCounts(throttlers[0].ttl as number)) }),
  });
}
