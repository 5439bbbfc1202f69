import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { GraphQLError } from 'graphql';
import type { Response } from 'express';
import { ErrorCode, httpStatusOf, TemporarilyUnavailable } from '@trendforge/contracts';
import { describeFailure, InternalServiceError, isTemporarilyUnavailable, ServiceError, StorageNotFoundError } from '@trendforge/platform';

const codeOfStatus: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(httpStatusOf).map(([code, status]) => [status, code as ErrorCode]),
);

interface Answer {
  status: number;
  code: string;
  message: string;
  /** Sent as Retry-After (REST and GraphQL over HTTP) and as `extensions.retryAfterSeconds`. */
  retryAfterSeconds?: number;
}

const somethingWentWrong = 'Something went wrong. Please try again later.';

/**
 * One mapping from failures to answers: a service's coded error keeps its message and gets its
 * HTTP status; a dependency that is briefly down (a database or broker restarting) is 503 with
 * Retry-After and a plain text; unexpected errors are logged and answered 500 without internals.
 * REST gets `{statusCode, message}` (and Retry-After); GraphQL gets an error with `extensions.code`
 * and `status` (and `retryAfterSeconds`, with the same Retry-After header over HTTP).
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly log = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const { status, code, message, retryAfterSeconds } = this.describe(exception);
    if (host.getType<string>() === 'graphql') {
      const extensions: Record<string, unknown> = { code, status, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) };
      // Apollo Server takes `http` off the error and adds its headers to the HTTP answer (not on the
      // WebSocket, which has none). The status stays 200: NestJS's driver keeps GraphQL answers with
      // `data` at 200 so clients read them as GraphQL errors; `extensions.status` carries the 503.
      const overHttp = () => Boolean((host.getArgByIndex(2) as { res?: unknown } | undefined)?.res);
      if (retryAfterSeconds && overHttp()) extensions.http = { headers: new Map([['retry-after', String(retryAfterSeconds)]]) };
      return new GraphQLError(message, { extensions });
    }
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (retryAfterSeconds) res.setHeader('Retry-After', String(retryAfterSeconds));
    res.status(status).json({ statusCode: status, message });
  }

  private describe(exception: unknown): Answer {
    if (exception instanceof InternalServiceError) {
      this.log.error({ err: exception }, `a service failed: ${exception.message}`);
      return { status: 500, code: 'INTERNAL', message: somethingWentWrong };
    }
    if (exception instanceof ServiceError) {
      if (isTemporarilyUnavailable(exception)) this.log.warn(`briefly unavailable: ${(exception as { detail?: string }).detail ?? exception.message}`);
      return { status: httpStatusOf[exception.code], code: exception.code, message: exception.message, retryAfterSeconds: exception.retryAfterSeconds };
    }
    if (exception instanceof StorageNotFoundError) {
      return { status: 404, code: ErrorCode.NotFound, message: 'Image Not Found' };
    }
    // Never a framework class name in an answer ("ThrottlerException: Too Many Requests").
    if (exception instanceof ThrottlerException) {
      return { status: 429, code: ErrorCode.RateLimited, message: 'Too many requests. Please try again later.' };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const raw = typeof body === 'string' ? body : (body as { message?: string | string[] }).message ?? exception.message;
      return { status, code: codeOfStatus[status] ?? 'HTTP_ERROR', message: Array.isArray(raw) ? raw[0] : raw };
    }
    // The gateway's own Redis or NATS connection restarting (sessions, limits, the bus).
    if (isTemporarilyUnavailable(exception)) {
      this.log.warn(`briefly unavailable: ${describeFailure(exception)}`);
      return { status: 503, code: ErrorCode.Unavailable, ...TemporarilyUnavailable };
    }
    this.log.error({ err: exception }, 'unexpected error');
    return { status: 500, code: 'INTERNAL', message: somethingWentWrong };
  }
}
