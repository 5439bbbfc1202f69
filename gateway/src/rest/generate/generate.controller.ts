import { Body, Controller, Get, Headers, HttpStatus, Inject, Param, ParseUUIDPipe, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { Throttle } from '@nestjs/throttler';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Bus, fail, notFoundAs, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { ErrorCode, StorageKeys, type GenerationView } from '@trendforge/contracts';
import { toGenerationView } from '../../clients/views.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { GenerationUpdates } from '../../realtime/generation-updates.js';
import { GenerateBody, toGenerationRequest } from './generate.body.js';

/** Generate calls per client address and minute, over REST and GraphQL alike. */
export const GenerateThrottle = { default: { limit: 20, ttl: 60_000 } };

/**
 * POST /api/generate keeps the documented synchronous contract: it waits (bounded) for the image
 * and answers `{generatedImage, imageUrl, caption}`; past the wait it answers 202 with the
 * generation so the client can follow it at GET /api/generations/:id. With `Prefer: respond-async`
 * (RFC 7240) it answers 202 as soon as the generation is accepted.
 *
 * An `Idempotency-Key` header makes retries safe: the same key from the same member is the same
 * generation and one charge, however often the request is sent.
 */
@Controller('api')
@UseGuards(MemberGuard)
export class GenerateController {
  constructor(
    private readonly bus: Bus,
    private readonly updates: GenerationUpdates,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Post('generate')
  @Throttle(GenerateThrottle)
  @ThrottledOperation('generate')
  async generate(
    @CurrentCaller() caller: Caller,
    @Body() body: GenerateBody,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
    @Headers('prefer') prefer?: string,
  ) {
    const accepted = await this.bus.send('images.generation.request', toGenerationRequest(caller.userId, body, idempotencyKey));
    const respondAsync = /(^|[\s,;])respond-async([\s,;]|$)/i.test(prefer ?? '');
    const generation = toGenerationView(respondAsync ? accepted : await this.updates.waitForEnd(accepted.id, caller.userId, this.config.GENERATE_WAIT_MS));
    if (generation.status === 'failed') fail(ErrorCode.Unavailable, generation.failureReason ?? 'Failed to generate image');
    if (generation.status !== 'completed') {
      res.status(HttpStatus.ACCEPTED);
      if (respondAsync) res.setHeader('preference-applied', 'respond-async');
      return { id: generation.id, status: generation.status, message: 'Still generating', generation };
    }
    return { id: generation.id, generatedImage: generation.imageUrl, imageUrl: generation.imageUrl, caption: generation.caption, engine: generation.engine };
  }

  @Get('generations/:id')
  async generation(@CurrentCaller() caller: Caller, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string): Promise<GenerationView> {
    return toGenerationView(await this.bus.send('images.generation.get', { id, userId: caller.userId }));
  }

  /**
   * The picture forming while the generation renders (its `previewUrl`), only for its owner:
   * another member's generation is "not found", like its image. Not cached: the next one replaces it.
   */
  @Get('generations/:id/preview')
  async preview(@CurrentCaller() caller: Caller, @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string, @Res() res: Response): Promise<void> {
    const generation = await this.bus.send('images.generation.get', { id, userId: caller.userId });
    const object = await this.storage.stream(StorageKeys.preview(generation.userId, generation.id)).catch(notFoundAs(undefined));
    if (!object) fail(ErrorCode.NotFound, 'Preview Not Found');
    res.set({
      'content-type': object.contentType,
      'content-length': String(object.size),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
    object.stream.pipe(res);
  }
}
