import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ImageEngine } from '@trendforge/contracts';
import { busNamespace } from '@trendforge/platform';
import type { ProviderLimits } from './config.js';

/** Where the fleet keeps the pace it learned at one engine, with the configuration it learned it under. */
const learnedKey = (engine: ImageEngine) => `${busNamespace()}:generation:provider-pace:${engine}`;

/** The provider's answer headers this reads (fetch Headers, as the SDKs give them). */
type HeaderSource = { get(name: string): string | null };

/** How the fleet may call the provider: `burst` requests at once, then one every `intervalMs`. */
export interface Pace {
  intervalMs: number;
  burst: number;
}

/** A pause longer than this is not believed (a garbled header must not stop the queue for hours). */
const MaxPauseMs = 5 * 60_000;
/** A learned pace is applied only when it differs this much from the current one (every answer carries one). */
const ChangeRatio = 0.1;
/**
 * The fleet starts jobs this much slower than the provider refills: a window's last request, a
 * few ms early (bus and network jitter), would find the bucket just short of its token.
 */
const SafetyMargin = 1.1;

/**
 * The whole fleet's budget at one keyed image provider, kept by BullMQ in Redis on the generation
 * queue while that provider is the one taking the fleet's generations (the primary; its fallback
 * while the fleet's breaker is open — each engine has its own budget, so a fallback is neither
 * held to the primary's pace nor stopped by its 429s): the queue's global rate limit (at most
 * `burst` jobs start per `burst × interval` plus a margin — the provider's bucket refills `burst`
 * requests in that time) and, after a 429, its rate-limit pause, which every worker obeys before
 * taking the next job. Configured at start, then corrected from the provider's answers; what is
 * learned is kept in Redis per engine for the fleet.
 */
export class ProviderPace {
  private readonly log = new Logger(ProviderPace.name);
  private current: Pace;
  private readonly configured: Pace;
  /** The slowest refill read so far for the current limit (each answer only bounds it from below). */
  private learnedIntervalMs = 0;

  constructor(
    private readonly queue: Queue,
    private readonly redis: Redis,
    readonly engine: ImageEngine,
    configured: ProviderLimits,
  ) {
    this.configured = { intervalMs: Math.ceil(60_000 / configured.perMinute), burst: configured.burst };
    this.current = this.configured;
  }

  get pace(): Pace {
    return { ...this.current };
  }

  /**
   * Reads what the fleet learned under this same configuration (another replica, or this worker
   * before a restart): a worker restarted mid-spike must not fall back to the configured guess and
   * slow everybody down. Returns whether there was something learned.
   */
  async load(): Promise<boolean> {
    const stored = await this.redis.get(learnedKey(this.engine));
    const learned = stored ? JSON.parse(stored) as { configured: Pace; pace: Pace } : undefined;
    if (!learned || learned.configured.intervalMs !== this.configured.intervalMs || learned.configured.burst !== this.configured.burst) return false;
    this.current = learned.pace;
    this.learnedIntervalMs = learned.pace.intervalMs;
    return true;
  }

  /**
   * Makes this engine's budget the queue's: the fleet now starts jobs at its pace. `switched`: this
   * engine takes over (start-up, the breaker opening or closing) — the window and any pause counted
   * for the engine before are dropped. Otherwise (a pace learned from this engine's answers) the
   * starts already counted stay counted — the provider counted them too: dropping them let a spike's
   * first answers start a whole bucket more at once, and those extra starts came back 429 — and
   * only a window longer than the new pace's is cut to it.
   */
  async apply({ switched }: { switched: boolean }): Promise<void> {
    const learned = await this.load();
    const windowMs = Math.ceil(this.current.burst * this.current.intervalMs * SafetyMargin);
    await this.queue.setGlobalRateLimit(this.current.burst, windowMs);
    if (switched) {
      await this.queue.removeRateLimitKey();
    } else if ((await this.redis.pttl(this.queue.keys.limiter)) > windowMs) {
      await this.redis.pexpire(this.queue.keys.limiter, windowMs);
    }
    this.log.log({ engine: this.engine, ...this.current, learned, switched }, 'provider budget');
  }

  /**
   * Learns the provider's pace from `x-ratelimit-*-requests`: `remaining` of `limit` are left and
   * the bucket is full again in `reset`, so it refills one request every reset ÷ (limit − remaining)
   * or a little slower (`remaining` is rounded down: part of a request may be refilled already).
   * Each answer thus bounds the refill from below; the largest bound seen is the pace. That
   * reading holds for a per-minute window (OpenAI) and for a token bucket alike. Returns true when
   * the pace changed (kept for the fleet; the processor applies it if this engine is the active one).
   */
  async learn(headers: HeaderSource): Promise<boolean> {
    const limit = Math.round(Number(headers.get('x-ratelimit-limit-requests')));
    const remaining = Number(headers.get('x-ratelimit-remaining-requests'));
    const resetMs = durationMs(headers.get('x-ratelimit-reset-requests'));
    if (!(limit > 0) || !(remaining >= 0) || remaining >= limit || !resetMs) return false;
    if (limit !== this.current.burst) this.learnedIntervalMs = 0;
    this.learnedIntervalMs = Math.max(this.learnedIntervalMs, Math.max(10, Math.round(resetMs / (limit - remaining))));
    const learned: Pace = { intervalMs: this.learnedIntervalMs, burst: limit };
    const change = Math.abs(learned.intervalMs - this.current.intervalMs) / this.current.intervalMs;
    if (change < ChangeRatio && learned.burst === this.current.burst) return false;
    this.log.log({ engine: this.engine, from: this.current, to: learned }, 'provider pace learned from its answer');
    this.current = learned;
    await this.redis.set(learnedKey(this.engine), JSON.stringify({ configured: this.configured, pace: learned }), 'EX', 7 * 24 * 3600);
    return true;
  }

  /** Stops every worker taking generation jobs for `ms` (a 429's retry-after of the active engine). */
  async pause(ms: number): Promise<void> {
    await this.queue.rateLimit(Math.min(ms, MaxPauseMs));
  }

  /** No budget (the studio engine): the rate limit is taken off; `concurrency` too when no keyed engine is configured at all. */
  static async unlimited(queue: Queue, { concurrency }: { concurrency: boolean }): Promise<void> {
    await queue.removeGlobalRateLimit();
    await queue.removeRateLimitKey();
    if (concurrency) await queue.removeGlobalConcurrency();
  }
}

/**
 * How long a 429 asks to wait, in ms: `retry-after-ms`, else `retry-after` (seconds or an HTTP
 * date), else the reset of the exhausted limit; undefined when it names none.
 */
export function retryAfterMs(headers: HeaderSource | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (headers.get('retry-after-ms') && Number.isFinite(ms) && ms >= 0) return ms;
  const after = headers.get('retry-after');
  if (after) {
    const seconds = Number(after);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return durationMs(headers.get('x-ratelimit-reset-requests')) ?? durationMs(headers.get('x-ratelimit-reset-tokens'));
}

/** OpenAI's reset durations: `20ms`, `1.5s`, `6m0s`, `1h2m3.5s`; undefined when unreadable. */
export function durationMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let matched = '';
  for (const [part, amount, unit] of value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) {
    total += Number(amount) * units[unit];
    matched += part;
  }
  return matched === value.trim() ? total : undefined;
}
