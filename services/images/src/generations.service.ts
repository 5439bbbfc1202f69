import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, Not, Repository } from 'typeorm';
import type { Redis } from 'ioredis';
import {
  ErrorCode, Events, QueueName, type Creation, type CreationRenderInputs, type Generation, type GenerationCompletedEvent,
  type GenerationJob, type GenerationRequest, type MessageRequest,
} from '@trendforge/contracts';
import { Bus, createQueue, fail, publishGenerationUpdate, REDIS, waitingPosition } from '@trendforge/platform';
import type { ImagesConfig } from './config.js';
import { CreationEntity, GenerationEntity } from './entities.js';
import { enginePrompt, generationCost, MaxPromptLength } from './prompt.js';
import { toCreation } from './creations.service.js';

export const IMAGES_CONFIG = Symbol('IMAGES_CONFIG');

/** A failed render is tried this many times in all before the charge is given back. */
export const GenerationAttempts = 3;

/** Accepts generations (validate, charge, enqueue) and records how each one ends. */
@Injectable()
export class GenerationsService implements OnApplicationShutdown {
  private readonly log = new Logger(GenerationsService.name);
  private readonly queue;

  constructor(
    @InjectRepository(GenerationEntity) private readonly generations: Repository<GenerationEntity>,
    private readonly dataSource: DataSource,
    private readonly bus: Bus,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IMAGES_CONFIG) config: ImagesConfig,
  ) {
    this.queue = createQueue<GenerationJob>(QueueName.generation, config.REDIS_URL);
  }

  async onApplicationShutdown() {
    await this.queue.close();
  }

  async request(req: GenerationRequest): Promise<Generation> {
    const userPrompt = (req.userPrompt ?? '').trim();
    if (!userPrompt) fail(ErrorCode.BadRequest, 'Please enter a text prompt to generate an image');
    if (userPrompt.length > MaxPromptLength) fail(ErrorCode.BadRequest, `Prompts can be at most ${MaxPromptLength} characters`);

    const trend = await this.bus.send('trends.bySlug', { slug: req.trendSlug });
    if (!trend.available) fail(ErrorCode.BadRequest, `${trend.name} is coming soon`);

    const id = randomUUID();
    const seed = randomInt(2 ** 31);
    await this.bus.send('billing.charge', { userId: req.userId, generationId: id, credits: generationCost(trend) });
    try {
      const entity = await this.generations.save(this.generations.create({
        id,
        userId: req.userId,
        trendSlug: trend.slug,
        prompt: enginePrompt(trend, userPrompt, req.prompt),
        userPrompt,
        status: 'queued',
        failureReason: null,
        caption: null,
        engine: null,
        trendName: trend.name,
        vibe: req.vibe ?? null,
        styleOptions: req.styleOptions ?? null,
        aspect: req.aspect ?? null,
        seed,
        originalKey: req.originalKey ?? null,
      }));
      const job: GenerationJob = {
        generationId: id,
        userId: req.userId,
        trendSlug: trend.slug,
        trendName: trend.name,
        prompt: entity.prompt,
        userPrompt,
        vibe: req.vibe,
        styleOptions: req.styleOptions,
        userTraits: req.userTraits,
        originalKey: req.originalKey,
        aspect: req.aspect,
        seed,
      };
      // The job id is the generation id: a retried request never renders twice.
      await this.queue.add('render', job, {
        jobId: id,
        attempts: GenerationAttempts,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
      const generation = await this.toGeneration(entity);
      await publishGenerationUpdate(this.redis, generation);
      return generation;
    } catch (error) {
      await this.bus.send('billing.refund', { generationId: id, reason: 'not accepted' }).catch(() => undefined);
      await this.generations.delete({ id }).catch(() => undefined);
      throw error;
    }
  }

  /** What the owner's creation was rendered from (the 4K export renders it again). */
  async renderInputs(id: string, userId: string): Promise<CreationRenderInputs> {
    const creation = await this.dataSource.getRepository(CreationEntity).findOneBy({ id, userId });
    const entity = creation && await this.generations.findOneBy({ id, userId });
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
      originalKey: entity.originalKey,
    };
  }

  async get(id: string, userId: string): Promise<Generation> {
    const entity = await this.generations.findOneBy({ id, userId });
    if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
    return this.toGeneration(entity);
  }

  async started(id: string): Promise<Generation> {
    await this.generations.update({ id, status: 'queued' }, { status: 'active' });
    const entity = await this.generations.findOneBy({ id });
    if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
    const generation = await this.toGeneration(entity);
    await publishGenerationUpdate(this.redis, generation);
    return generation;
  }

  /** Records the creation once, however often the worker reports it. */
  async completed(done: MessageRequest<'images.generation.completed'>): Promise<Creation> {
    const { creation, generation, first } = await this.dataSource.transaction(async (tx) => {
      const entity = await tx.findOne(GenerationEntity, { where: { id: done.id }, lock: { mode: 'pessimistic_write' } });
      if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
      const existing = await tx.findOneBy(CreationEntity, { id: done.id });
      if (existing) return { creation: existing, generation: entity, first: false };
      entity.status = 'completed';
      entity.caption = done.caption;
      entity.engine = done.engine;
      entity.failureReason = null;
      await tx.save(entity);
      const created = await tx.save(tx.create(CreationEntity, {
        id: entity.id,
        userId: entity.userId,
        trendSlug: entity.trendSlug,
        prompt: entity.userPrompt,
        caption: done.caption,
        engine: done.engine,
        resultKey: done.resultKey,
        thumbnailKey: done.thumbnailKey,
        originalKey: null,
        isFavorite: false,
      }));
      return { creation: created, generation: entity, first: true };
    });
    if (first) {
      const event: GenerationCompletedEvent = { generationId: generation.id, userId: generation.userId, trendSlug: generation.trendSlug };
      this.bus.emit(Events.generationCompleted, event);
    }
    await publishGenerationUpdate(this.redis, await this.toGeneration(generation));
    return toCreation(creation);
  }

  /** Marks a generation failed for good and gives its charge back, exactly once. */
  async failed(id: string, reason: string): Promise<Generation> {
    await this.bus.send('billing.refund', { generationId: id, reason });
    await this.generations.update({ id, status: Not(In(['completed', 'failed'])) }, { status: 'failed', failureReason: reason });
    const entity = await this.generations.findOneBy({ id });
    if (!entity) fail(ErrorCode.NotFound, 'Generation not found');
    this.log.warn({ generationId: id, reason }, 'generation failed');
    const generation = await this.toGeneration(entity);
    await publishGenerationUpdate(this.redis, generation);
    return generation;
  }

  private async toGeneration(entity: GenerationEntity): Promise<Generation> {
    let progress = entity.status === 'completed' ? 100 : 0;
    let position: number | null = null;
    if (entity.status === 'queued') {
      position = await waitingPosition(this.redis, QueueName.generation, entity.id);
    } else if (entity.status === 'active') {
      const job = await this.queue.getJob(entity.id);
      progress = typeof job?.progress === 'number' ? job.progress : 0;
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
      failureReason: entity.failureReason,
      caption: entity.caption,
      engine: entity.engine,
      createdAt: entity.createdAt.toISOString(),
    };
  }
}
