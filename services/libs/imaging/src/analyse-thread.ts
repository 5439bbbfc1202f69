/**
 * Photo analysis (traits and the person's matte) on a worker thread: model inference on the WASM
 * backend runs synchronously for seconds, which would stall the caller's event loop (its queue
 * lock renewals, its bus replies). One long-lived thread holds the process's tfjs and models;
 * requests queue on it in order; it is unreferenced while idle.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TraitsJobResult } from '@trendforge/contracts';

export interface PhotoAnalysis {
  result: TraitsJobResult;
  /** The person's matte (encodeMatte PNG), when the photo has a face. */
  matte?: Buffer;
}

interface Reply { id: number; result?: TraitsJobResult; matte?: Uint8Array; error?: string }

let worker: Worker | undefined;
const pending = new Map<number, { resolve: (a: PhotoAnalysis) => void; reject: (e: Error) => void }>();
let nextId = 1;

function entry(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const beside = join(here, 'analyse-worker.js');
  return existsSync(beside) ? beside : join(here, '../dist/analyse-worker.js');
}

function thread(): Worker {
  if (worker) return worker;
  const w = new Worker(entry());
  w.unref();
  w.on('message', (msg: Reply) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve({ result: msg.result!, matte: msg.matte ? Buffer.from(msg.matte.buffer, msg.matte.byteOffset, msg.matte.byteLength) : undefined });
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`analysis thread exited with code ${code}`)));
  worker = w;
  return w;
}

/** `analysePhoto` and, with a face, `personMatte` of the largest face's person, on the analysis thread. */
export function analyseInWorker(photo: Buffer): Promise<PhotoAnalysis> {
  const w = thread();
  const id = nextId++;
  return new Promise<PhotoAnalysis>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, photo });
  });
}

/** Stop the analysis thread (tests, shutdown); a later request starts a new one. */
export async function stopAnalyseWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}
