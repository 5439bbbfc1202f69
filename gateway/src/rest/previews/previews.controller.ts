import { Controller, Get, Headers, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import { SkipAllThrottles } from '../../common/throttle.guard.js';
import type { Response } from 'express';
import type { TrendPreview, TrendPreviewKind } from '@trendforge/contracts';
import { Bus, STORAGE, type ObjectStorage } from '@trendforge/platform';
import { previewSlug } from './preview-paths.js';

/** Where the spec serves them (part 2 section 2.1), long cached: the ETag changes with the studio engine. */
export const PreviewCacheControl = 'public, max-age=604800, stale-while-revalidate=86400';
/** How long the gateway trusts a preview's storage key before asking the trends service again. */
const LookupTtlMs = 5 * 60_000;
/** A first request may wait for the studio engine to render the image. */
const RenderWaitMs = 60_000;

/**
 * Trend preview and example images, rendered once per engine version by generation-worker (the
 * trends service names them and asks for the render) and read here from object storage. Public
 * (visitors browse and hover them), so cached publicly.
 */
@Controller()
@SkipThrottle(SkipAllThrottles)
export class PreviewsController {
  private readonly lookups = new Map<string, { preview: TrendPreview; until: number }>();

  constructor(private readonly bus: Bus, @Inject(STORAGE) private readonly storage: ObjectStorage) {}

  @Get('images/previews/:file')
  preview(@Param('file') file: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response) {
    return this.serve('preview', file, ifNoneMatch, res);
  }

  @Get('static/images/real-examples/:file')
  example(@Param('file') file: string, @Headers('if-none-match') ifNoneMatch: string | undefined, @Res() res: Response) {
    return this.serve('example', file, ifNoneMatch, res);
  }

  private async serve(kind: TrendPreviewKind, file: string, ifNoneMatch: string | undefined, res: Response): Promise<void> {
    const slug = previewSlug(file, kind);
    if (!slug) throw new NotFoundException('Image Not Found');
    const preview = await this.lookup(slug, kind);
    res.set({ etag: preview.etag, 'cache-control': PreviewCacheControl, 'x-content-type-options': 'nosniff' });
    if (ifNoneMatch && ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(preview.etag)) {
      res.status(304).end();
      return;
    }
    const object = await this.storage.stream(preview.key);
    res.set({ 'content-type': 'image/jpeg', 'content-length': String(object.size) });
    object.stream.pipe(res);
  }

  private async lookup(slug: string, kind: TrendPreviewKind): Promise<TrendPreview> {
    const id = `${kind}:${slug}`;
    const cached = this.lookups.get(id);
    if (cached && cached.until > Date.now()) return cached.preview;
    const preview = await this.bus.send('trends.preview', { slug, kind }, RenderWaitMs);
    this.lookups.set(id, { preview, until: Date.now() + LookupTtlMs });
    return preview;
  }
}
