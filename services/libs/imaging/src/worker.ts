/**
 * Studio renders on threads of their own (see thread-lane.ts), with the same bytes as
 * `renderTrend` in process.
 *
 * Throughput (issue 28, a burst of generations: at least 4 images/s per core). A render is CPU
 * from start to end, so:
 * - a process renders on as many threads as it may use cores (`RenderThreads`: WORKER_CONCURRENCY,
 *   at most the cores), each render on the thread with the fewest in hand, and the generation
 *   worker holds two jobs per thread, so a thread never waits while a result is stored and reported;
 *   the event loop only moves bytes (storage, Redis, the bus) and renews the jobs' locks in time;
 * - the thumbnail is made on the render thread from the picture's own pixels while its PNG is
 *   encoded (`withThumbnail`), so no thread decodes the PNG again for it;
 * - a render quick to its midpoint sends no preview (`previewAfterMs`, engine.ts RenderDelivery),
 *   and the worker pushes progress at most every 250 ms.
 * Measured (pixar, one process, render and its delivery alternating, 25 each): 158-169 ms of CPU
 * an image before these, 133-139 after. In the stack (`npm run load:generate -- --cpu`, 500
 * generations, 2 cores shared with other work): about 230 ms of CPU an image for the whole stack,
 * 170-195 of them the generation worker's; that is about 8.6 images/s when the stack has both cores.
 * The generation worker then runs with one GC thread (infra/src/processes.ts nodeFlags): V8's
 * parallel GC helpers cost the busy render threads more CPU than they save. The burst of 500 on a
 * quiet 2-core machine: 7.7 images/s before, 9.6 after (the worker 185 → 155 ms CPU an image).
 * What is left is mostly the drawing itself.
 *
 * Each RenderThread is one lane: a process serving two kinds of render (members' generations, 4K
 * exports and previews) makes one for each, so seconds of export never hold up a member's
 * generation, and neither stalls the event loop that renews the jobs' locks.
 */
import { availableParallelism } from 'node:os';
import { asBuffer, ThreadLane } from './thread-lane.js';
import type { RenderedTrend } from './engine.js';
import type { RenderRequest } from './types.js';

/** What crosses to the thread: the request without its callbacks (not cloneable). */
export type WorkerRenderRequest = Omit<RenderRequest, 'onProgress' | 'onPreview'>;

/** The thread's side of a request: whether to send the midpoint preview, and the thumbnail. */
export type ThreadRenderRequest = WorkerRenderRequest & RenderOptions & { preview?: boolean };

/** `withThumbnail`: the result carries the creation's WebP thumbnail (engine.ts THUMBNAIL_SIDE); `previewAfterMs`: engine.ts RenderDelivery. */
export interface RenderOptions {
  withThumbnail?: boolean;
  previewAfterMs?: number;
}

export class RenderThread {
  private readonly lane = new ThreadLane<ThreadRenderRequest, RenderedTrend>('render-worker.js', 'render thread');

  /** `renderTrend` on this thread, after the renders asked before it; progress and the preview come back to their callbacks. */
  async render({ onProgress, onPreview, ...request }: RenderRequest, options: RenderOptions = {}): Promise<RenderedTrend> {
    const result = await this.lane.run({ ...request, ...options, preview: !!onPreview }, (percent, preview) => {
      if (preview) onPreview?.(preview);
      else onProgress?.(percent);
    });
    return { ...result, png: asBuffer(result.png), ...(result.thumbnail ? { thumbnail: asBuffer(result.thumbnail) } : {}) };
  }

  /** Renders asked and not yet answered. */
  get inHand(): number {
    return this.lane.inHand;
  }

  /** Stops the thread (tests, shutdown); a later render starts a new one. */
  stop(): Promise<void> {
    return this.lane.stop();
  }
}

/**
 * Several render threads (at most the cores), each render on the one with the fewest in hand:
 * `threads` renders run at once, the others wait on a thread's lane in the order they came.
 */
export class RenderThreads {
  private readonly threads: RenderThread[];

  constructor(threads: number) {
    const count = Math.max(1, Math.min(Math.floor(threads) || 1, availableParallelism()));
    this.threads = Array.from({ length: count }, () => new RenderThread());
  }

  /** How many renders run at once. */
  get size(): number {
    return this.threads.length;
  }

  render(request: RenderRequest, options?: RenderOptions): Promise<RenderedTrend> {
    const thread = this.threads.reduce((least, next) => (next.inHand < least.inHand ? next : least));
    return thread.render(request, options);
  }

  async stop(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }
}
