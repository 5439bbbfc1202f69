import { useCallback, useEffect, useRef, useState } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient, useMutation, useSubscription } from '@apollo/client/react';
import { GENERATE, GENERATION, GENERATION_UPDATED, type GenerateInput, type Generation } from './documents';
import { isTerminal, mergeGeneration } from './generation-state';

/** Only if the subscription fails: how often to re-read the generation instead. */
export const POLL_INTERVAL_MS = 3000;

/** A generate call whose answer got lost (network, server restarting) is sent this many times in all, with the same key. */
export const GENERATE_SEND_ATTEMPTS = 3;

/** A fresh idempotency key (randomUUID needs a secure context; plain http on a LAN address has only getRandomValues). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
      // One key per click: sending it again after a lost answer never starts (or charges) a second generation.
      const idempotencyKey = newIdempotencyKey();
      let result;
      for (let attempt = 1; ; attempt++) {
        try {
          result = await generate({ variables: { input, idempotencyKey } });
          break;
        } catch (error) {
          // The server's answer (a GraphQL error) is final; only a lost answer is worth sending again.
          if (CombinedGraphQLErrors.is(error) || attempt >= GENERATE_SEND_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
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
