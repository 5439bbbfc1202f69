import type { ThrottlerOptions } from '@nestjs/throttler';
import type { RedisThrottlerStorage } from './throttler-storage.js';

/** How long hits wait before they are added to the shared counters in Redis (one round trip for all). */
export const LimitsFlushMs = 20;
const FlushAtKeys = 2_000;
/** Clients whose Redis count is remembered here (the oldest are forgotten first: Redis keeps counting them). */
const RememberedMax = 100_000;

interface Known {
  /** Hits Redis counted in the window, as of the last flush. */
  total: number;
  windowEnds: number;
  blockedUntil: number;
}

export interface LimitVerdict {
  allowed: boolean;
  remaining: number;
  resetSeconds: number;
}

/**
 * The same per-client limit as the throttler (the same Redis counters, keys and window), decided
 * without waiting for Redis: hits are counted here at once and added to Redis in batches every
 * LimitsFlushMs, and Redis's count for each client comes back with its batch. A client over its
 * limit is refused here (its request goes on to Nest, which answers the 429). Hits this replica
 * makes are counted exactly; other replicas' and Nest's hits are seen with the next batch, so a
 * client spread over several replicas may get one batch's worth (LimitsFlushMs) past the limit.
 * Used by the catalogue's fast lane, where a Redis round trip per request would cost more than
 * the answer itself.
 */
export class BatchedLimits {
  private readonly known = new Map<string, Known>();
  private pending = new Map<string, number>();
  /** Hits sent to Redis whose count has not come back yet. */
  private readonly inFlight = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private readonly ttl: number;
  private readonly limit: number;
  private readonly blockDuration: number;
  private readonly name: string;

  constructor(private readonly storage: RedisThrottlerStorage, throttler: ThrottlerOptions) {
    this.ttl = throttler.ttl as number;
    this.limit = throttler.limit as number;
    this.blockDuration = (throttler.blockDuration as number | undefined) ?? this.ttl;
    this.name = throttler.name ?? 'default';
  }

  get throttlerName(): string {
    return this.name;
  }

  /** Counts a hit on `key` unless the client is over its limit as far as this replica knows. */
  hit(key: string): LimitVerdict {
    const now = Date.now();
    let known = this.known.get(key);
    if (known && known.windowEnds <= now && known.blockedUntil <= now) {
      this.known.delete(key);
      known = undefined;
    }
    const resetSeconds = known ? Math.ceil((known.windowEnds - now) / 1000) : Math.ceil(this.ttl / 1000);
    const hits = (this.pending.get(key) ?? 0) + 1;
    const total = (known?.total ?? 0) + (this.inFlight.get(key) ?? 0) + hits;
    if ((known && known.blockedUntil > now) || total > this.limit) {
      // Nest decides the refused request on the count in Redis: it must hold our hits first (the
      // batch goes out on the same connection, ahead of Nest's own hit).
      this.flush();
      return { allowed: false, remaining: 0, resetSeconds };
    }
    this.pending.set(key, hits);
    if (this.pending.size >= FlushAtKeys) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LimitsFlushMs);
    return { allowed: true, remaining: this.limit - total, resetSeconds };
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending].map(([key, hits]) => ({ key, hits }));
    this.pending = new Map();
    if (!batch.length) return;
    for (const { key, hits } of batch) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + hits);
    void this.storage.incrementMany(batch, this.ttl, this.limit, this.blockDuration, this.name).then((records) => {
      const now = Date.now();
      records.forEach((record, index) => {
        const { key, hits } = batch[index];
        const left = (this.inFlight.get(key) ?? 0) - hits;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
        this.known.delete(key);
        this.known.set(key, {
          total: record.totalHits,
          windowEnds: now + record.timeToExpire * 1000,
          blockedUntil: record.isBlocked ? now + record.timeToBlockExpire * 1000 : 0,
        });
      });
      this.forgetOldest();
    });
  }

  /** The least recently counted clients go first (ended windows are dropped when their client comes back). */
  private forgetOldest() {
    for (const key of this.known.keys()) {
      if (this.known.size <= RememberedMax) return;
      this.known.delete(key);
    }
  }
}
