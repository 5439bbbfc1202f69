/**
 * Studio renders on a thread of their own (see thread-lane.ts), with the same bytes as
 * `renderTrend` in process. Each RenderThread is one lane: a process serving two kinds of render
 * (members' generations, 4K exports and previews) makes one for each, so seconds of export never
 * hold up a member's generation, and neither stalls the event loop that renews the jobs' locks.
 */
import { asBuffer, ThreadLane } from './thread-lane.js';
import type { RenderRequest, RenderResult } from './types.js';

/** What crosses to the thread: the request without its callbacks (not cloneable). */
export type WorkerRenderRequest = Omit<RenderRequest, 'onProgress' | 'onPreview'>;

export class RenderThread {
  private readonly lane = new ThreadLane<WorkerRenderRequest & { preview?: boolean }, RenderResult>('render-worker.js', 'render thread');

  /** `renderTrend` on this thread, after the renders asked before it; progress and the preview come back to their callbacks. */
  async render({ onProgress, onPreview, ...request }: RenderRequest): Promise<RenderResult> {
    const result = await this.lane.run({ ...request, preview: !!onPreview }, (percent, preview) => {
      if (preview) onPreview?.(preview);
      else onProgress?.(percent);
    });
    return { ...result, png: asBuffer(result.png) };
  }

  /** Stops the thread (tests, shutdown); a later render starts a new one. */
  stop(): Promise<void> {
    return this.lane.stop();
  }
}
