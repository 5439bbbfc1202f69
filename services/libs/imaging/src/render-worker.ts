/** The render thread's entry (see worker.ts). */
import sharp from 'sharp';
import { renderTrend } from './engine.js';
import { asBuffer, serveLane } from './thread-lane.js';
import type { RenderResult } from './types.js';
import type { WorkerRenderRequest } from './worker.js';

// One libvips thread: the render thread keeps to one core and leaves the other to the server.
sharp.concurrency(1);

serveLane<WorkerRenderRequest & { preview?: boolean }, RenderResult>(({ photo, matte, preview, ...request }, report) => {
  let percent = 0;
  const onProgress = (value: number) => report((percent = value));
  // The midpoint preview travels with the progress it was made at.
  const onPreview = preview ? (jpeg: Buffer) => report(percent, jpeg) : undefined;
  return renderTrend({ ...request, photo: photo && asBuffer(photo), matte: matte && asBuffer(matte), onProgress, onPreview });
});
