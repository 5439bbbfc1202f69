/** Error codes a service answers with; the gateway maps each to one HTTP status. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  /** A well-formed request that cannot be applied, e.g. an idempotency key reused for a different request. */
  Unprocessable: 'UNPROCESSABLE',
  PaymentRequired: 'PAYMENT_REQUIRED',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const httpStatusOf: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYMENT_REQUIRED: 402,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The shape every service error takes on the wire. */
export interface ServiceErrorBody {
  code: ErrorCode;
  message: string;
  /** When to try again (RATE_LIMITED, a briefly UNAVAILABLE dependency); the gateway answers it as Retry-After. */
  retryAfterSeconds?: number;
}

/**
 * The answer while a dependency restarts (the database, the message broker): UNAVAILABLE with
 * this text and Retry-After. The request itself was fine, so the same request (with the same
 * Idempotency-Key) succeeds once the dependency is back; the SPA shows the text and sends it again.
 */
export const TemporarilyUnavailable = {
  message: 'TrendForge is briefly unavailable. Please wait a few seconds and try again.',
  retryAfterSeconds: 3,
} as const;

export function isServiceErrorBody(value: unknown): value is ServiceErrorBody {
  return (
    typeof value === 'object' && value !== null &&
    typeof (value as ServiceErrorBody).code === 'string' &&
    (value as ServiceErrorBody).code in httpStatusOf &&
    typeof (value as ServiceErrorBody).message === 'string'
  );
}
