import type { Generation, GenerationStatus } from './documents';

// The schema types `status` as a String: an unknown one ranks like `queued`.
const RANK: Partial<Record<string, number>> = { queued: 0, active: 1, completed: 2, failed: 2 } satisfies Record<GenerationStatus, number>;

export function isTerminal(status: string | undefined | null): boolean {
  return status === 'completed' || status === 'failed';
}

/**
 * Merges generation snapshots that arrive out of order from the mutation, the fallback reads
 * and the subscription: state never moves backwards, and progress never decreases.
 */
export function mergeGeneration(prev: Generation | null, next: Generation | null | undefined): Generation | null {
  if (!next) return prev;
  if (!prev || prev.id !== next.id) return next;
  if (isTerminal(prev.status)) return prev;
  const prevRank = RANK[prev.status] ?? 0;
  const nextRank = RANK[next.status] ?? 0;
  if (nextRank < prevRank) return prev;
  if (nextRank === prevRank && next.status === 'active' && next.progress < prev.progress) {
    return { ...next, progress: prev.progress };
  }
  return next;
}

export type GenerationErrorKind =
  | 'api_key_missing'
  | 'api_key'
  | 'network'
  | 'rate_limit'
  | 'content_policy'
  | 'credits'
  | 'generic';

export interface GenerationErrorInfo {
  kind: GenerationErrorKind;
  title: string;
  description: string;
}

export const HIGH_DEMAND = "We're experiencing high demand. Please try again later.";

/** Spec part2 s8 "Generation (Forge)" error catalogue. */
export function describeGenerationError(
  message: string | null | undefined,
  options: { needsApiKey?: boolean } = {},
): GenerationErrorInfo {
  const text = (message ?? '').trim();
  if (options.needsApiKey) {
    return {
      kind: 'api_key_missing',
      title: 'OpenAI API Key Required',
      description: text || 'An OpenAI API key is needed to generate images with this engine.',
    };
  }
  if (/api key/i.test(text)) {
    return { kind: 'api_key', title: 'API Key Required', description: text };
  }
  if (/network|connection|failed to fetch|socket/i.test(text)) {
    return {
      kind: 'network',
      title: 'Network Error',
      description: 'Please check your internet connection and try again.',
    };
  }
  if (/quota|rate limit/i.test(text)) {
    return { kind: 'rate_limit', title: 'API Rate Limit', description: 'Please try again in a few minutes.' };
  }
  if (/content policy|moderation/i.test(text)) {
    return {
      kind: 'content_policy',
      title: 'Content Policy Violation',
      description: 'Your prompt may violate content policies. Please try a different prompt.',
    };
  }
  if (/you need \d+ credits?/i.test(text)) {
    return { kind: 'credits', title: 'Credit Booster Needed!', description: text };
  }
  return { kind: 'generic', title: 'Generation failed', description: text || HIGH_DEMAND };
}

/** Pulls the human text out of an Apollo / GraphQL / network error. */
export function graphqlErrorMessage(error: unknown): string {
  if (!error) return '';
  if (typeof error === 'object' && error !== null && 'errors' in error) {
    const errors = (error as { errors?: ReadonlyArray<{ message?: string }> }).errors;
    const first = errors?.find((e) => e?.message)?.message;
    if (first) return first;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** "about 20 s", "about 3 min": a queue ETA for people. */
export function formatEta(seconds: number): string {
  return seconds < 60 ? `about ${Math.max(1, Math.round(seconds))} s` : `about ${Math.round(seconds / 60)} min`;
}

/** A queued generation's place (0 = next, shown from 1) and, when known, its ETA: "Position 3 in queue · about 20 s". */
export function queueStatusText(position: number, etaSeconds: number | null | undefined): string {
  const place = `Position ${position + 1} in queue`;
  return etaSeconds != null ? `${place} · ${formatEta(etaSeconds)}` : place;
}
