import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  AdminListLimit, ErrorCode, Events, GenerationFailure, StorageKeys, type FailedGeneration, isVariationType, QueueName, withPersonTraits, type Creation, type CreationRenderInputs, type Generation, type GenerationCompletedEvent,
  type GenerationJob, type GenerationRequest, type MessageRequest, type Role, type Trend, isStyleIntensity, StyleIntensity,
} from '@trendforge/contracts';
import {
  Bus, describeFailure, fail, generationPreviews, isTemporarilyUnavailable, jobProgress, publishGenerationUpdate, queueRefunds, REDIS, ServiceError,
  STORAGE, TemporarilyUnavailableError, waitingPosition, type ObjectStorage,
} from '@trendforge/platform';
import { IMAGES_CONFIG, type ImagesConfig } from './config.js';
import type { GenerationEntity, PhotoEntity } from './entities.js';
import { GENERATION_QUEUE, GenerationQueueWatch, generationPriority, type GenerationQueue } from './generation-queue.js';
import { enginePrompt, generationCost, isVariation, MaxPromptLength } from './prompt.js';
import { toCreation } from './creations.service.js';
import { PhotosService } from './photos.service.js';
import { CreationRepository, GenerationRepository, type NewGeneration } from './repositories/index.js';
import { TrendCache } from './trend-cache.js';

/** A render failing with a retryable error (network, 429, 5xx) is tried this many times in all before the charge is given back. */
export const GenerationAttempts = 3;

/** An idempotency key: 1 to 128 printable characters. */
const IdempotencyKeyPattern = /^[\x20-\x7e]{1,128}$/;
export const InvalidIdempotencyKey = 'Idempotency-Key must be 1 to 128 printable characters';
export const KeyReusedMessage = 'This Idempotency-Key was already used for a different request';

/** Whether a replayed request asks for what the key's generation asked (its trend, prompt, photo and options). */
function sameRequest(earlier: GenerationEntity, request: NewGeneration): boolean {
  const asked = (g: NewGeneration) => JSON.stringify([
    g.trendSlug, g.userPrompt, g.photoId ?? null, g.userTraits ?? null, g.variation ?? null, g.styleIntensity ?? null,
    g.aspect ?? null, g.vibe ?? null, g.styleOptions ?? null,
  ]);
  return asked(earlier) === asked(request);
}

/** Billing's answers that mean nothing was charged: the request is refused as a whole. */
const RefusedCharge = new Set<string>([ErrorCode.BadRequest, ErrorCode.PaymentRequired, ErrorCode.Conflict, ErrorCode.NotFound, ErrorCode.Forbidden]);

/** A queued generation's place (0: next) and estimated wait, when known. */
interface QueueState {
  position: number | null;
  etaSeconds: number | null;
}

/** A settled read's value, or its error thrown. */
function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** The variation a generation was asked with, as the engine takes it (standard is the engine's own look). */
const variationOf = (entity: GenerationEntity) => (isVariationType(entity.variation) && entity.variation !== 'standard' ? entity.variation : undefined);

/** Accepts generations (validate, charge, enqueue) and records how each one ends. */
@Injectable()
export class GenerationsService {
  private readonly log = new Logger(GenerationsService.name);

  constructor(
    private readonly generations: GenerationRepository,
    private readonly creations: CreationRepository,
    private readonly bus: Bus,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GENERATION_QUEUE) private readonly queue: GenerationQueue,
    private readonly queueWatch: GenerationQueueWatch,
    private readonly photos: PhotosService,
    private readonly trends: TrendCache,
    @Inject(IMAGES_CONFIG) private readonly config: ImagesConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Validate, record, charge, enqueue. Every step is idempotent by the generation id (billing
   * charges a generation once, the job id is the generation id), so requests with the same key —
   * retried, double-clicked, concurrent — all run the same steps on one generation and one charge.
   */
  async request(req: GenerationRequest): Promise<Generation> {
    const userPrompt = (req.userPrompt ?? '').trim();
    if (!userPrompt) fail(ErrorCode.BadRequest, 'Please enter a text prompt to generate an image');
    if (userPrompt.length > MaxPromptLength) fail(ErrorCode.BadRequest, `Prompts can be at most ${MaxPromptLength} characters`);
    const key = req.idempotencyKey ?? null;
    if (key !== null && (typeof key !== 'string' || !IdempotencyKeyPattern.test(key))) fail(ErrorCode.BadRequest, InvalidIdempotencyKey);
    const userTraits = typeof req.userTraits === 'string' && req.userTraits.trim() ? req.userTraits.trim() : null;
    if (userTraits && userTraits.length > MaxPromptLength) fail(ErrorCode.BadRequest, `Personalization can be at most ${MaxPromptLength} characters`);
    if (req.variation != null && !isVariation(req.variation)) fail(ErrorCode.BadRequest, 'Unknown variation');
    if (req.styleIntensity != null && !isStyleIntensity(req.styleIntensity)) {
      fail(ErrorCode.BadRequest, `styleIntensity must be a whole number from ${StyleIntensity.min} to ${StyleIntensity.max}`);
    }

    // The photo and the trend are independent reads: asked together.
    const [photoRead, trendRead] = await Promise.allSettled([
      req.photoId != null ? this.photos.owned(req.photoId, req.userId) : null,
      this.trends.bySlug(req.trendSlug),
    ]);
    if (photoRead.status === 'rejected' || trendRead.status === 'rejected' || !trendRead.value.available) {
      // A retry of a request that got further than acceptance answers at once, whatever happened since.
      const earlier = key === null ? null : await this.generations.byKey(req.userId, key);
      if (earlier && earlier.status !== 'queued') return this.toGeneration(earlier);
    }
    // Before anything is recorded or charged: another member's photo records nothing and charges nothing.
    const photo = settledValue(photoRead);
    const trend = settledValue(trendRead);
    if (!trend.available) fail(ErrorCode.BadRequest, `${trend.name} is coming soon`);

    const { entity, charged } = await this.record(req, trend, userPrompt, userTraits, photo);
    if (entity.status !== 'queued') return this.toGeneration(entity);

    // Charged with the record in the common case; otherwise billing says why, or charges it now
    // (an account opened on first sight, a retry of a generation recorded but not charged yet).
    let role = charged?.role;
    if (!role) {
      try {
        ({ role } = await this.bus.send('billing.charge', { userId: req.userId, generationId: entity.id, credits: generationCost(trend) }));
      } catch (error) {
        await this.notCharged(entity.id, error, entity.idempotencyKey !== null);
        throw error;
      }
    }
    const job: GenerationJob = {
      generationId: entity.id,
      userId: entity.userId,
      trendSlug: entity.trendSlug,
      trendName: entity.trendName ?? trend.name,
      prompt: entity.prompt,
      userPrompt: entity.userPrompt,
      vibe: entity.vibe ?? undefined,
      styleOptions: entity.styleOptions ?? undefined,
      userTraits: entity.userTraits ?? undefined,
      originalKey: entity.originalKey ?? undefined,
      face: photo?.face ?? undefined,
      photoAnalysing: photo?.status === 'analyzing' || undefined,
      aspect: entity.aspect ?? undefined,
      seed: entity.seed ?? 0,
      variation: variationOf(entity),
      styleIntensity: entity.styleIntensity ?? undefined,
      // The sweeper's deadline, counted from acceptance as it counts it: the worker fails over before it.
      deadlineAt: entity.createdAt.getTime() + this.config.GENERATION_DEADLINE_MS,
    };
    const priority = generationPriority(role);
    // The place in the queue is read alongside the add, not after it (waitingPosition).
    const place = this.queueState(entity.id, () => waitingPosition(this.redis, QueueName.generation, entity.id, priority));
    try {
      // The job id is the generation id: a retried request never renders twice.
      await this.queue.add('render', job, {
        jobId: entity.id,
        priority,
        attempts: GenerationAttempts,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
    } catch (error) {
      // Redis restarting: a keyed generation stays queued and charged, and the same key sent again
      // enqueues it (the sweeper fails and refunds it if nobody does).
      if (entity.idempotencyKey !== null && isTemporarilyUnavailable(error)) {
        throw new TemporarilyUnavailableError(`generation ${entity.id} not enqueued: ${describeFailure(error)}`);
      }
      this.log.error({ err: error, generationId: entity.id }, 'generation not enqueued');
      await this.failed(entity.id, GenerationFailure.highDemand).catch(() => undefined);
      fail(ErrorCode.Unavailable, GenerationFailure.highDemand);
    }
    // No update is pushed: nobody can follow a generation before this answer names it, and a
    // follower reads the state first (a retry's follower included).
    return this.toGeneration(entity, await place);
  }

  /** Admin read: the newest failed generations (at most AdminListLimit), with why and whether they were refunded. */
  async failedList(limit?: number): Promise<FailedGeneration[]> {
    const take = Number.isInteger(limit) && limit! > 0 && limit! <= AdminListLimit ? limit! : AdminListLimit;
    const rows = await this.generations.newestFailed(take);
    return rows.map((row) => ({
      id: row.id, userId: row.userId, trendSlug: row.trendSlug, failureReason: row.failureReason,
      refundedAt: row.refundedAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * The generation a request makes, with its charge when billing's common case applies, or the one
   * its key already made (GenerationRepository.accept: one transaction and one round trip, one
   * member's acceptances taking turns, so the in-flight cap and the key's mapping hold under
   * concurrent requests).
   */
  private async record(
    req: GenerationRequest, trend: Trend, userPrompt: string, userTraits: string | null, photo: PhotoEntity | null,
  ): Promise<{ entity: GenerationEntity; charged: { role: Role } | null }> {
    const cap = this.config.GENERATIONS_IN_FLIGHT_PER_MEMBER;
    const generation: NewGeneration = {
      id: randomUUID(),
      userId: req.userId,
      trendSlug: trend.slug,
      prompt: enginePrompt(trend, userPrompt, req.prompt, req.variation, req.styleOptions, photo !== null),
      userPrompt,
      status: 'queued',
      failureReason: null,
      caption: null,
      engine: null,
      trendName: trend.name,
      vibe: req.vibe ?? null,
      styleOptions: req.styleOptions ?? null,
      aspect: req.aspect ?? null,
      seed: randomInt(2 ** 31),
      originalKey: photo?.key ?? null,
      photoId: photo?.id ?? null,
      userTraits,
      variation: req.variation ?? null,
      styleIntensity: req.styleIntensity ?? null,
      idempotencyKey: req.idempotencyKey ?? null,
      refundedAt: null,
    };
    const accepted = await this.generations.accept(generation, cap, generationCost(trend));
    if (!accepted) fail(ErrorCode.RateLimited, `You already have ${cap} generations in progress. Please wait for one to finish and try again.`);
    if (accepted.created) return { entity: accepted.generation, charged: accepted.charged };
    // Gone meanwhile: its charge was refused and the key freed, so this request starts afresh.
    if (!accepted.earlier) return this.record(req, trend, userPrompt, userTraits, photo);
    // The key names one request: the same key with another request is refused, as payment APIs do.
    if (!sameRequest(accepted.earlier, generation)) fail(ErrorCode.Unprocessable, KeyReusedMessage);
    return { entity: accepted.earlier, charged: null };
  }

  /**
   * After a failed charge: billing's refusal (no credits, allowance used) charged nothing, so the
   * generation is forgotten and the same key may try again. Billing briefly unavailable (its
   * database restarting, no answer in time) may or may not have charged it: a keyed generation
   * stays queued, and the same key sent again charges it (once: billing charges a generation id
   * once) and enqueues it; if nobody sends it again, the sweeper fails and refunds it. Any other
   * failure may have charged it: the generation fails and is refunded, and its id is never reused.
   */
  private async notCharged(id: string, error: unknown, keyed: boolean) {
    if (error instanceof ServiceError && RefusedCharge.has(error.code)) {
      await this.generations.deleteQueued(id);
    } else if (keyed && isTemporarilyUnavailable(error)) {
      this.log.warn({ generationId: id }, 'charge not answered: the generation waits for its request to be sent again');
    } else {
      await this.failed(id, GenerationFailure.highDemand).catch((failure) => this.log.error({ err: failure, generationId: id }, 'refund after a failed charge not done'));
    }
  }

  /** What the owner's creation was rendered from (the 4K export renders it again). */
  async renderInputs(id: string, userId: string): Promise<CreationRenderInputs> {
    const creation = await this.creations.owned(id, userId);
    const entity = creation && await this.generations.owned(id, userId);
    if (!creation || !entity) fail(ErrorCode.NotFound, 'Image Not Found');
    return {
      engine: creation.engine,
      trendSlug: entity.trendSlug,
      trendName: entity.trendName ?? entity.trendSlug,
      userPrompt: entity.userPrompt,
      vibe: entity.vibe,
      styleOptions: entity.styleOptions,
      aspect: entity.aspect,
      seed: entity.seed,
      // The creation's own copy; before creations kept one, the photo the generation named (gone once expired).
      originalKey: creation.originalKey ?? entity.originalKey,
      userTraits: entity.userTraits,
      variation: variationOf(entity) ?? null,
      styleIntensity: entity.styleIntensity,
    };
  }

  async get(id: string, userId: string): Promise<Generation> {
    const entity = await this.generations.owned(id, userId);
    if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
    return this.toGeneration(entity);
  }

  /** The worker took the job. A generation already failed (the sweeper gave up on it) stays failed: the worker stops. */
  async started(id: string): Promise<Generation> {
    const entity = await this.generations.start(id);
    if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
    const generation = await this.toGeneration(entity);
    await publishGenerationUpdate(this.redis, generation);
    return generation;
  }

  /** Records the creation once, however often the worker reports it. */
  async completed(done: MessageRequest<'images.generation.completed'>): Promise<Creation> {
    const completion = await this.generations.complete(done.id, done, (entity) => ({
      id: entity.id,
      userId: entity.userId,
      trendSlug: entity.trendSlug,
      // The prompt used as the member sees it: their words, then the personalization (spec part 2 section 4).
      prompt: withPersonTraits(entity.userPrompt, entity.userTraits),
      caption: done.caption,
      engine: done.engine,
      resultKey: done.resultKey,
      thumbnailKey: done.thumbnailKey,
      originalKey: done.originalKey ?? null,
      isFavorite: false,
    }));
    if (!completion) fail(ErrorCode.NotFound, 'Generation not found');
    const { creation, generation } = completion;
    // Failed and refunded already (the sweeper's deadline): a late image must not be a free one.
    if (!creation) fail(ErrorCode.Conflict, 'This generation has already failed');
    // Published on every report, not only the first: the event id makes repeats harmless, and a
    // report retried after a failed publish still gets the event out.
    const event: GenerationCompletedEvent = { generationId: generation.id, userId: generation.userId, trendSlug: generation.trendSlug };
    await this.bus.publish(Events.generationCompleted, event, `generation.completed:${generation.id}`)
      .catch((error) => this.log.error({ err: error, generationId: generation.id }, 'generation.completed not published'));
    await publishGenerationUpdate(this.redis, await this.toGeneration(generation));
    return toCreation(creation);
  }

  /**
   * Marks a generation failed for good and gives its charge back, exactly once, however often and
   * by whomever it is reported (queue events on every replica, the sweeper). A completed one stays completed.
   */
  async failed(id: string, reason: string): Promise<Generation> {
    const failure = await this.generations.fail(id, reason);
    if (!failure) fail(ErrorCode.NotFound, 'Generation not found');
    const { generation: entity, failedNow } = failure;
    if (failedNow) this.log.warn({ generationId: id, reason }, 'generation failed');
    if (entity.status === 'failed' && !entity.refundedAt) await this.refund(entity);
    if (entity.status === 'failed') await this.deletePreview(entity);
    const generation = await this.toGeneration(entity);
    await publishGenerationUpdate(this.redis, generation);
    return generation;
  }

  /**
   * A failed generation's last preview (the picture half formed) is nobody's any more: removed with
   * the failure. Best effort: storage briefly down leaves a small private file behind, not a failure.
   */
  private async deletePreview(entity: Pick<GenerationEntity, 'id' | 'userId'>): Promise<void> {
    await this.storage.delete(StorageKeys.preview(entity.userId, entity.id))
      .catch((error: unknown) => this.log.warn({ err: error, generationId: entity.id }, 'preview of a failed generation not deleted'));
  }

  /** Gives a failed generation's charge back. Billing refunds a generation once however often asked; refunded_at says it is settled. */
  async refund(entity: Pick<GenerationEntity, 'id' | 'failureReason'>): Promise<void> {
    const reason = entity.failureReason ?? GenerationFailure.highDemand;
    await this.bus.send('billing.refund', { generationId: entity.id, reason });
    if (await this.generations.markRefunded(entity.id)) queueRefunds.inc({ queue: QueueName.generation, reason }); // once per generation (tf_queue_refunds_total)
  }

  /** A queued generation's place and ETA, read from Redis with `position`; best effort (unknown while Redis restarts). */
  private async queueState(generationId: string, position: () => Promise<number | null>): Promise<QueueState> {
    try {
      const [place, etaAt] = await Promise.all([position(), this.queueWatch.etaAt()]);
      return { position: place, etaSeconds: place === null ? null : etaAt(place) };
    } catch (error) {
      this.log.warn({ err: error, generationId }, 'queue state not read');
      return { position: null, etaSeconds: null };
    }
  }

  /**
   * The generation as members see it; place, ETA and progress come from Redis, best effort
   * (unknown while it restarts). `queued`: its place and ETA when read already.
   */
  private async toGeneration(entity: GenerationEntity, queued?: QueueState): Promise<Generation> {
    let progress = entity.status === 'completed' ? 100 : 0;
    let position: number | null = null;
    let etaSeconds: number | null = null;
    let previews = 0;
    if (entity.status === 'queued') {
      ({ position, etaSeconds } = queued ?? await this.queueState(entity.id, () => waitingPosition(this.redis, QueueName.generation, entity.id)));
    } else if (entity.status === 'active') {
      try {
        [progress, previews] = await Promise.all([
          jobProgress(this.redis, QueueName.generation, entity.id).then((value) => value ?? 0),
          generationPreviews(this.redis, entity.id),
        ]);
      } catch (error) {
        this.log.warn({ err: error, generationId: entity.id }, 'queue state not read');
      }
    }
    return {
      id: entity.id,
      userId: entity.userId,
      trendSlug: entity.trendSlug,
      prompt: entity.prompt,
      userPrompt: entity.userPrompt,
      status: entity.status,
      progress,
      position,
      etaSeconds,
      failureReason: entity.failureReason,
      caption: entity.caption,
      engine: entity.engine,
      createdAt: entity.createdAt.toISOString(),
      previews,
    };
  }
}
