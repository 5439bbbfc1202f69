/**
 * Photo analysis (traits and the person's matte) on a thread of its own (see thread-lane.ts):
 * model inference on the WASM backend runs synchronously for seconds. The thread holds the
 * process's tfjs and models; photos queue on it in order.
 */
import type { TraitsJobResult } from '@trendforge/contracts';
import { asBuffer, ThreadLane } from './thread-lane.js';

export interface PhotoAnalysis {
  result: TraitsJobResult;
  /** The person's matte (encodeMatte PNG), when the photo has a face. */
  matte?: Buffer;
}

/** A photo to analyse, or `warm`: load the models now. */
export type AnalyseRequest = { photo: Uint8Array } | { warm: true };

const lane = new ThreadLane<AnalyseRequest, PhotoAnalysis | null>('analyse-worker.js', 'analysis thread');

/** `analyseWithMatte` on the analysis thread, the matte encoded (PNG) for storage. */
export async function analyseInWorker(photo: Buffer): Promise<PhotoAnalysis> {
  const reply = await lane.run({ photo });
  if (!reply) throw new Error('analysis thread: no analysis');
  return { result: reply.result, matte: reply.matte && asBuffer(reply.matte) };
}

/** Starts the analysis thread and loads its models (a worker's start), so the first photo waits for neither. */
export async function warmAnalyseWorker(): Promise<void> {
  await lane.run({ warm: true });
}

/** Stop the analysis thread (tests, shutdown); a later request starts a new one. */
export const stopAnalyseWorker = (): Promise<void> => lane.stop();
