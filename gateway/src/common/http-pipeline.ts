import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { Logger, RequestIdHeader, requestIdFrom } from '@trendforge/platform';
import { rawWebhookBody, WebhookPath } from '../rest/billing/payments.js';
import { isSecure } from '../graphql/client-address.js';
import { answerBodyErrors } from './body-errors.js';
import { refuseCrossSiteWrites } from './cross-site.js';
import { refuseDeepJson } from './json-depth.js';
import { isAllowedOrigin } from './origin.js';
import { securityHeaders, securityHeaderValues } from './security-headers.js';
import { AppThrottlerGuard } from './throttle.guard.js';

/**
 * The gateway's one HTTP pipeline: each cross-cutting step is defined once, and every answer goes
 * through it, whichever path writes the answer.
 *
 * | step                        | defined once in                        | Express and Nest               | cached answers (CachedAnswerSteps)      |
 * |-----------------------------|----------------------------------------|--------------------------------|-----------------------------------------|
 * | security headers            | security-headers.ts (helmet)           | mountHttpPipeline              | that middleware's headers, taken once   |
 * | origin checks               | origin.ts                              | refuseCrossSiteWrites          | allowsOrigin                            |
 * | body limits                 | mountHttpPipeline (JSON: 1 MB, depth)  | the body parser                | reads only bodies under 8 KB (fast-lane) |
 * | rate limits, address budget | throttle.guard.ts, throttler-storage.ts| APP_GUARD, before each handler | the same guard instance (admitCachedRead) |
 * | request id, access log      | @trendforge/platform's loggingModule   | its middleware (pino-http)     | its request id and logger (serializers, level) |
 * | cache, ETag                 | catalogue/catalogue.ts (CachedAnswer)  | handlers (withEtag), res.send  | the same answers and ETags              |
 * | metrics                     | metrics/metrics.module.ts              | a listener beside Express's    | the same listener                       |
 */
export function mountHttpPipeline(app: NestExpressApplication) {
  app.use(securityHeaders());
  // Before any body parser: a refused write is not read.
  app.use(refuseCrossSiteWrites());
  app.use(WebhookPath, rawWebhookBody()); // signed bytes: the JSON parser below must not touch them
  // Nest's types reserve `verify` for `rawBody: true`, which this app does not use; the hook refuses absurd nesting.
  app.useBodyParser('json', { limit: '1mb', verify: refuseDeepJson } as NestExpressBodyParserOptionsFor<'json'>);
  app.use(answerBodyErrors());
}

/** An answer kept in memory (catalogue/catalogue.ts's CachedAnswer): its bytes, own headers and strong ETag. */
export interface KeptAnswer {
  body: Buffer;
  etag: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * The pipeline's steps for a kept answer to a request Express has not routed
 * (catalogue/fast-lane.ts), in the order Express and Nest run them: the rate-limit guard's count of
 * the handlers the answer stands for, request id, security headers, the answer (a matching
 * If-None-Match gets 304, HEAD no body), the access line. Written in one writeHead with a flat
 * header list: answering through Express's `send` (its prototypes set on the request, a header
 * at a time) measured slower in bench:api (0.57x of the bare server even without the guard, 0.66x this way).
 */
export class CachedAnswerSteps {
  private readonly guard: AppThrottlerGuard;
  private readonly log: Logger;
  private readonly plainHeaders = securityHeaderValues(false).flat();
  private readonly secureHeaders = securityHeaderValues(true).flat();

  constructor(app: NestExpressApplication) {
    this.guard = app.get(AppThrottlerGuard);
    this.log = app.get(Logger);
  }

  allowsOrigin(req: IncomingMessage): boolean {
    return isAllowedOrigin(req.headers, isSecure(req));
  }

  /**
   * Answers `req` with `answer` for `handlers` (`Class-method`: one for REST, one per root field for
   * GraphQL): false, with nothing written, when a limit refuses it (Nest then answers and counts the refusal).
   */
  answer(req: IncomingMessage & { id?: unknown }, res: ServerResponse, answer: KeptAnswer, handlers: readonly string[]): boolean {
    const startedAt = Date.now();
    const limitHeaders = this.guard.admitCachedRead(req, handlers);
    if (!limitHeaders) return false;
    req.id = requestIdFrom(req.headers[RequestIdHeader]);
    const headers: Array<string | number> = [
      RequestIdHeader, req.id as string,
      // isSecure: Express's req.secure, decided once per connection.
      ...(isSecure(req) ? this.secureHeaders : this.plainHeaders),
      ...limitHeaders,
      ...Object.entries(answer.headers).flat(),
      'ETag', answer.etag,
    ];
    if (req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, headers);
      res.end();
    } else {
      headers.push('Content-Length', answer.body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    }
    this.log.log({ req, res, responseTime: Date.now() - startedAt }, 'request completed', 'CachedAnswer');
    return true;
  }
}
