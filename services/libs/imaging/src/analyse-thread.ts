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

const lane = new ThreadLane<Buffer, PhotoAnalysis>('analyse-worker.js', 'analysis thread');

/** `analysePhoto` and, with a face, `personMatte` of the largest face's person, on the analysis thread. */
export async function analyseInWorker(photo: Buffer): Promise<PhotoAnalysis> {
  const { result, matte } = await lane.run(photo);
  return { result, matte: matte && asBuffer(matte) };
}

/** Stop the analysis thread (tests, shutdown); a later request starts a new one. */
export const stopAnalyseWorker = (): Promise<void> => lane.stop();
