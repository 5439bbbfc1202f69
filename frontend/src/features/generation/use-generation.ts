import { useCallback, useEffect, useRef, useState } from 'react';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { useApolloClient, useMutation, useSubscription } from '@apollo/client/react';
import { TemporarilyUnavailable } from '@trendforge/contracts';
import { toast } from '@/ui/toast-store';
import { GENERATE, GENERATION, GENERATION_UPDATED, type GenerateInput, type Generation } from './documents';
import { isTerminal, mergeGeneration } from './generation-state';

/** Only if the subscription fails: how often to re-read the generation instead. */
export const POLL_INTERVAL_MS = 3000;

/** A generate call whose answer got lost (network, server restarting) is sent this many times in all, with the same key. */
export const GENERATE_SEND_ATTEMPTS = 3;

/**
 * While the server answers "briefly unavailable" (its database or broker restarting: UNAVAILABLE
 * with Retry-After), the same call with the same key is sent again after each wait, for up to this
 * long in all: a restart takes seconds, and waiting beats a failure.
 */
export const GENERATE_UNAVAILABLE_WAIT_MS = 120_000;

/** Retry-After is honoured within these bounds (seconds). */
const RETRY_AFTER_MIN_S = 1;
const RETRY_AFTER_MAX_S = 30;
const retryAfterMs = (seconds: number) => Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, seconds)) * 1000;

/**
 * The server's "briefly unavailable, try again in a moment", with the text for the member and the
 * wait it asked for; null for any other failure (a refusal or a bug is final). GraphQL answers it
 * as an UNAVAILABLE error with `retryAfterSeconds`; a proxy in front of a restarting gateway as an
 * HTTP 503.
 */
export function unavailableRetry(error: unknown): { message: string; waitMs: number } | null {
  if (CombinedGraphQLErrors.is(error)) {
    const unavailable = error.errors.find((e) => e.extensions?.code === 'UNAVAILABLE' && typeof e.extensions.retryAfterSeconds === 'number');
    if (!unavailable) return null;
    return { message: unavailable.message || TemporarilyUnavailable.message, waitMs: retryAfterMs(unavailable.extensions!.retryAfterSeconds as number) };
  }
  if (ServerError.is(error) && error.statusCode === 503) {
    const seconds = Number(error.response.headers.get('retry-after'));
    let message: string = TemporarilyUnavailable.message;
    try {
      const body = JSON.parse(error.bodyText) as { message?: unknown; errors?: Array<{ message?: unknown }> };
      const text = body.errors?.[0]?.message ?? body.message;
      if (typeof text === 'string' && text) message = text;
    } catch {
      // not JSON (a proxy's page): the plain text above
    }
    return { message, waitMs: retryAfterMs(Number.isFinite(seconds) && seconds > 0 ? seconds : TemporarilyUnavailable.retryAfterSeconds) };
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      const startedAt = Date.now();
      // The server's text, shown for as long as the same call is being sent again.
      let notice: ReturnType<typeof toast> | null = null;
      let result;
      try {
        for (let lost = 1; ; ) {
          try {
            result = await generate({ variables: { input, idempotencyKey } });
            break;
          } catch (error) {
            const unavailable = unavailableRetry(error);
            if (unavailable && Date.now() - startedAt + unavailable.waitMs <= GENERATE_UNAVAILABLE_WAIT_MS) {
              const shown = { title: 'Trying again for you', description: unavailable.message, duration: Infinity };
              if (notice) notice.update(shown);
              else notice = toast(shown);
              await sleep(unavailable.waitMs);
              continue;
            }
            // Unavailable for longer than is worth waiting: the member gets the server's text.
            if (unavailable) throw new Error(unavailable.message, { cause: error });
            // Any other answer of the server is final; only a lost answer is worth sending again.
            if (CombinedGraphQLErrors.is(error) || lost >= GENERATE_SEND_ATTEMPTS) throw error;
            await sleep(500 * lost);
            lost += 1;
          }
        }
      } finally {
        notice?.dismiss();
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
