import { Logger } from '@nestjs/common';
import type { GenerationJob, ImageEngine } from '@trendforge/contracts';
import { imageRouting, type EngineName, type GenerationWorkerConfig } from './config.js';
import { isProviderOutage, isProviderRateLimit } from './failure.js';
import { retryAfterMs } from './pace.js';
import type { ImageProvider, RenderedImage } from './providers.js';

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
 * A small circuit breaker on the primary provider (per worker process). Closed: generations go to
 * the primary. It opens when the primary has failed with outages (connection errors, 5xx) for
 * `failAfterMs` without a success between, or FailuresToOpen times in a row; open, generations go
 * straight to the fallback — none waits on a dead provider's timeout — and after `probeMs` one
 * generation tries the primary again (the others still go to the fallback): an answer closes the
 * breaker, another outage opens it for another `probeMs`.
 */
export class CircuitBreaker {
  private streakStartedAt?: number;
  private failures = 0;
  private openedAt?: number;
  private probing = false;
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): 'closed' | 'open' | 'probing' {
    if (this.openedAt === undefined) return 'closed';
    return this.probing ? 'probing' : 'open';
  }

  /** Whether this generation may go to the primary; true for the one probe of an open breaker that is due. */
  tryPrimary(): { allowed: boolean; probe: boolean } {
    if (this.openedAt === undefined) return { allowed: true, probe: false };
    if (this.probing || this.now() - this.openedAt < this.options.probeMs) return { allowed: false, probe: false };
    this.probing = true;
    return { allowed: true, probe: true };
  }

  /** The primary answered (an image or a refusal): it is up. */
  answered(): void {
    this.streakStartedAt = undefined;
    this.failures = 0;
    this.openedAt = undefined;
    this.probing = false;
  }

  /** The primary did not answer, or answered 5xx. Returns true when this opened (or re-opened) the breaker. */
  outage(probe: boolean): boolean {
    const now = this.now();
    if (probe || this.openedAt !== undefined) {
      this.probing = false;
      this.openedAt = now;
      return probe;
    }
    this.streakStartedAt ??= now;
    this.failures += 1;
    if (now - this.streakStartedAt < this.options.failAfterMs && this.failures < FailuresToOpen) return false;
    this.openedAt = now;
    return true;
  }

  /** A probe that ended without telling (e.g. a fault of our own before an answer): the next one may try. */
  release(probe: boolean): void {
    if (probe) this.probing = false;
  }
}

/** At most `limit` calls at once; the rest wait their turn in order. */
class ConcurrencyCap {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

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
  /** Its calls in flight at once in this process: the fleet's budget (pace.ts) is the primary's. */
  concurrency: number;
}

export interface RouterOptions extends BreakerOptions {
  /** Time a render needs before the deadline (default 120 s, the SDKs' timeout). */
  renderAllowanceMs?: number;
}

/**
 * The one image provider the generation processor sees: the primary, and — when it is down or a
 * generation would outlive its deadline waiting in the primary's queue — the fallbacks in order
 * (the studio engine last where the operator allows it). The image says which engine made it, so
 * the creation stores it and the member sees it.
 *
 * - Down: an outage (connection error, 5xx) of the primary sends that generation to the fallback at
 *   once, and counts toward the breaker (CircuitBreaker), which, open, skips the primary.
 * - Deadline: a 429 asks the generation to wait (the queue's pause); when that wait and a render
 *   would take it past `deadlineAt` (the images service's sweeper), it goes to the fallback instead.
 *   The wait before a generation's first start is the fleet's pace and is not rerouted.
 * - A fallback that is down or rate-limited passes to the next one; the last one's error is thrown
 *   (so a rate-limited last fallback pauses the queue as the primary's 429 does).
 *
 * One render per generation: the processor keeps the image it got (its `rendered` map), so a job
 * retried after a fault of our own parts is not rendered (paid) again, on either engine.
 */
export class ProviderRouter implements ImageProvider {
  readonly engine: ImageEngine;
  readonly breaker: CircuitBreaker;
  readonly log = new Logger(ProviderRouter.name);
  private readonly fallbacks: Array<{ provider: ImageProvider; cap: ConcurrencyCap }>;
  private readonly now: () => number;
  private readonly renderAllowanceMs: number;

  constructor(private readonly primary: ImageProvider, fallbacks: Fallback[], options: RouterOptions) {
    if (!fallbacks.length) throw new Error('A provider router needs a fallback');
    // The primary's engine: the processor sizes its concurrency and pace by it.
    this.engine = primary.engine;
    this.breaker = new CircuitBreaker(options);
    this.fallbacks = fallbacks.map(({ provider, concurrency }) => ({ provider, cap: new ConcurrencyCap(concurrency) }));
    this.now = options.now ?? Date.now;
    this.renderAllowanceMs = options.renderAllowanceMs ?? DefaultRenderAllowanceMs;
  }

  /** The engines in the order they are tried, e.g. `openai → gemini → studio`. */
  get route(): string {
    return [this.primary, ...this.fallbacks.map((lane) => lane.provider)].map((provider) => provider.engine).join(' → ');
  }

  async render(job: GenerationJob, photo: Buffer | undefined, onProgress: Progress, matte?: Buffer): Promise<RenderedImage> {
    const { allowed, probe } = this.breaker.tryPrimary();
    if (!allowed) return this.fallback(job, photo, onProgress, matte, 'primary down (breaker open)');
    try {
      const image = await this.primary.render(job, photo, onProgress, matte);
      this.breaker.answered();
      if (probe) this.log.log({ engine: this.primary.engine }, 'primary answers again: breaker closed');
      return image;
    } catch (error) {
      if (isProviderOutage(error)) {
        if (this.breaker.outage(probe)) this.log.warn({ engine: this.primary.engine, err: error }, 'primary down: breaker open, generations go to the fallback');
        if (!this.fallbacks.length) throw error;
        return this.fallback(job, photo, onProgress, matte, 'primary outage', error);
      }
      if (isProviderRateLimit(error) || isAnswer(error)) this.breaker.answered();
      else this.breaker.release(probe);
      if (isProviderRateLimit(error) && this.fallbacks.length && this.outlivesDeadline(job, retryAfterMs(error.headers) ?? 0)) {
        return this.fallback(job, photo, onProgress, matte, "the primary's queue would outlive its deadline", error);
      }
      throw error;
    }
  }

  /** Waiting `waitMs` in the primary's queue, then rendering, would end past the generation's deadline. */
  private outlivesDeadline(job: GenerationJob, waitMs: number): boolean {
    return job.deadlineAt !== undefined && this.now() + waitMs + this.renderAllowanceMs > job.deadlineAt;
  }

  private async fallback(
    job: GenerationJob, photo: Buffer | undefined, onProgress: Progress, matte: Buffer | undefined, why: string, primaryError?: unknown,
  ): Promise<RenderedImage> {
    let last = primaryError;
    for (const { provider, cap } of this.fallbacks) {
      try {
        const { png, engine } = await cap.run(() => provider.render(job, photo, onProgress, matte));
        this.log.log({ generationId: job.generationId, engine, why }, 'rendered on the fallback');
        // Without its headers: they describe the fallback's limits, and the fleet's pace is the primary's.
        return { png, engine };
      } catch (error) {
        if (!isProviderOutage(error) && !isProviderRateLimit(error)) throw error;
        this.log.warn({ generationId: job.generationId, engine: provider.engine, err: error }, 'fallback unavailable');
        last = error;
      }
    }
    throw last;
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
 * the studio engine with the cores' (WORKER_CONCURRENCY).
 */
export function routedProvider(config: GenerationWorkerConfig, engines: Record<EngineName, () => ImageProvider>): ImageProvider {
  const { primary, fallbacks } = imageRouting(config);
  if (!fallbacks.length) return engines[primary]();
  const router = new ProviderRouter(
    engines[primary](),
    fallbacks.map((engine) => ({ provider: engines[engine](), concurrency: engine === 'studio' ? config.WORKER_CONCURRENCY : config.IMAGE_FALLBACK_CONCURRENCY })),
    { failAfterMs: config.IMAGE_FAILOVER_AFTER_MS, probeMs: config.IMAGE_FAILOVER_PROBE_MS },
  );
  router.log.log({ route: router.route }, 'image engines');
  return router;
}
