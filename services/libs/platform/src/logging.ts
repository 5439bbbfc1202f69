import { Global, Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { Request, Response } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { startMetrics } from './metrics.js';
import { currentRequestId, RequestIdHeader, requestIdFrom, withRequestId } from './request-context.js';
import { currentTraceId, startTracing } from './tracing.js';

/**
 * Structured JSON logs (one object a line) with nestjs-pino: Nest's LoggerService on pino, and a
 * log line per HTTP request with pino-http. `Logger` is the one to give `app.useLogger`.
 */
export { Logger } from 'nestjs-pino';

/** Paths polled by probes and Prometheus: logging them would drown everything else. */
const probePaths = ['/livez', '/readyz', '/health', '/api/health', '/metrics'];

type IdentifiedRequest = Request & { id?: unknown };

/**
 * Every request gets an id (the caller's x-request-id, or a new one), echoed in the response and
 * written into every log line written while it is handled. pino-http's genReqId picks the same id
 * whichever of the two middlewares runs first.
 */
@Global()
@Module({})
class RequestIdModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply((req: IdentifiedRequest, res: Response, next: () => void) => {
      const requestId = typeof req.id === 'string' ? req.id : requestIdFrom(req.headers[RequestIdHeader]);
      res.setHeader(RequestIdHeader, requestId);
      withRequestId(requestId, next);
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
export function loggingModule(name: string, level = process.env.LOG_LEVEL || 'info', destination?: DestinationStream): DynamicModule {
  startTracing(name);
  startMetrics(name);
  const options: Options<Request, Response> = {
    name,
    level,
    // requestId (bus handlers in the services have no HTTP request) and traceId on every line.
    mixin: requestFields,
    genReqId: (req) => currentRequestId() ?? requestIdFrom(req.headers[RequestIdHeader]),
    // originalUrl: a middleware mounted on a path sees req.url relative to it.
    autoLogging: { ignore: (req) => probePaths.includes(((req as Request).originalUrl ?? req.url ?? '').split('?')[0]) },
    // What an access line needs and no header, so no cookie or token can reach a log (nothing to
    // redact). pino-http binds the request to a child logger for every request, logged or not: the
    // full serializers cost several percent of the gateway's CPU per request. That child is also the
    // logger of the lines written while handling the request (quietReqLogger would add a second
    // child per request), so they carry these same few fields.
    wrapSerializers: false,
    serializers: {
      req: (req: Request) => ({ id: (req as IdentifiedRequest).id, method: req.method, url: req.originalUrl ?? req.url, remoteAddress: req.socket?.remoteAddress }),
      res: (res: Response) => ({ statusCode: res.statusCode }),
    },
  };
  // Standard output unless told otherwise (the tests read the lines).
  const logger = LoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options });
  return {
    module: RequestIdModule,
    imports: [logger],
    exports: [logger],
  };
}
