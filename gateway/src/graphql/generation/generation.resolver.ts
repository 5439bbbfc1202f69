import { GenerationId } from '../../common/uuid-param.js';
import { UseGuards } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { Throttle } from '@nestjs/throttler';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import type { Generation, GenerationView } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { toGenerationView } from '../../clients/views.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { GenerationUpdates } from '../../realtime/generation-updates.js';
import { GenerateBody, toGenerationRequest } from '../../rest/generate/generate.body.js';
import { GenerateThrottle } from '../../rest/generate/generate.controller.js';
import { GenerationType } from '../types.js';

@Resolver(() => GenerationType)
@UseGuards(MemberGuard)
export class GenerationResolver {
  constructor(private readonly bus: Bus, private readonly updates: GenerationUpdates) {}

  /**
   * Accepts a generation (validate, charge, enqueue) and answers at once; follow it with
   * generationUpdated. The same `idempotencyKey` from the same member is the same generation.
   */
  @Mutation(() => GenerationType)
  @Throttle(GenerateThrottle)
  @ThrottledOperation('generate')
  async generate(
    @CurrentCaller() caller: Caller,
    @Args('input') input: GenerateBody,
    @Args('idempotencyKey', { type: () => String, nullable: true }) idempotencyKey?: string | null,
  ): Promise<GenerationView> {
    return toGenerationView(await this.bus.send('images.generation.request', toGenerationRequest(caller.userId, input, idempotencyKey ?? undefined)));
  }

  @Query(() => GenerationType)
  async generation(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }, GenerationId) id: string): Promise<GenerationView> {
    return toGenerationView(await this.bus.send('images.generation.get', { id, userId: caller.userId }));
  }

  /**
   * The current state first, then queued (with position) → active (with progress) → completed
   * (with the image) or failed (with a reason). Only the owner may follow a generation.
   */
  @Subscription(() => GenerationType, { resolve: (update: Generation) => toGenerationView(update) })
  generationUpdated(@CurrentCaller() caller: Caller, @Args('id', { type: () => ID }) id: string) {
    return this.updates.follow(id, caller.userId);
  }
}
