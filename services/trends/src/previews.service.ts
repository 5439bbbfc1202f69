import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { STUDIO_ENGINE_VERSION } from '@trendforge/imaging/engine-version';
import { ErrorCode, type PreviewRenderJob, type TrendPreview, type TrendPreviewKind } from '@trendforge/contracts';
import { RenderJobs, RenderTimeoutError, ServiceError } from '@trendforge/platform';
import type { TrendEntity } from './entities.js';
import { TrendsService } from './trends.service.js';

export const PREVIEWS_WARMUP = Symbol('PREVIEWS_WARMUP');

/** What a trend's images are made from. */
type PreviewSubject = Pick<TrendEntity, 'slug' | 'name' | 'promptTemplate'>;

/** Bump when what is rendered below changes (subjects, sizes, quality). */
const RecipeVersion = 1;

const Recipes: Record<TrendPreviewKind, { subject: string; seed: number; size: number; quality: number }> = {
  preview: { subject: 'a cheerful young woman with curly hair smiling at the camera', seed: 7, size: 640, quality: 82 },
  example: { subject: 'a curious fox exploring a sunny city street', seed: 11, size: 1024, quality: 85 },
};

/** How long a request waits for a missing image (the gateway gives the whole call 60 s). */
const RenderWaitMs = 50_000;

/**
 * The version previews are keyed by: the recipe's and the studio engine's (a build-time digest of
 * the engine, @trendforge/imaging/engine-version), so previews are rendered again exactly when
 * the engine or the recipe changes, and never otherwise. This service never loads the engine.
 */
export const previewsVersion = () => `${RecipeVersion}-${STUDIO_ENGINE_VERSION}`;

/**
 * Preview and example images of each trend (spec part 2 section 2.1), rendered once per engine
 * version and kept in object storage. The rendering is a `renders` job that generation-worker
 * runs (the job id is the storage key, so every replica's requests for one image share one
 * render); this service only names the image and waits for it.
 */
@Injectable()
export class PreviewsService implements OnApplicationBootstrap {
  private readonly log = new Logger(PreviewsService.name);
  /** Keys known to be stored: no storage round-trip for them. */
  private readonly known = new Set<string>();

  constructor(
    private readonly renders: RenderJobs,
    private readonly trends: TrendsService,
    @Inject(PREVIEWS_WARMUP) private readonly warmup: boolean,
  ) {}

  onApplicationBootstrap() {
    if (this.warmup) void this.renderAll().catch((error) => this.log.warn({ err: error }, 'preview warm-up failed'));
  }

  keyOf(trend: PreviewSubject, kind: TrendPreviewKind): string {
    // The prompt is part of the key: an admin's edit gives the trend a fresh image.
    const digest = createHash('sha256').update(`${trend.name}|${trend.promptTemplate}`).digest('hex').slice(0, 8);
    return `previews/${previewsVersion()}/${trend.slug}-${kind}-${digest}.jpg`;
  }

  async ensure(slug: string, kind: TrendPreviewKind): Promise<TrendPreview> {
    const trend = await this.trends.entityBySlug(slug);
    const key = this.keyOf(trend, kind);
    if (!this.known.has(key)) {
      try {
        await this.renders.ensure(key, () => this.job(trend, kind, key), RenderWaitMs);
      } catch (error) {
        if (error instanceof RenderTimeoutError) throw new ServiceError(ErrorCode.Unavailable, 'The preview is still being rendered. Please try again shortly.');
        throw error;
      }
      this.known.add(key);
    }
    return { key, etag: `"${createHash('sha1').update(key).digest('hex').slice(0, 20)}"` };
  }

  private job(trend: PreviewSubject, kind: TrendPreviewKind, key: string): PreviewRenderJob {
    const recipe = Recipes[kind];
    return {
      kind: 'preview',
      key,
      trendSlug: trend.slug,
      trendName: trend.name,
      prompt: trend.promptTemplate.replaceAll('{subject}', recipe.subject),
      seed: recipe.seed,
      size: recipe.size,
      quality: recipe.quality,
      engineVersion: STUDIO_ENGINE_VERSION,
    };
  }

  /** Queues a render of whatever is missing for every trend; the workers render them in the background. */
  async renderAll(): Promise<void> {
    const trends = await this.trends.list();
    for (const trend of trends) {
      for (const kind of ['preview', 'example'] as const) {
        await this.renders.enqueue(this.job(trend, kind, this.keyOf(trend, kind)))
          .catch((error) => this.log.warn({ err: error, slug: trend.slug, kind }, 'could not queue a preview render'));
      }
    }
    this.log.log({ trends: trends.length, version: previewsVersion() }, 'missing trend previews queued');
  }
}
