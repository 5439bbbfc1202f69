/** The render thread's entry (see worker.ts): renders requests one after another. */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { renderTrend } from './engine.js';
import type { WorkerRenderRequest } from './worker.js';

// One libvips thread: the render thread keeps to one core and leaves the other to the server.
sharp.concurrency(1);

let queue: Promise<unknown> = Promise.resolve();

parentPort?.on('message', (msg: { id: number; req: WorkerRenderRequest }) => {
  queue = queue.then(async () => {
    try {
      // Cloning turns Buffers into Uint8Arrays: sharp and the detector want Buffers.
      const photo = msg.req.photo ? Buffer.from(msg.req.photo.buffer, msg.req.photo.byteOffset, msg.req.photo.byteLength) : undefined;
      const matte = msg.req.matte ? Buffer.from(msg.req.matte.buffer, msg.req.matte.byteOffset, msg.req.matte.byteLength) : undefined;
      const out = await renderTrend({ ...msg.req, photo, matte });
      parentPort!.postMessage({ id: msg.id, png: out.png, width: out.width, height: out.height });
    } catch (err) {
      parentPort!.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) });
    }
  });
});
