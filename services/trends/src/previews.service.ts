import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import sharp from 'sharp';
import { renderTrend } from '@trendforge/imaging';
import type { TrendPreview, TrendPreviewKind } from '@trendforge/contracts';
import { STORAGE, type ObjectStorage } from '@trendforge/platform';
import type { TrendEntity } from './trend.entity.js';
import { TrendsService } from './trends.service.js';

export const PREVIEWS_WARMUP = Symbol('PREVIEWS_WARMUP');

/** Bump when what is rendered below changes (subjects, sizes, quality). */
const RecipeVersion = 1;

const Recipes: Record<TrendPreviewKind, { subject: string; seed: number; size: number; quality: number }> = {
  preview: { subject: 'a cheerful young woman with curly hair smiling at the camera', seed: 7, size: 640, quality: 82 },
  example: { subject: 'a curious fox exploring a sunny city street', seed: 11, size: 1024, quality: 85 },
};

/**
 * The studio engine's version: a digest of its built code, so previews are rendered again exactly
 * when the engine changes (and never otherwise).
 */
export async function studioEngineVersion(): Promise<string> {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@trendforge/imaging'));
    const hash = createHash('sha256');
    const walk = async (folder: string): Promise<void> => {
      for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (/\.(js|json)$/.test(entry.name)) hash.update(entry.name).update(await readFile(full));
      }
    };
    await walk(dir);
    return `${RecipeVersion}-${hash.digest('hex').slice(0, 16)}`;
  } catch {
    return `${RecipeVersion}-unbuilt`;
  }
}

/**
 * Preview and example images of each trend (spec part 2 section 2.1), rendered by the studio engine
 * once per engine version and kept in object storage. Renders run one at a time so they never
 * crowd out the service's other work.
 */
@Injectable()
export class PreviewsService implements OnApplicationBootstrap {
  private readonly log = new Logger(PreviewsService.name);
  private version?: Promise<string>;
  private readonly known = new Set<string>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(STORAGE) private readonly storage: ObjectStorage,
    private readonly trends: TrendsService,
    @Inject(PREVIEWS_WARMUP) private readonly warmup: boolean,
  ) {}

  onApplicationBootstrap() {
    if (this.warmup) void this.renderAll();
  }

  engineVersion(): Promise<string> {
    this.version ??= studioEngineVersion();
    return this.version;
  }

  async keyOf(trend: TrendEntity, kind: TrendPreviewKind): Promise<string> {
    // The prompt is part of the key: an admin's edit gives the trend a fresh image.
    const digest = createHash('sha256').update(`${trend.name}|${trend.promptTemplate}`).digest('hex').slice(0, 8);
    return `previews/${await this.engineVersion()}/${trend.slug}-${kind}-${digest}.jpg`;
  }

  async ensure(slug: string, kind: TrendPreviewKind): Promise<TrendPreview> {
    const trend = await this.trends.entityBySlug(slug);
    const key = await this.keyOf(trend, kind);
    if (!this.known.has(key)) {
      let pending = this.inFlight.get(key);
      if (!pending) {
        pending = this.renderIfMissing(trend, kind, key).finally(() => this.inFlight.delete(key));
        this.inFlight.set(key, pending);
      }
      await pending;
      this.known.add(key);
    }
    return { key, etag: `"${createHash('sha1').update(key).digest('hex').slice(0, 20)}"` };
  }

  private async renderIfMissing(trend: TrendEntity, kind: TrendPreviewKind, key: string): Promise<void> {
    if (await this.storage.exists(key)) return;
    const run = this.queue.then(async () => {
      const recipe = Recipes[kind];
      const { png } = await renderTrend({
        trendSlug: trend.slug,
        trendName: trend.name,
        prompt: trend.promptTemplate.replaceAll('{subject}', recipe.subject),
        seed: recipe.seed,
        aspect: '1:1',
      });
      const jpeg = await sharp(png).resize(recipe.size, recipe.size, { fit: 'cover' }).jpeg({ quality: recipe.quality, mozjpeg: true }).toBuffer();
      await this.storage.put(key, jpeg, 'image/jpeg');
    });
    this.queue = run.catch(() => undefined);
    await run;
  }

  /** Renders whatever is missing for every trend, in the background. */
  async renderAll(): Promise<void> {
    const started = Date.now();
    for (const trend of await this.trends.list()) {
      for (const kind of ['preview', 'example'] as const) {
        await this.ensure(trend.slug, kind).catch((error) => this.log.warn({ err: error, slug: trend.slug, kind }, 'preview render failed'));
      }
    }
    this.log.log({ ms: Date.now() - started, version: await this.engineVersion() }, 'trend previews ready');
  }
}
