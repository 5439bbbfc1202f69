import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient, useMutation, useSubscription } from '@apollo/client/react';
import { GENERATE, GENERATION, GENERATION_UPDATED, type GenerateInput, type Generation } from './documents';
import { isTerminal, mergeGeneration } from './generation-state';

/** Only if the subscription fails: how often to re-read the generation instead. */
export const POLL_INTERVAL_MS = 3000;

export interface UseGeneration {
  generation: Generation | null;
  /** Starts a generation; resolves with the accepted generation, rejects with the GraphQL error. */
  start: (input: GenerateInput) => Promise<Generation>;
  reset: () => void;
}

/**
 * Starts a generation with the `generate` mutation, then follows it through the
 * `generationUpdated(id)` subscription, which begins with the current state (so connecting late
 * misses nothing). Reading `generation(id)` every few seconds is the fallback when the
 * subscription cannot be used.
 */
export function useGeneration(): UseGeneration {
  const client = useApolloClient();
  const [generate] = useMutation(GENERATE);
  const [generation, setGeneration] = useState<Generation | null>(null);
  const idRef = useRef<string | null>(null);
  const id = generation?.id ?? null;
  const done = isTerminal(generation?.status);

  const apply = useCallback((next: Generation | null | undefined) => {
    if (!next || next.id !== idRef.current) return;
    setGeneration((prev) => mergeGeneration(prev, next));
  }, []);

  const { error: subscriptionError } = useSubscription(GENERATION_UPDATED, {
    variables: { id: id ?? '' },
    skip: !id || done,
    onData: ({ data }) => apply(data.data?.generationUpdated),
    onError: (error) => console.warn('generationUpdated subscription failed; polling instead', error),
  });

  useEffect(() => {
    if (!id || done || !subscriptionError) return;
    let cancelled = false;
    const read = () => {
      client
        .query({ query: GENERATION, variables: { id }, fetchPolicy: 'network-only' })
        .then((result) => {
          if (!cancelled) apply(result.data?.generation);
        })
        .catch((error: unknown) => console.warn('generation(id) read failed', error));
    };
    read();
    const timer = setInterval(read, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [client, id, done, apply, subscriptionError]);

  const start = useCallback(
    async (input: GenerateInput) => {
      idRef.current = null;
      setGeneration(null);
      const result = await generate({ variables: { input } });
      const accepted = result.data?.generate;
      if (!accepted) throw new Error(HIGH_DEMAND_FALLBACK);
      idRef.current = accepted.id;
      setGeneration(accepted);
      return accepted;
    },
    [generate],
  );

  const reset = useCallback(() => {
    idRef.current = null;
    setGeneration(null);
  }, []);

  return { generation, start, reset };
}

const HIGH_DEMAND_FALLBACK = "We're experiencing high demand. Please try again later.";
