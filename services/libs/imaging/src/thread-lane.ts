/**
 * One long-lived worker thread that serves requests one after another, so the caller's event loop
 * keeps answering (its queue lock renewals, its bus replies) while a render or a model inference
 * runs for seconds of CPU. The thread is unreferenced while idle, so it never keeps a process
 * alive, and a crashed thread is replaced on the next request.
 *
 * The caller side is `ThreadLane`; the thread's entry calls `serveLane` with its handler.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

type FromThread<Reply> = { id: number; progress: number; preview?: Uint8Array } | { id: number; reply: Reply } | { id: number; error: string };

/** Progress the thread reports, now and then with a preview (encoded image bytes). */
export type LaneProgress = (percent: number, preview?: Buffer) => void;

interface Pending<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
  onProgress?: LaneProgress;
}

/**
 * A thread entry next to this module in the built package (dist/<file>). Run from the sources
 * (tests), the built file is used, so the package must be built.
 */
function entryFile(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, file);
  return existsSync(beside) ? beside : join(here, '../dist', file);
}

export class ThreadLane<Request, Reply> {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending<Reply>>();
  private nextId = 1;

  /** `entry`: the thread's file in this package's dist (e.g. 'render-worker.js'); `name` for error messages. */
  constructor(private readonly entry: string, private readonly name: string) {}

  /** Runs the request on the thread after those before it; progress the thread reports reaches `onProgress`. */
  run(request: Request, onProgress?: LaneProgress): Promise<Reply> {
    const thread = this.thread();
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      thread.ref();
      thread.postMessage({ id, request });
    });
  }

  /** Requests sent to the thread and not yet answered (the one running included). */
  get inHand(): number {
    return this.pending.size;
  }

  /** Stops the thread (tests, shutdown); a later request starts a new one. */
  async stop(): Promise<void> {
    const thread = this.worker;
    this.worker = undefined;
    if (thread) await thread.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const thread = new Worker(entryFile(this.entry));
    thread.unref();
    thread.on('message', (message: FromThread<Reply>) => {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      if ('progress' in message) {
        pending.onProgress?.(message.progress, message.preview && asBuffer(message.preview));
        return;
      }
      this.pending.delete(message.id);
      if (this.pending.size === 0) thread.unref();
      if ('error' in message) pending.reject(new Error(message.error));
      else pending.resolve(message.reply);
    });
    const fail = (error: Error) => {
      if (this.worker === thread) this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`${this.name} exited with code ${code}`)));
    this.worker = thread;
    return thread;
  }
}

/** The thread side: handles each request after the one before, reporting progress and the reply or error. */
export function serveLane<Request, Reply>(handle: (request: Request, progress: (percent: number, preview?: Buffer) => void) => Promise<Reply>): void {
  const port = parentPort;
  if (!port) throw new Error('serveLane runs on a worker thread');
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    queue = queue.then(async () => {
      try {
        const reply = await handle(request, (progress, preview) => port.postMessage({ id, progress, preview }));
        port.postMessage({ id, reply });
      } catch (error) {
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
}

/** Structured cloning turns Buffers into Uint8Arrays; sharp and the detectors want Buffers (same memory, no copy). */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
