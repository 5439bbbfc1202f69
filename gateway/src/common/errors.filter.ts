import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { GraphQLError } from 'graphql';
import type { Response } from 'express';
import { ErrorCode, httpStatusOf } from '@trendforge/contracts';
import { ServiceError, StorageNotFoundError } from '@trendforge/platform';

const codeOfStatus: Record<number, ErrorCode> = Object.fromEntries(
  Object.entries(httpStatusOf).map(([code, status]) => [status, code as ErrorCode]),
);

/**
 * One mapping from failures to answers: a service's coded error keeps its message and gets its
 * HTTP status; unexpected errors are logged and answered without internals.
 * REST gets `{statusCode, message}`; GraphQL gets an error with `extensions.code`.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly log = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const { status, code, message } = this.describe(exception);
    if (host.getType<string>() === 'graphql') {
      return new GraphQLError(message, { extensions: { code, status } });
    }
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof ServiceError && exception.retryAfterSeconds) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    res.status(status).json({ statusCode: status, message });
  }

  private describe(exception: unknown): { status: number; code: string; message: string } {
    if (exception instanceof ServiceError) {
      return { status: httpStatusOf[exception.code], code: exception.code, message: exception.message };
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
    this.log.error({ err: exception }, 'unexpected error');
    return { status: 500, code: 'INTERNAL', message: 'Something went wrong. Please try again later.' };
  }
}
