import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { GenerationJob, ImageEngine } from '@trendforge/contracts';
import { busNamespace } from '@trendforge/platform';
import { imageRouting, type EngineName, type GenerationWorkerConfig } from './config.js';
import { isProviderOutage, isProviderRateLimit, withEngine } from './failure.js';
import { retryAfterMs } from './pace.js';
import type { AnswerHeaders, ImageProvider, RenderedImage } from './providers.js';

type Progress = Parameters<ImageProvider['render']>[2];

/** Failures in a row that open the breaker however quickly they came (a burst at an outage's start). */
const FailuresToOpen = 5;
/**
 * What a render needs before the deadline, kept clear when a 429 would put a generation back in the
 * primary's queue: the SDKs' own request timeout.
 */
const DefaultRenderAllowanceMs = 120_000;

export interface BreakerOptions {
  /** The primary failing this long (no success between) opens the breaker. */
  failAfterMs: number;
  /** An open breaker lets one generation try the primary again after this long. */
  probeMs: number;
  now?: () => number;
}

/**
 * Counts an outage: opens (or re-opens) the breaker when it was a probe, was open already, or the
 * streak reached the window or FailuresToOpen. Returns 1 when this call opened it.
 * KEYS: state hash, probe lease. ARGV: now, probe (0/1), failAfterMs, failuresToOpen.
 */
const OutageScript = `
local now = tonumber(ARGV[1])
if ARGV[2] == '1' or redis.call('HEXISTS', KEYS[1], 'openedAt') == 1 then
  redis.call('HSET', KEYS[1], 'openedAt', now)
  if ARGV[2] == '1' then redis.call('DEL', KEYS[2]) return 1 end
  return 0
end
local streak = tonumber(redis.call('HGET', KEYS[1], 'streakAt') or now)
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
redis.call('HSET', KEYS[1], 'streakAt', streak)
if now - streak < tonumber(ARGV[3]) and failures < tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], 'openedAt', now)
return 1`;

/** Closes the breaker; returns 1 when it was open (this answer closed it). KEYS: state hash, probe lease. */
const AnsweredScript = `
local wasOpen = redis.call('HEXISTS', KEYS[1], 'openedAt')
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('DEL', KEYS[1], KEYS[2]) end
return wasOpen`;

/**
 * A circuit breaker on the primary provider, shared by the whole fleet through Redis: every worker
 * replica counts the primary's outages into one streak and sees one state, so the replicas open
 * and close together (a per-process breaker let each replica pay its own outage window of
 * timeouts, and one replica's probe closed only its own). Closed: generations go to the primary.
 * It opens when the primary has failed with outages (connection errors, 5xx) for `failAfterMs`
 * without a success between, or FailuresToOpen times in a row; open, generations go straight to
 * the fallback — none waits on a dead provider's timeout — and after `probeMs` one generation in
 * the fleet (a lease in Redis, lasting one render at most) tries the primary again: an answer
 * closes the breaker, another outage opens it for another `probeMs`.
 *
 * Redis unreachable: the breaker reads as closed and counts nothing (the generation tries the
 * primary, as without a breaker) — Redis trouble must not fail renders.
 */
export class CircuitBreaker {
  readonly log = new Logger(CircuitBreaker.name);
  private readonly now: () => number;
  private readonly probeKey: string;

  /** `key`: the fleet's state for this primary; `leaseMs`: how long a probe holds its lease (a killed probe's ends). */
  constructor(private readonly redis: Redis, private readonly key: string, private readonly options: BreakerOptions & { leaseMs: number }) {
    this.now = options.now ?? Date.now;
    this.probeKey = `${key}:probe`;
  }

  async state(): Promise<'closed' | 'open' | 'probing'> {
    const [openedAt, probe] = await Promise.all([this.redis.hget(this.key, 'openedAt'), this.redis.exists(this.probeKey)]);
    if (openedAt === null) return 'closed';
    return probe ? 'probing' : 'open';
  }

  /** Whether this generation may go to the primary; true for the one probe of an open breaker that is due. */
  async tryPrimary(): Promise<{ allowed: boolean; probe: boolean }> {
    try {
      const openedAt = await this.redis.hget(this.key, 'openedAt');
      if (openedAt === null) return { allowed: true, probe: false };
      if (this.now() - Number(openedAt) < this.options.probeMs) return { allowed: false, probe: false };
      const leased = await this.redis.set(this.probeKey, '1', 'PX', this.options.leaseMs, 'NX');
      return leased ? { allowed: true, probe: true } : { allowed: false, probe: false };
    } catch (error) {
      this.log.warn({ err: error }, 'breaker state not read: trying the primary');
      return { allowed: true, probe: false };
    }
  }

  /** The primary answered (an image or a refusal): it is up. Returns true when this closed an open breaker. */
  async answered(): Promise<boolean> {
    return this.run(() => this.redis.eval(AnsweredScript, 2, this.key, this.probeKey));
  }

  /** The primary did not answer, or answered 5xx. Returns true when this opened (or re-opened after a probe) the breaker. */
  async outage(probe: boolean): Promise<boolean> {
    return this.run(() => this.redis.eval(OutageScript, 2, this.key, this.probeKey, this.now(), probe ? 1 : 0, this.options.failAfterMs, FailuresToOpen));
  }

  /** A probe that ended without telling (e.g. a fault of our own before an answer): the next one may try. */
  async release(probe: boolean): Promise<void> {
    if (probe) await this.run(() => this.redis.del(this.probeKey));
  }

  private async run(script: () => Promise<unknown>): Promise<boolean> {
    try {
      return Number(await script()) === 1;
    } catch (error) {
      this.log.warn({ err: error }, 'breaker state not updated');
      return false;
    }
  }
}

/** At most `limit` calls at once; the rest wait their turn in order. */
class ConcurrencyCap {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {}

  /** A call now would start at once. */
  get hasRoom(): boolean {
    return this.active < this.limit;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export interface Fallback {
  provider: ImageProvider;
  /** Its calls in flight at once in this process (its fleet-wide pace is its own ProviderPace, applied while it is the active engine). */
  concurrency: number;
}

export interface RouterOptions extends BreakerOptions {
  /** Where the fleet keeps the breaker's state. */
  redis: Redis;
  /** The breaker's key (default: per namespace and primary engine). */
  breakerKey?: string;
  /** Time a render needs before the deadline (default 120 s, the SDKs' timeout). */
  renderAllowanceMs?: number;
}

/**
 * The one image provider the generation processor sees: the primary, and — when it is down or a
 * generation would outlive its deadline waiting for the primary — the fallbacks in order (the
 * studio engine last where the operator allows it). The image says which engine made it, so the
 * creation stores it and the member sees it.
 *
 * - Down: an outage (connection error, 5xx) of the primary sends that generation to the fallback at
 *   once, and counts toward the fleet's breaker (CircuitBreaker), which, open, skips the primary.
 *   When the breaker opens or closes, `onSwitch` names the engine that now takes the fleet's
 *   generations, so the queue is paced to that engine's budget (the processor applies it).
 * - Deadline: a generation picked up so late that a render would end past `deadlineAt` (the images
 *   service's sweeper) goes to the fallback without trying the primary — being picked up, its turn
 *   at the primary is now, so what is left to fit is the render; and a 429 whose wait plus a render
 *   would pass it goes to the fallback instead of back into the primary's queue. Earlier still, a
 *   generation still waiting that the primary's pace would start too late is claimed from the queue
 *   by a worker with a free fallback slot (fallback-lane.ts) and rendered here (renderClaimed).
 * - A fallback that is down or rate-limited passes to the next one; the last one's error is thrown,
 *   marked with its engine (errorEngine), so the processor pauses the right budget.
 *
 * One render per generation: the processor keeps the image it got (its `rendered` map), so a job
 * retried after a fault of our own parts is not rendered (paid) again, on either engine.
 */
export class ProviderRouter implements ImageProvider {
  readonly engine: ImageEngine;
  readonly breaker: CircuitBreaker;
  readonly log = new Logger(ProviderRouter.name);
  /** Told the engine that takes the fleet's generations when the breaker opens or closes. */
  onSwitch?: (engine: ImageEngine) => Promise<void>;
  /** Told each start at a fallback the fallback lane did not claim (it spends the lane's budget: fallback-lane.ts). */
  onFallbackStart?: (engine: ImageEngine) => Promise<void>;
  private readonly fallbacks: Array<{ provider: ImageProvider; cap: ConcurrencyCap }>;
  private readonly now: () => number;
  private readonly renderAllowanceMs: number;

  constructor(private readonly primary: ImageProvider, fallbacks: Fallback[], options: RouterOptions) {
    if (!fallbacks.length) throw new Error('A provider router needs a fallback');
    // The primary's engine: the processor sizes its concurrency by it.
    this.engine = primary.engine;
    this.now = options.now ?? Date.now;
    this.renderAllowanceMs = options.renderAllowanceMs ?? DefaultRenderAllowanceMs;
    this.breaker = new CircuitBreaker(options.redis, options.breakerKey ?? `${busNamespace()}:generation:breaker:${primary.engine}`, {
      ...options, leaseMs: this.renderAllowanceMs,
    });
    this.fallbacks = fallbacks.map(({ provider, concurrency }) => ({ provider, cap: new ConcurrencyCap(concurrency) }));
  }

  /** Every engine's answer headers, as they arrive (each engine's own pace learns from them). */
  set onAnswer(listener: AnswerHeaders | undefined) {
    for (const provider of [this.primary, ...this.fallbacks.map((lane) => lane.provider)]) provider.onAnswer = listener;
  }

  /** The engines in the order they are tried: the primary first. */
  get engines(): ImageEngine[] {
    return [this.primary, ...this.fallbacks.map((lane) => lane.provider)].map((provider) => provider.engine);
  }

  /** The engines in the order they are tried, e.g. `openai → gemini → studio`. */
  get route(): string {
    return this.engines.join(' → ');
  }

  /** The first fallback: the one a waiting generation too late for the primary is claimed for (fallback-lane.ts). */
  get firstFallback(): { engine: ImageEngine; concurrency: number; hasRoom: boolean } {
    const [{ provider, cap }] = this.fallbacks;
    return { engine: provider.engine, concurrency: cap.limit, hasRoom: cap.hasRoom };
  }

  /** The engine that takes the fleet's new generations now: the first fallback while the breaker is open. */
  async activeEngine(): Promise<ImageEngine> {
    const state = await this.breaker.state().catch(() => 'closed' as const);
    return state === 'closed' ? this.primary.engine : this.fallbacks[0].provider.engine;
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: Progress, matte?: Buffer): Promise<RenderedImage> {
    if (this.outlivesDeadline(job, 0)) return this.fallback(job, photo, onProgress, matte, 'waited so long that the primary would end past its deadline');
    const { allowed, probe } = await this.breaker.tryPrimary();
    if (!allowed) return this.fallback(job, photo, onProgress, matte, 'primary down (breaker open)');
    try {
      const image = await this.primary.render(job, photo, onProgress, matte);
      await this.answered();
      return image;
    } catch (error) {
      if (isProviderOutage(error)) {
        if (await this.breaker.outage(probe)) {
          this.log.warn({ engine: this.primary.engine, err: error }, 'primary down: breaker open, generations go to the fallback');
          await this.switchTo(this.fallbacks[0].provider.engine);
        }
        return this.fallback(job, photo, onProgress, matte, 'primary outage', error);
      }
      if (isProviderRateLimit(error) || isAnswer(error)) await this.answered();
      else await this.breaker.release(probe);
      if (isProviderRateLimit(error) && this.outlivesDeadline(job, retryAfterMs(error.headers) ?? 0)) {
        return this.fallback(job, photo, onProgress, matte, "the primary's queue would outlive its deadline", error);
      }
      throw withEngine(error, this.primary.engine);
    }
  }

  /**
   * A generation the fallback lane claimed while it waited: the primary's queue would have started
   * it too late for its deadline, so the fallbacks render it without the primary being tried (its
   * start at the first fallback is counted by the claim).
   */
  renderClaimed(job: GenerationJob, photo: Buffer | undefined, onProgress: Progress, matte?: Buffer): Promise<RenderedImage> {
    return this.fallback(job, photo, onProgress, matte, "claimed while waiting: the primary's queue would outlive its deadline", undefined, true);
  }

  /** The primary answered: it is up; when that closed the fleet's breaker, the fleet goes back to its budget. */
  private async answered(): Promise<void> {
    if (!(await this.breaker.answered())) return;
    this.log.log({ engine: this.primary.engine }, 'primary answers again: breaker closed');
    await this.switchTo(this.primary.engine);
  }

  private async switchTo(engine: ImageEngine): Promise<void> {
    await this.onSwitch?.(engine).catch((error: unknown) => this.log.warn({ engine, err: error }, 'pace of the engine taking over not applied'));
  }

  /** Waiting `waitMs` for the primary, then rendering, would end past the generation's deadline. */
  private outlivesDeadline(job: GenerationJob, waitMs: number): boolean {
    return job.deadlineAt !== undefined && this.now() + waitMs + this.renderAllowanceMs > job.deadlineAt;
  }

  private async fallback(
    job: GenerationJob, photo: Buffer | undefined, onProgress: Progress, matte: Buffer | undefined, why: string, primaryError?: unknown, claimed = false,
  ): Promise<RenderedImage> {
    let last = primaryError;
    let lastEngine: ImageEngine = this.primary.engine;
    for (const [index, { provider, cap }] of this.fallbacks.entries()) {
      try {
        const image = await cap.run(async () => {
          if (!(claimed && index === 0)) await this.onFallbackStart?.(provider.engine).catch((error: unknown) => this.log.warn({ err: error }, 'fallback start not counted'));
          return provider.render(job, photo, onProgress, matte);
        });
        this.log.log({ generationId: job.generationId, engine: image.engine, why }, 'rendered on the fallback');
        // With its headers: they correct the fallback's own pace (the processor learns per engine).
        return image;
      } catch (error) {
        if (!isProviderOutage(error) && !isProviderRateLimit(error)) throw withEngine(error, provider.engine);
        this.log.warn({ generationId: job.generationId, engine: provider.engine, err: error }, 'fallback unavailable');
        last = error;
        lastEngine = provider.engine;
      }
    }
    throw withEngine(last, lastEngine);
  }
}

/** An error that carries an HTTP answer (the provider is up, it refused this request). */
function isAnswer(error: unknown): boolean {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number';
}

/**
 * The configured engines (config.ts imageRouting): the primary alone, or a ProviderRouter over it
 * and its fallbacks — a keyed fallback with IMAGE_FALLBACK_CONCURRENCY calls at once per process,
 * the studio engine with the cores' (WORKER_CONCURRENCY) — its breaker shared through `redis`.
 */
export function routedProvider(config: GenerationWorkerConfig, redis: Redis | undefined, engines: Record<EngineName, () => ImageProvider>): ImageProvider {
  const { primary, fallbacks } = imageRouting(config);
  if (!fallbacks.length) return engines[primary]();
  if (!redis) throw new Error("Failover needs Redis: the fleet's circuit breaker is kept there");
  const router = new ProviderRouter(
    engines[primary](),
    fallbacks.map((engine) => ({ provider: engines[engine](), concurrency: engine === 'studio' ? config.WORKER_CONCURRENCY : config.IMAGE_FALLBACK_CONCURRENCY })),
    { redis, failAfterMs: config.IMAGE_FAILOVER_AFTER_MS, probeMs: config.IMAGE_FAILOVER_PROBE_MS, renderAllowanceMs: config.IMAGE_RENDER_ALLOWANCE_MS },
  );
  router.log.log({ route: router.route }, 'image engines');
  return router;
}
