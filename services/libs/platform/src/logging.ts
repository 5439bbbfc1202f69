import { Global, Inject, Injectable, Module, RequestMethod, type DynamicModule, type LoggerService, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger as PinoInstance, LevelWithSilent } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { startMetrics } from './metrics.js';
import { currentRequestId, RequestIdHeader, requestIdFrom, withRequestId } from './request-context.js';
import { currentTraceId, startTracing } from './tracing.js';

/**
 * Structured JSON logs (one object a line) with pino, and a log line per HTTP request with pino-http.
 * Written here rather than taken from nestjs-pino, whose releases for NestJS 12 need Node 22 while
 * the project runs on Node 20; the calling conventions are the same.
 */

const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/** Paths polled by probes and Prometheus: logging them would drown everything else. */
const probePaths = ['/livez', '/readyz', '/health', '/api/health', '/metrics'];

type Level = Exclude<LevelWithSilent, 'silent'>;

/**
 * Nest's LoggerService on pino. Nest passes a logger's context as the last parameter;
 * an object or Error message becomes the line's fields, and the next parameter its message.
 */
@Injectable()
export class Logger implements LoggerService {
  private readonly pino: PinoInstance;

  constructor(@Inject(HTTP_LOGGER) http: HttpLogger) {
    this.pino = http.logger;
  }

  verbose(message: unknown, ...params: unknown[]) { this.write('trace', message, params); }
  debug(message: unknown, ...params: unknown[]) { this.write('debug', message, params); }
  log(message: unknown, ...params: unknown[]) { this.write('info', message, params); }
  warn(message: unknown, ...params: unknown[]) { this.write('warn', message, params); }
  error(message: unknown, ...params: unknown[]) { this.write('error', message, params); }
  fatal(message: unknown, ...params: unknown[]) { this.write('fatal', message, params); }

  private write(level: Level, message: unknown, params: unknown[]) {
    const fields: Record<string, unknown> = {};
    let rest = params;
    if (params.length > 0) {
      fields.context = params.at(-1);
      rest = params.slice(0, -1);
    }
    if (message instanceof Error) {
      fields.err = message;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(fields, message);
    } else if (level === 'error' && rest.length === 1 && typeof rest[0] === 'string' && /\n\s*at /.test(rest[0])) {
      // Nest's exception handler calls error(message, stack, context).
      fields.err = Object.assign(new Error(String(message)), { stack: rest[0] });
      rest = [];
    } else {
      rest = [message, ...rest];
    }
    (this.pino[level] as (fields: object, ...args: unknown[]) => void)(fields, ...rest);
  }
}

@Global()
@Module({})
class LoggingModule implements NestModule {
  constructor(@Inject(HTTP_LOGGER) private readonly http: HttpLogger) {}

  configure(consumer: MiddlewareConsumer) {
    // Every request gets an id (the caller's x-request-id, or a new one), echoed in the response and
    // written into every log line written while it is handled.
    consumer.apply((req: Request, res: Response, next: () => void) => {
      const requestId = requestIdFrom(req.headers[RequestIdHeader]);
      res.setHeader(RequestIdHeader, requestId);
      withRequestId(requestId, () => this.http(req, res, next));
    }).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

/** The request id and trace id of the work being done, added to every log line. */
function requestFields(): Record<string, string> {
  const requestId = currentRequestId();
  const traceId = currentTraceId();
  return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
}

/**
 * Structured JSON logs (one object a line) named after the process. Being where every process
 * names itself, it also starts the process's metrics (metrics.ts) and, when configured, traces (tracing.ts).
 */
export function loggingModule(name: string, level = process.env.LOG_LEVEL || 'info'): DynamicModule {
  startTracing(name);
  startMetrics(name);
  const http = pinoHttp({
    name,
    level,
    mixin: requestFields,
    genReqId: (req) => currentRequestId() ?? requestIdFrom(req.headers[RequestIdHeader]),
    // originalUrl: a middleware mounted on a path sees req.url relative to it.
    autoLogging: { ignore: (req) => probePaths.includes(((req as Request).originalUrl ?? req.url ?? '').split('?')[0]) },
    // What an access line needs and no header, so no cookie or token can reach a log (nothing to
    // redact). pino-http binds the request to a child logger for every request, logged or not: the
    // full serializers cost several percent of the gateway's CPU per request.
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({ id: req.id, method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket?.remoteAddress }),
      res: (res: Response) => ({ statusCode: res.statusCode }),
    },
  });
  return {
    module: LoggingModule,
    providers: [{ provide: HTTP_LOGGER, useValue: http }, Logger],
    exports: [Logger],
  };
}
