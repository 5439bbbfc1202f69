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
  /** For RATE_LIMITED: when to try again; the gateway answers it as Retry-After. */
  retryAfterSeconds?: number;
}

export function isServiceErrorBody(value: unknown): value is ServiceErrorBody {
  return (
    typeof value === 'object' && value !== null &&
    typeof (value as ServiceErrorBody).code === 'string' &&
    (value as ServiceErrorBody).code in httpStatusOf &&
    typeof (value as ServiceErrorBody).message === 'string'
  );
}
