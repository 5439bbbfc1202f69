import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ErrorCode, ShareTokenPattern, type SharedCreation } from '@trendforge/contracts';
import { shareCard } from '@trendforge/imaging/share-card';
import { Bus, fail, ServiceError, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';
import { missingSharePage, sharePage } from './share-page.js';

/** Shared files may sit in a cache a few minutes after their link is revoked; the page itself is never cached. */
const SharedFileCacheControl = 'public, max-age=300';
/** The page's own resources only, and no Referer: the URL holds the token. */
const PageHeaders = {
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
};

/**
 * A shared creation's public page (no sign-in), its image and its 1200×630 link preview. Anyone
 * holding an active token sees them; an unknown or revoked token is "not found" (the page in HTML).
 */
@Controller('s')
export class ShareController {
  constructor(
    private readonly bus: Bus,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get(':token')
  async page(@Param('token') token: string, @Res() res: Response): Promise<void> {
    res.set(PageHeaders).type('html');
    let shared: SharedCreation;
    try {
      shared = await this.resolve(token);
    } catch (error) {
      if (error instanceof ServiceError && error.code === ErrorCode.NotFound) {
        res.status(404).send(missingSharePage());
        return;
      }
      throw error;
    }
    // The configured public origin: a Host header (anyone can send one) never makes the tags' URLs.
    res.send(sharePage({ origin: this.config.PUBLIC_ORIGIN, token, trendName: shared.trendName, caption: shared.creation.caption }));
  }

  @Get(':token/image.png')
  async image(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const { creation } = await this.resolve(token);
    const object = await this.storage.stream(creation.resultKey);
    res.set({ 'content-type': object.contentType, 'content-length': String(object.size), 'cache-control': SharedFileCacheControl, 'x-content-type-options': 'nosniff' });
    object.stream.pipe(res);
  }

  /** Made from the creation on the first request and kept in storage (removed with the creation). */
  @Get(':token/preview.jpg')
  async preview(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const { creation, previewKey } = await this.resolve(token);
    let bytes: Buffer | undefined;
    if (!await this.storage.exists(previewKey)) {
      bytes = await shareCard(await this.storage.get(creation.resultKey));
      await this.storage.put(previewKey, bytes, 'image/jpeg');
    }
    res.set({ 'content-type': 'image/jpeg', 'cache-control': SharedFileCacheControl, 'x-content-type-options': 'nosniff' });
    if (bytes) {
      res.send(bytes);
      return;
    }
    const object = await this.storage.stream(previewKey);
    res.set('content-length', String(object.size));
    object.stream.pipe(res);
  }

  private resolve(token: string): Promise<SharedCreation> {
    if (!ShareTokenPattern.test(token)) fail(ErrorCode.NotFound, 'Share link not found');
    return this.bus.send('images.shareLink.resolve', { token });
  }
}
