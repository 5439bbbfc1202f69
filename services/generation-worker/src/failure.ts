import { ApiError as GeminiApiError } from '@google/genai';
import { UnrecoverableError } from 'bullmq';
import OpenAI from 'openai';
import { ErrorCode, GenerationFailure, type ImageEngine } from '@trendforge/contracts';
import { InvalidStorageKeyError, ServiceError, StorageNotFoundError } from '@trendforge/platform';
import { GeminiAnswerError, GeminiConnectionError } from './gemini.js';

/** Error codes of a connection that failed or dropped (Node's own and undici's). */
const NetworkCodes = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
]);

function isNetworkError(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionError || error instanceof GeminiConnectionError) return true;
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && NetworkCodes.has(e.code)) return true;
  }
  return false;
}

function httpStatusOf(error: unknown): number | undefined {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' ? value : undefined;
}

/**
 * The reason a member sees for a failed generation, in the words of the spec's error catalogue
 * (part 2 section 8): the client picks its toast by these key phrases.
 */
export function failureReason(error: unknown): string {
  if (error instanceof OpenAI.APIError) {
    const code = String(error.code ?? '');
    if (error.status === 401 || code === 'invalid_api_key') return GenerationFailure.apiKey;
    if (error.status === 429) return GenerationFailure.rateLimit;
    if (code === 'content_policy_violation' || code === 'moderation_blocked' || /safety|policy/i.test(error.message)) {
      return GenerationFailure.contentPolicy;
    }
    if (error.status === 400) return GenerationFailure.invalidRequest;
  }
  if (error instanceof GeminiApiError) {
    // Google answers a wrong key 400 API_KEY_INVALID, a key without access 403 PERMISSION_DENIED.
    if (error.status === 401 || error.status === 403 || /API_KEY_INVALID|API key not valid/.test(error.message)) return GenerationFailure.apiKey;
    if (error.status === 429) return GenerationFailure.rateLimit;
    if (error.status === 400) return GenerationFailure.invalidRequest;
  }
  if (error instanceof GeminiAnswerError && error.blocked) return GenerationFailure.contentPolicy;
  if (isNetworkError(error)) return GenerationFailure.network;
  return GenerationFailure.highDemand;
}

/** An error of the image provider's API (an answer or a connection), as opposed to our own parts. */
export function isProviderError(error: unknown): boolean {
  return error instanceof OpenAI.APIError || error instanceof GeminiApiError || error instanceof GeminiAnswerError || error instanceof GeminiConnectionError;
}

/**
 * The provider's rate limit (429 rate_limit_exceeded; Gemini's 429 RESOURCE_EXHAUSTED, its RetryInfo
 * as `retry-after-ms`): not the generation's fault, so the queue pauses and the job waits its turn
 * again. An exhausted quota (OpenAI's insufficient_quota) is billing, not pace.
 */
export function isProviderRateLimit(error: unknown): error is Error & { headers?: Headers } {
  if (error instanceof GeminiApiError) return error.status === 429;
  return error instanceof OpenAI.APIError && error.status === 429 && error.code !== 'insufficient_quota';
}

/**
 * The provider looks down rather than refusing this request: no answer (a refused, dropped or timed
 * out connection) or its own trouble (5xx, 408). What the provider router's circuit breaker counts.
 */
export function isProviderOutage(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (!isProviderError(error)) return false;
  const status = httpStatusOf(error);
  return status !== undefined && (status === 408 || status >= 500);
}

/** Bugs: the same input fails the same way every time. */
const isBug = (error: unknown) =>
  error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError
  || error instanceof InvalidStorageKeyError || error instanceof StorageNotFoundError;

/**
 * Worth another attempt: a dropped connection, a rate limit (429), the provider's own trouble
 * (5xx, 408, 409), our services not answering, and the faults of our own parts that pass (storage
 * read-only or full, Redis, NATS or PostgreSQL restarting). A refused key, moderation, an invalid
 * request, an answer our services gave on purpose or a bug fail the same way every time.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof UnrecoverableError) return false;
  if (isNetworkError(error)) return true;
  if (error instanceof ServiceError) return error.code === ErrorCode.Unavailable;
  if (error instanceof GeminiAnswerError) return !error.blocked;
  const status = httpStatusOf(error);
  if (status !== undefined) return status === 408 || status === 409 || status === 429 || status >= 500;
  return !isBug(error);
}

/**
 * What a failed attempt throws: the member's reason as the job's failedReason, and
 * UnrecoverableError when another attempt would not help, so BullMQ makes none.
 */
export function attemptError(error: unknown): Error {
  if (error instanceof UnrecoverableError) return error;
  const reason = failureReason(error);
  return isRetryable(error) ? new Error(reason) : new UnrecoverableError(reason);
}

/** Which engine an error came from, when a router passed it on (provider-router.ts). */
const EngineOfError = Symbol('engine');

/** Marks `error` as the answer of `engine` (its 429 pauses that engine's budget, not another's). */
export function withEngine<T>(error: T, engine: ImageEngine): T {
  if (error && typeof error === 'object') Object.defineProperty(error, EngineOfError, { value: engine, configurable: true });
  return error;
}

/** The engine `withEngine` marked the error with; undefined for a single provider's (the primary's). */
export function errorEngine(error: unknown): ImageEngine | undefined {
  return error && typeof error === 'object' ? (error as { [EngineOfError]?: ImageEngine })[EngineOfError] : undefined;
}
