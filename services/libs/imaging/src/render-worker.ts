/** The render thread's entry (see worker.ts). */
import sharp from 'sharp';
import { renderTrend, THUMBNAIL_SIDE } from './engine.js';
import { asBuffer, serveLane } from './thread-lane.js';
import type { RenderedTrend } from './engine.js';
import type { ThreadRenderRequest } from './worker.js';

// One libvips thread a render: each render thread keeps to one core (worker.ts: at most the cores' count of them).
sharp.concurrency(1);

serveLane<ThreadRenderRequest, RenderedTrend>(({ photo, matte, preview, withThumbnail, previewAfterMs, ...request }, report) => {
  let percent = 0;
  const onProgress = (value: number) => report((percent = value));
  // The midpoint preview travels with the progress it was made at.
  const onPreview = preview ? (jpeg: Buffer) => report(percent, jpeg) : undefined;
  return renderTrend(
    { ...request, photo: photo && asBuffer(photo), matte: matte && asBuffer(matte), onProgress, onPreview },
    { thumbnailSide: withThumbnail ? THUMBNAIL_SIDE : undefined, previewAfterMs },
  );
});
