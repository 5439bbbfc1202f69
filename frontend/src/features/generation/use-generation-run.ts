import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GenerateInput, Generation } from './documents';
import { graphqlErrorMessage } from './generation-state';
import { refreshAfterGeneration } from './refresh-after-generation';
import { useGeneration } from './use-generation';

export interface GenerationRunHandlers {
  /** The generation finished with its image. */
  onCompleted: (generation: Generation & { imageUrl: string }) => void;
  /**
   * It did not: `refused` when the server refused to start it (its text), `failed` when it failed
   * or finished without an image (its reason, '' when it gave none).
   */
  onFailed: (message: string, how: 'refused' | 'failed') => void;
}

export interface GenerationRun {
  /** The generation being followed (position, progress, preview), null before it is accepted. */
  generation: Generation | null;
  /** Starts a generation and follows it to its end: exactly one of the handlers is called, once. */
  run: (input: GenerateInput) => Promise<void>;
  /** Stops following (the screen moved on): no handler is called; a started generation still lands in the gallery. */
  stop: () => void;
}

/**
 * One generation from start to end, as every generating screen follows it: started, followed
 * live, the member's credits, usage and images refreshed when it ends, then the screen told how
 * it ended.
 */
export function useGenerationRun(handlers: GenerationRunHandlers): GenerationRun {
  const queryClient = useQueryClient();
  const { generation, start, reset } = useGeneration();
  /** True from run until its end is handled or stop. */
  const following = useRef(false);
  // The latest handlers (they close over the screen's state of its latest render).
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!generation || !following.current) return;
    if (generation.status === 'completed') {
      following.current = false;
      if (!generation.imageUrl) {
        latest.current.onFailed('', 'failed');
        return;
      }
      refreshAfterGeneration(queryClient, 'completed');
      latest.current.onCompleted({ ...generation, imageUrl: generation.imageUrl });
    } else if (generation.status === 'failed') {
      following.current = false;
      refreshAfterGeneration(queryClient, 'failed');
      latest.current.onFailed(generation.failureReason ?? '', 'failed');
    }
  }, [generation, queryClient]);

  const run = useCallback(
    async (input: GenerateInput) => {
      following.current = true;
      try {
        await start(input);
      } catch (error) {
        if (!following.current) return;
        following.current = false;
        latest.current.onFailed(graphqlErrorMessage(error), 'refused');
      }
    },
    [start],
  );

  const stop = useCallback(() => {
    following.current = false;
    reset();
  }, [reset]);

  return { generation, run, stop };
}
