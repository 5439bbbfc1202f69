import { RpcException } from '@nestjs/microservices';
import { ErrorCode, TemporarilyUnavailable } from '@trendforge/contracts';

/** An expected failure with a code the gateway turns into an HTTP status and a message for people. */
export class ServiceError extends RpcException {
  constructor(readonly code: ErrorCode, message: string, readonly retryAfterSeconds?: number) {
    super({ code, message, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
    this.message = message;
  }
}

export function fail(code: ErrorCode, message: string, retryAfterSeconds?: number): never {
  throw new ServiceError(code, message, retryAfterSeconds);
}

/**
 * A dependency is briefly down (PostgreSQL restarting, NATS reconnecting): UNAVAILABLE with the
 * member's text and Retry-After. `detail` says what failed, for the logs only. Across the bus it
 * arrives as a ServiceError with the same code, text and retryAfterSeconds.
 */
export class TemporarilyUnavailableError extends ServiceError {
  constructor(readonly detail: string) {
    super(ErrorCode.Unavailable, TemporarilyUnavailable.message, TemporarilyUnavailable.retryAfterSeconds);
  }
}

/**
 * A service failed on a request in a way nobody expected (a bug, not a refusal or an outage). Its
 * code stays UNAVAILABLE so background callers (workers) still retry it; the gateway answers people
 * 500 with a plain message and logs `message`, which names the pattern.
 */
export class InternalServiceError extends ServiceError {
  constructor(message: string) {
    super(ErrorCode.Unavailable, message);
  }
}

/**
 * PostgreSQL's "not now" answers: the connection exception class (08), admin / crash shutdown and
 * "the database system is starting up / shutting down" (57P01-57P03), too many connections (53300).
 * Constraint violations, syntax errors, deadlocks and the like are answers about the request.
 */
const transientSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** The socket could not be opened or was lost (a restarting server, a reconnecting client). */
const transientSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** Error names of the NATS client (a request in flight while the broker or the service restarts) and of ioredis. */
const transientNames = new Set(['TimeoutError', 'NoResponders', 'ClosedConnectionError', 'ConnectionError', 'DrainingConnectionError', 'MaxRetriesPerRequestError']);
/** What pg, ioredis and the NATS client say when the connection underneath is gone. */
const transientMessages = [
  /^Connection terminated/i, // pg: the server closed the socket (restart, pg_terminate_backend)
  /timeout exceeded when trying to connect/i, // pg pool: connectionTimeoutMillis
  /is not queryable/i, // pg: a client that lost its connection
  /^Connection is closed/i, // ioredis
  /^no responders/i, // NATS: no replica subscribed
];

/**
 * Whether a failure means "a dependency is briefly unavailable, the same request will work in a
 * moment" rather than "this request, or the code handling it, is wrong". Looks through TypeORM's
 * driverError, `cause` chains and AggregateErrors (a connect tried on several addresses).
 */
export function isTemporarilyUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (error instanceof ServiceError) return error.code === ErrorCode.Unavailable && error.retryAfterSeconds !== undefined && !(error instanceof InternalServiceError);
  const { code, name, message, driverError, cause, errors } = error as {
    code?: unknown; name?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown;
  };
  if (typeof code === 'string' && (transientSqlStates.has(code) || code.startsWith('08') || transientSocketCodes.has(code))) return true;
  if (typeof name === 'string' && transientNames.has(name)) return true;
  if (typeof message === 'string' && transientMessages.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isTemporarilyUnavailable(inner, depth + 1))) return true;
  return isTemporarilyUnavailable(driverError, depth + 1) || isTemporarilyUnavailable(cause, depth + 1);
}

/** What failed, in one line for a log: the error's name, code and message. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message}`;
}
