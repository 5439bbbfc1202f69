import { type DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import type { Job } from 'bullmq';
import { EXPORT_LONG_SIDE, RenderThread, scaleToLongSide, squareJpeg } from '@trendforge/imaging';
import { STUDIO_ENGINE_VERSION } from '@trendforge/imaging/engine-version';
import { QueueName, StorageKeys, type Export4kRenderJob, type PreviewRenderJob, type RenderJob, type RenderJobResult } from '@trendforge/contracts';
import {
  QUEUE_WORKER_CONFIG, QueueConsumer, queueWorkerModule, STORAGE, notFoundAs, type ObjectStorage, type QueueWorkerConfig,
} from '@trendforge/platform';

/**
 * Consumes the `renders` queue: the heavy renders that request-serving processes hand over (the
 * gateway's 4K exports, the trends service's preview images). The job id is the file's storage
 * key, so concurrent requests share one job, and a file already stored is not rendered again (a
 * job taken over from a killed worker finishes the same way).
 *
 * One job at a time per process, on a render thread of its own: a 4K render is seconds of CPU, and
 * on its own lane it neither delays this process's generations (they render on theirs) nor the
 * renewal of BullMQ's job locks.
 */
@Injectable()
export class RendersProcessor extends QueueConsumer<typeof QueueName.renders> {
  private readonly renderThread = new RenderThread();

  constructor(
    @Inject(QUEUE_WORKER_CONFIG) config: QueueWorkerConfig,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {
    super(QueueName.renders, { ...config, WORKER_CONCURRENCY: 1 });
  }

  async process(job: Job<RenderJob, RenderJobResult>): Promise<RenderJobResult> {
    const data = job.data;
    if (await this.storage.exists(data.key)) return { key: data.key, rendered: false };
    const started = Date.now();
    const { bytes, contentType } = data.kind === 'export4k' ? await this.export4k(data) : await this.preview(data);
    await this.storage.put(data.key, bytes, contentType);
    this.log.log({ key: data.key, kind: data.kind, ms: Date.now() - started }, 'rendered');
    return { key: data.key, rendered: true };
  }

  /** The creation rendered again from its inputs at export size, or its stored result scaled when it cannot be. */
  private async export4k({ resultKey, inputs }: Export4kRenderJob): Promise<{ bytes: Buffer; contentType: string }> {
    const photo = inputs.originalKey ? await this.storage.get(inputs.originalKey).catch(notFoundAs(null)) : undefined;
    // The matte stored beside the creation's copy of the photo: the export cuts the person out as the creation did.
    const matte = inputs.originalKey ? await this.storage.get(StorageKeys.matte(inputs.originalKey)).catch(notFoundAs(undefined)) : undefined;
    if (inputs.engine !== 'studio' || inputs.seed === null || photo === null) {
      return { bytes: await scaleToLongSide(await this.storage.get(resultKey), EXPORT_LONG_SIDE), contentType: 'image/png' };
    }
    const { png } = await this.renderThread.render({
      trendSlug: inputs.trendSlug,
      trendName: inputs.trendName,
      prompt: inputs.userPrompt,
      seed: inputs.seed,
      aspect: inputs.aspect ?? undefined,
      photo,
      matte,
      styleOptions: inputs.styleOptions ?? undefined,
      vibe: inputs.vibe ?? undefined,
      traits: inputs.userTraits ?? undefined,
      variation: inputs.variation ?? undefined,
      styleIntensity: inputs.styleIntensity ?? undefined,
      longSide: EXPORT_LONG_SIDE,
    });
    return { bytes: png, contentType: 'image/png' };
  }

  private async preview(job: PreviewRenderJob): Promise<{ bytes: Buffer; contentType: string }> {
    if (job.engineVersion !== STUDIO_ENGINE_VERSION) {
      // Only while replicas of two builds run side by side (a rolling update).
      this.log.warn({ key: job.key, asked: job.engineVersion, engine: STUDIO_ENGINE_VERSION }, 'preview asked for another studio engine version');
    }
    const { png } = await this.renderThread.render({ trendSlug: job.trendSlug, trendName: job.trendName, prompt: job.prompt, seed: job.seed, aspect: '1:1' });
    return { bytes: await squareJpeg(png, job.size, job.quality), contentType: 'image/jpeg' };
  }

  override async onApplicationShutdown() {
    await super.onApplicationShutdown();
    await this.renderThread.stop();
  }
}

/**
 * A worker of the `renders` queue alone (GenerationWorkerModule runs it beside the generation
 * consumer): for suites of the processes that hand renders over, which make their own generations.
 */
@Module({})
export class RendersWorkerModule {
  static forRoot(config: QueueWorkerConfig): DynamicModule {
    return queueWorkerModule({ module: RendersWorkerModule, name: 'renders-worker', config, consumer: RendersProcessor });
  }
}
