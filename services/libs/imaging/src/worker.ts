/**
 * Renders on a worker thread, so a server's event loop keeps answering while a big render (the
 * 4K export: seconds of CPU) runs. One long-lived thread; requests queue on it in order. The
 * thread is unreferenced while idle, so it never keeps a process alive, and a crashed thread is
 * replaced on the next request.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderRequest, RenderResult } from './types.js';

/** What crosses to the thread: the request without its progress callback (not cloneable). */
export type WorkerRenderRequest = Omit<RenderRequest, 'onProgress'>;

interface Pending {
  resolve: (r: RenderResult) => void;
  reject: (e: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/**
 * The thread's entry, next to this module in the built package (dist/render-worker.js). Run from
 * the sources (tests), the built file is used, so the package must be built.
 */
export function workerEntry(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'render-worker.js');
  return existsSync(beside) ? beside : join(here, '../dist/render-worker.js');
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(workerEntry());
  w.unref();
  w.on('message', (msg: { id: number; png?: Uint8Array; width?: number; height?: number; error?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve({ png: Buffer.from(msg.png!.buffer, msg.png!.byteOffset, msg.png!.byteLength), width: msg.width!, height: msg.height! });
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`render worker exited with code ${code}`)));
  worker = w;
  return w;
}

/** `renderTrend` on the render thread (same inputs, same bytes). */
export function renderInWorker(req: WorkerRenderRequest): Promise<RenderResult> {
  // Drop anything that cannot be cloned to the thread (a stray progress callback).
  const { onProgress: _ignored, ...plain } = req as RenderRequest;
  const w = thread();
  const id = nextId++;
  return new Promise<RenderResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, req: plain });
  });
}

/** Stop the render thread (tests, shutdown); a later request starts a new one. */
export async function stopRenderWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
