import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { asPreviewJpeg, captionFor, makeThumbnail } from '@trendforge/imaging';
import {
  ErrorCode, GenerationFailure, QueueName, StorageKeys, type Generation, type GenerationJob, type GenerationJobResult, type ImageEngine,
} from '@trendforge/contracts';
import {
  Bus, busNamespace, notFoundAs, publishGenerationUpdate, QUEUE_WORKER_CONFIG, queueConnection, QueueConsumer, recordGenerationPreviews, REDIS, renderSeconds,
  ServiceError, STORAGE,
  type ObjectStorage,
} from '@trendforge/platform';
import { providerLimits, type GenerationWorkerConfig } from './config.js';
import { FallbackLane } from './fallback-lane.js';
import { attemptError, errorEngine, isProviderError, isProviderRateLimit, isRetryable } from './failure.js';
import { ProviderPace, retryAfterMs } from './pace.js';
import { ProviderRouter } from './provider-router.js';
import type { ImageProvider, RenderedImage, RenderProgress } from './providers.js';

export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

/** A fault of our own parts (storage, Redis, NATS, PostgreSQL) puts the job back this long, doubling up to FaultDelayMaxMs. */
const FaultDelayMs = 1000;
const FaultDelayMaxMs = 8000;
/** How often a worker whose storage is down checks it again (and one whose storage is up, that it still is). */
const StorageCheckMs = 1000;

/** How often a worker with a free fallback slot looks for waiting generations the primary would start too late. */
const LaneCheckMs = 1000;

/**
 * Progress is pushed when it rose by 10 points, at most this often (a step sooner waits, the latest
 * one going out): a studio render of 150 ms reports a dozen steps, each a queue write, a publish and
 * a parse in every gateway, and a member sees no difference under a quarter of a second.
 */
const ProgressEveryMs = 250;

/**
 * How long a render waits for the matte of a photo still being analysed (a first analysis answers
 * within about 3 s; a photo with no person never gets one, so the wait is bounded), and how often
 * it looks.
 */
const MatteWaitMs = 10_000;
const MattePollMs = 200;

/** Tries at telling the images service an image is done, before leaving it to the sweeper. */
const ReportAttempts = 4;

/**
 * Consumes the `generation` queue: render, store result, thumbnail and the creation's own copy of
 * the member's photo (the upload itself expires), report the creation.
 * Every step is idempotent (fixed storage keys, creation keyed by the generation id), so a job
 * taken over from a killed worker or retried after a failure finishes the same way.
 *
 * Failures are not reported from here: a failed attempt throws the member's reason
 * (UnrecoverableError when retrying cannot help), and the images service records the queue's
 * final failures — including jobs BullMQ fails as stalled, which no live worker owns.
 *
 * Only the provider's answers count attempts. Its rate limit (429) pauses the whole queue for the
 * time it names and puts the job back for that time; a fault of our own parts puts the job back
 * after a backoff; neither spends an attempt, so such a generation fails only when
 * the images service's sweeper finds it past its deadline (and refunds it).
 *
 * Keyed providers: jobs start at the fleet's pace at the engine taking the fleet's generations
 * (ProviderPace: the primary's, or the fallback's own while the fleet's breaker is open), as many
 * in flight per process as the primary's concurrency budget allows (I/O); the studio engine renders
 * on the CPU, WORKER_CONCURRENCY (the cores) at a time, on as many render threads, with a job
 * ready behind each render (studioJobs). A 429 of an engine that is not the active
 * one (a fallback rendering a late generation) puts only that job back, for the time it names.
 *
 * With a fallback, a generation still waiting that the primary's pace would start too late for its
 * deadline is claimed from the queue by a worker with a free fallback slot and rendered there
 * (FallbackLane), while the primary goes on taking the queue's front.
 */
@Injectable()
export class GenerationProcessor extends QueueConsumer<typeof QueueName.generation> {
  private readonly control: Queue;
  /** Each keyed engine's own budget (primary and fallback). */
  private readonly paces = new Map<ImageEngine, ProviderPace>();
  private readonly router?: ProviderRouter;
  /** Provider calls in flight, all workers together (keyed primary); none for the studio engine. */
  private readonly concurrencyBudget?: number;
  private readonly faults = new Map<string, number>();
  /** Images rendered by a job whose storing or reporting then hit a fault: its next run here is not rendered (paid) again. */
  private readonly rendered = new Map<string, RenderedImage>();
  private storageCheck?: NodeJS.Timeout;
  /** Where waiting generations too late for the primary are claimed for the fallback (with a fallback only). */
  private readonly lane?: FallbackLane;
  /** Generations this worker claimed for the fallback, being processed. */
  private readonly claimed = new Map<string, Promise<unknown>>();
  private laneCheck?: NodeJS.Timeout;
  /** The claiming under way, if any (one at a time per worker). */
  private claiming?: Promise<void>;
  private closing = false;

  constructor(
    @Inject(QUEUE_WORKER_CONFIG) config: GenerationWorkerConfig,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly bus: Bus,
  ) {
    const keyed = provider.engine !== 'studio';
    super(QueueName.generation, config, {
      concurrency: keyed ? providerLimits(config, provider.engine).concurrency : studioJobs(provider, config),
      // Half the lock: a killed worker's jobs are found within lock + lock/2 (config.ts).
      stalledInterval: Math.ceil(config.WORKER_LOCK_MS / 2),
    });
    this.control = new Queue(QueueName.generation, { connection: queueConnection(config.REDIS_URL), prefix: busNamespace() });
    this.control.on('error', () => undefined); // the worker's own error log covers the connection
    if (provider instanceof ProviderRouter) {
      this.router = provider;
      provider.onSwitch = (engine) => this.paceQueueTo(engine, { switched: true });
    }
    // A streamed answer's headers arrive long before its image: the pace is learned from them at once.
    provider.onAnswer = (engine, headers) => void this.learnPace(engine, headers).catch((error: unknown) => this.log.warn({ err: error }, 'provider pace not updated'));
    const engines = this.router?.engines ?? [provider.engine];
    for (const [index, engine] of engines.entries()) {
      if (engine !== 'studio') this.paces.set(engine, new ProviderPace(this.control, redis, engine, providerLimits(config, engine, index === 0 ? 'primary' : 'fallback')));
    }
    this.concurrencyBudget = keyed ? providerLimits(config, provider.engine).concurrency : undefined;
    if (this.router) {
      const { engine } = this.router.firstFallback;
      const lane = new FallbackLane(this.control, redis, {
        engine, pace: () => this.paces.get(engine)?.pace, renderAllowanceMs: config.IMAGE_RENDER_ALLOWANCE_MS, lockMs: config.WORKER_LOCK_MS,
      });
      this.lane = lane;
      this.router.onFallbackStart = (started) => (started === lane.engine ? lane.count() : Promise.resolve());
    }
  }

  override async onApplicationBootstrap() {
    if (this.concurrencyBudget) {
      await this.control.setGlobalConcurrency(this.concurrencyBudget);
      await this.paceQueueTo(await this.activeEngine(), { switched: true });
    } else {
      await ProviderPace.unlimited(this.control, { concurrency: true });
    }
    super.onApplicationBootstrap();
    this.log.log({ engine: this.provider.engine }, 'rendering with this engine');
    this.storageCheck = setInterval(() => void this.followStorage(), StorageCheckMs);
    if (this.lane) this.laneCheck = setInterval(() => void this.claimLateJobs(), LaneCheckMs);
  }

  override async beforeApplicationShutdown() {
    clearInterval(this.storageCheck);
    clearInterval(this.laneCheck);
    // The claimed generations are not the worker's own: it would close its connections under them.
    this.closing = true;
    await this.claiming;
    await Promise.allSettled(this.claimed.values());
    await super.beforeApplicationShutdown();
  }

  override async onApplicationShutdown() {
    await super.onApplicationShutdown();
    await this.control.close();
  }

  /** The engine taking the fleet's new generations: the primary, or its fallback while the fleet's breaker is open. */
  private activeEngine(): Promise<ImageEngine> {
    return this.router ? this.router.activeEngine() : Promise.resolve(this.provider.engine);
  }

  /** Paces the queue to `engine`'s budget (none for the studio engine), for the whole fleet (ProviderPace.apply). */
  private async paceQueueTo(engine: ImageEngine, how: { switched: boolean }): Promise<void> {
    const pace = this.paces.get(engine);
    await (pace ? pace.apply(how) : ProviderPace.unlimited(this.control, { concurrency: false }));
    this.wakeFromRateLimit();
  }

  /** Learns `engine`'s pace from an answer; applied at once when that engine is the active one. */
  private async learnPace(engine: ImageEngine, headers: Headers): Promise<void> {
    const pace = this.paces.get(engine);
    if (pace && await pace.learn(headers) && engine === await this.activeEngine()) await this.paceQueueTo(engine, { switched: false });
  }

  /**
   * BullMQ has no public way to end a worker's wait for its rate-limit window: without this, a
   * faster pace learned from the provider (or a switch to another engine's budget) would start
   * only once the old window ends.
   */
  private wakeFromRateLimit() {
    const worker = this.worker as unknown as { limitUntil?: number; abortDelayController?: AbortController | null } | undefined;
    if (!worker) return;
    worker.limitUntil = 0;
    worker.abortDelayController?.abort();
  }

  /**
   * While this worker has a free slot at the first fallback and the primary takes the fleet's
   * generations: claims the waiting ones the primary's pace would start too late (FallbackLane), and
   * processes each as the worker processes the jobs it fetches (lock renewed; completed, failed,
   * retried or put back the same way), rendered by the fallback.
   */
  private claimLateJobs(): Promise<void> {
    this.claiming ??= this.claimWhileRoom().finally(() => { this.claiming = undefined; });
    return this.claiming;
  }

  private async claimWhileRoom(): Promise<void> {
    const { lane, router, worker } = this;
    if (!lane || !router || !worker) return;
    try {
      while (!this.closing && worker.isRunning() && !worker.isPaused() && this.claimed.size < router.firstFallback.concurrency && router.firstFallback.hasRoom) {
        if ((await router.activeEngine()) !== router.engine) return;
        const token = randomUUID();
        const id = await lane.claim(token);
        if (!id) return;
        this.log.log({ generationId: id, engine: lane.engine }, "waiting generation claimed for the fallback: the primary's queue would start it past its deadline");
        // Read as the worker reads the jobs it fetches (BullMQ decodes its stored fields).
        const job = await Job.fromId<GenerationJob, GenerationJobResult>(worker, id);
        if (!job) continue;
        job.token = token;
        // Started after it is recorded as claimed: its render goes to the fallback (generate).
        const processed = Promise.resolve().then(() => worker.processJob(job, token, () => false))
          .catch((error: unknown) => this.log.warn({ generationId: id, err: error }, 'claimed generation not processed'))
          .finally(() => {
            this.claimed.delete(id);
            void this.claimLateJobs();
          });
        this.claimed.set(id, processed);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'late generations not claimed');
    }
  }

  /** A worker whose storage is down takes no job until it is back (the jobs in hand go on). */
  private async followStorage(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    const up = await this.storage.ping().then(() => true, () => false);
    if (!up && !worker.isPaused()) {
      this.log.warn('storage not ready: taking no generation until it is');
      await worker.pause(true);
    } else if (up && worker.isPaused()) {
      this.log.log('storage ready again: taking generations');
      await worker.resume();
    }
  }

  async process(job: Job<GenerationJob, GenerationJobResult>, token?: string): Promise<GenerationJobResult> {
    // Taken by a fetch that was under way when the worker paused for its storage: back to the queue.
    if (this.worker?.isPaused() && token) {
      await job.moveToDelayed(Date.now() + StorageCheckMs, token);
      throw new DelayedError();
    }
    try {
      const result = await this.generate(job);
      this.forget(job);
      return result;
    } catch (error) {
      const pace = this.paces.get(errorEngine(error) ?? this.provider.engine);
      if (pace && token && isProviderRateLimit(error)) {
        await this.learnPace(pace.engine, error.headers ?? new Headers());
        const ms = retryAfterMs(error.headers) ?? pace.pace.intervalMs;
        // Only the active engine's 429 pauses the fleet; a fallback's (a late generation) puts back this job alone.
        const active = pace.engine === await this.activeEngine();
        this.log.warn({ generationId: job.id, engine: pace.engine, pauseMs: ms, queuePaused: active }, 'provider rate limit: job put back');
        if (active) await pace.pause(ms);
        else if (pace.engine === this.lane?.engine) await this.lane.pause(ms);
        // Delayed rather than RateLimitError: a job BullMQ puts back into the prioritized set that
        // way leaves no marker, and a worker blocked waiting for one would not see it for seconds.
        await job.moveToDelayed(Date.now() + ms, token);
        throw new DelayedError();
      }
      if (token && isRetryable(error) && !isProviderError(error)) {
        const faults = (this.faults.get(String(job.id)) ?? 0) + 1;
        this.faults.set(String(job.id), faults);
        const delay = Math.min(FaultDelayMaxMs, FaultDelayMs * 2 ** (faults - 1)) * (0.75 + Math.random() / 2);
        this.log.warn({ generationId: job.id, faults, delayMs: Math.round(delay), err: error }, 'generation put back after a fault');
        await job.moveToDelayed(Date.now() + delay, token);
        throw new DelayedError();
      }
      this.forget(job);
      this.log.warn({ generationId: job.id, attempt: job.attemptsMade + 1, err: error }, 'generation attempt failed');
      throw attemptError(error);
    }
  }

  private forget(job: Job) {
    this.faults.delete(String(job.id));
    this.rendered.delete(String(job.id));
  }

  private async generate(job: Job<GenerationJob, GenerationJobResult>): Promise<GenerationJobResult> {
    const data = job.data;
    const generation = await this.bus.send('images.generation.started', { id: data.generationId });
    // Ended while it waited (the sweeper's deadline) or by an earlier run of this job: no render, and none paid.
    if (generation.status === 'failed') throw new UnrecoverableError(generation.failureReason ?? GenerationFailure.highDemand);
    if (generation.status === 'completed') return this.resultOf(generation, data);

    let lastPublished = 0;
    let publishedAt = 0;
    let previews = 0;
    /** Previews are stored and pushed one after another, so a later one never lands before an earlier one. */
    let previewsShown: Promise<void> = Promise.resolve();
    const publish = (progress: number) => {
      lastPublished = Math.max(lastPublished, progress);
      publishedAt = performance.now();
      // Progress is best effort: Redis restarting must not fail the render.
      job.updateProgress(lastPublished).catch(() => undefined);
      return publishGenerationUpdate(this.redis, { ...generation, status: 'active', progress: lastPublished, position: null, etaSeconds: null, previews });
    };
    const onProgress: RenderProgress = (percent, preview) => {
      const progress = Math.max(0, Math.min(99, Math.round(percent)));
      if (preview) {
        previewsShown = previewsShown.then(() => this.showPreview(data, preview, previews + 1)).then(
          (n) => { previews = n; return publish(progress); },
          // Best effort, like progress: the member still gets the image.
          (error: unknown) => this.log.warn({ generationId: data.generationId, err: error }, 'preview not shown'),
        );
        return;
      }
      if (progress - lastPublished < 10) return;
      const wait = ProgressEveryMs - (performance.now() - publishedAt);
      if (wait <= 0) void publish(progress);
      else if (waiting) waiting.progress = progress;
      else waiting = { progress, timer: setTimeout(pushWaiting, wait) };
    };
    /** A step within ProgressEveryMs of the last push waits for the rest of it, as the latest step then. */
    let waiting: { progress: number; timer: NodeJS.Timeout } | undefined;
    const pushWaiting = (push = true) => {
      if (!waiting) return;
      clearTimeout(waiting.timer);
      const { progress } = waiting;
      waiting = undefined;
      if (push) void publish(progress);
    };
    onProgress(10);

    const photo = data.originalKey ? await this.storage.get(data.originalKey) : undefined;
    const matte = data.originalKey ? await this.matteOf(data.originalKey, data.photoAnalysing === true) : undefined;
    const renderStarted = performance.now();
    let image = this.rendered.get(data.generationId);
    if (!image) {
      image = await (this.router && this.claimed.has(data.generationId)
        ? this.router.renderClaimed(data, photo, onProgress, matte)
        : this.provider.render(data, photo, onProgress, matte)
      ).catch((error: unknown) => {
        pushWaiting(false);
        throw error;
      });
      // A step still waiting goes out with the render's end (never after the result).
      pushWaiting();
      this.rendered.set(data.generationId, image);
      renderSeconds.observe({ trend: data.trendSlug, engine: image.engine }, (performance.now() - renderStarted) / 1000);
      if (image.headers) await this.learnPace(image.engine, image.headers).catch((error: unknown) => this.log.warn({ err: error }, 'provider pace not updated'));
    }
    // The last preview is pushed before the image is reported: never a preview after the result.
    await previewsShown;
    const { png, engine } = image;
    const thumbnail = image.thumbnail ?? await makeThumbnail(png);
    const { resultKey, thumbnailKey, originalKey } = storageKeys(data);
    await Promise.all([
      this.storage.put(resultKey, png, 'image/png'),
      this.storage.put(thumbnailKey, thumbnail, 'image/webp'),
      // Uploaded photos are sanitised JPEGs (StorageKeys.photo).
      photo && originalKey ? this.storage.put(originalKey, photo, 'image/jpeg') : undefined,
      // The matte goes with the creation's copy of the photo (its 4K export renders from them).
      matte && originalKey ? this.storage.put(StorageKeys.matte(originalKey), matte, 'image/png') : undefined,
    ]);
    const result: GenerationJobResult = { resultKey, thumbnailKey, originalKey, caption: captionFor(data.trendName, data.userPrompt), engine };
    await this.report(data.generationId, result);
    this.log.log({ generationId: data.generationId, engine, attempt: job.attemptsMade + 1 }, 'generation completed');
    // The result replaces the preview; one left behind is only a small file.
    if (previews > 0) await this.storage.delete(StorageKeys.preview(data.userId, data.generationId)).catch(() => undefined);
    return result;
  }

  /**
   * The person's matte stored beside the photo. Absent for photos analysed before mattes, or
   * without a person: the photo is framed as before. While the photo's analysis was still running
   * when the generation was accepted, the matte is waited for (its analysis takes a few seconds)
   * for at most MatteWaitMs: without it the person would not be cut out of their photo.
   */
  private async matteOf(photoKey: string, analysing: boolean): Promise<Buffer | undefined> {
    const key = StorageKeys.matte(photoKey);
    const until = Date.now() + MatteWaitMs;
    for (;;) {
      const matte = await this.storage.get(key).catch(notFoundAs(undefined));
      if (matte || !analysing || Date.now() >= until) return matte;
      await sleep(MattePollMs);
    }
  }

  /**
   * Stores a preview of the picture forming (a small JPEG beside the generation, served to its
   * owner only) and records that the `n`th one is there, for members who poll.
   */
  private async showPreview(data: GenerationJob, image: Buffer, n: number): Promise<number> {
    await this.storage.put(StorageKeys.preview(data.userId, data.generationId), await asPreviewJpeg(image), 'image/jpeg');
    await recordGenerationPreviews(this.redis, data.generationId, n);
    return n;
  }

  /**
   * Tells the images service the image is done. A report that cannot get through is not worth a
   * new (paid) render: the job completes with the result, and the images service's sweeper
   * records the creation from it.
   */
  private async report(id: string, result: GenerationJobResult): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.bus.send('images.generation.completed', { id, ...result });
        return;
      } catch (error) {
        const retryable = !(error instanceof ServiceError) || error.code === ErrorCode.Unavailable;
        if (!retryable || attempt >= ReportAttempts) {
          this.log.error({ generationId: id, err: error }, 'completion not reported (the sweeper records it from the job)');
          return;
        }
        await sleep(500 * attempt);
      }
    }
  }

  private resultOf(generation: Generation, job: GenerationJob): GenerationJobResult {
    return {
      ...storageKeys(job),
      caption: generation.caption ?? '',
      engine: (generation.engine ?? 'studio') as ImageEngine,
    };
  }
}

/**
 * Jobs in hand with the studio engine: two for each render it runs at once, so while one job's
 * image is stored and reported (and the next job fetched), the next render already runs: with one
 * job a render, each thread waited through that I/O (storage, the bus, the queue) after each render.
 */
function studioJobs(provider: ImageProvider, config: GenerationWorkerConfig): number {
  return provider.rendersAtOnce ? 2 * provider.rendersAtOnce : config.WORKER_CONCURRENCY;
}

/** Where a generation's files go: fixed keys, so a run taken over or repeated writes the same ones. */
function storageKeys(job: GenerationJob): Pick<GenerationJobResult, 'resultKey' | 'thumbnailKey' | 'originalKey'> {
  return {
    resultKey: StorageKeys.result(job.userId, job.generationId),
    thumbnailKey: StorageKeys.thumbnail(job.userId, job.generationId),
    originalKey: job.originalKey ? StorageKeys.original(job.userId, job.generationId, 'jpg') : undefined,
  };
}
