import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOptionsToken, getStorageToken, normalizeIp, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { INestApplication } from '@nestjs/common';
import { isAllowedOrigin } from '../common/origin.js';
import { securityHeaderValues } from '../common/security-headers.js';
import { SessionCookie } from '../common/session.js';
import { AddressBudget, addressBudgetKey } from '../common/throttle.guard.js';
import { GatewayThrottlerStorage, replicaThrottleKey } from '../common/throttler-storage.js';
import { clientAddress, isSecure } from '../graphql/client-address.js';
import { Catalogue, CachedAnswer, type CachedAnswer as Answer } from './catalogue.js';
import { CatalogueKeys } from './catalogue-reads.js';
import { publicQueryOf, type PublicQuery } from './public-graphql.js';
import { CatalogueReadHandlers } from './read-handlers.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface LimitVerdict {
  remaining: number;
  resetSeconds: number;
}

/** A cached public read: its cache key and the Nest handler whose rate-limit count it shares. */
interface Route {
  key: string;
  handler: string;
  /** The answer holds no member's part only for visitors (the Board's `voted`). */
  visitorsOnly?: boolean;
}

const SlugPattern = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const fixedRoutes = new Map<string, Route>([
  ['/api/trends', { key: CatalogueKeys.trends, handler: CatalogueReadHandlers.restTrends }],
  ['/api/trends/elections', { key: CatalogueKeys.elections, handler: CatalogueReadHandlers.restElections }],
  ['/api/trends/voting', { key: CatalogueKeys.board, handler: CatalogueReadHandlers.restBoard, visitorsOnly: true }],
  ['/api/waitlist/count', { key: CatalogueKeys.waitlistCount, handler: CatalogueReadHandlers.restWaitlistCount }],
]);

/** GET paths answered from the catalogue cache (exact paths: anything else goes to Nest). */
function routeOf(url: string): Route | undefined {
  const fixed = fixedRoutes.get(url);
  if (fixed) return fixed;
  if (!url.startsWith('/api/trends/')) return undefined;
  const [slugOrWord, slug, rest] = url.slice('/api/trends/'.length).split('/');
  if (slugOrWord === 'slug' && slug && rest === undefined && SlugPattern.test(slug)) return { key: CatalogueKeys.trend(slug), handler: CatalogueReadHandlers.restTrend };
  if (slug === 'style-options' && rest === undefined && SlugPattern.test(slugOrWord)) return { key: CatalogueKeys.styleOptions(slugOrWord), handler: CatalogueReadHandlers.restStyleOptions };
  return undefined;
}

/** GraphQL bodies larger than this are never public catalogue queries worth caching. */
const MaxGraphQLBody = 8 * 1024;

const hasSession = (req: IncomingMessage) => req.headers.cookie?.includes(`${SessionCookie}=`) ?? false;

/**
 * A request listener in front of Express for the public catalogue: GET /api/trends and its kin,
 * and POST /graphql with a public query seen before, are answered straight from the catalogue
 * cache (catalogue.ts) with a strong ETag, the security headers every answer carries and the
 * same per-address rate limit as Nest's route (one count in the replica's memory:
 * catalogue/read-handlers.ts), and each read counted in the address's budget over all routes
 * (in Redis, without waiting: GatewayThrottlerStorage.countSoon, from the address's 1% of the
 * budget on the replica on). Everything else, and anything not cached yet, goes to Express and
 * Nest unchanged; a public GraphQL query's answer is kept on its way out. Cached hits skip
 * Express's middleware, helmet's per-request work and pino-http's per-request log line.
 */
export function catalogueFastLane(app: INestApplication, framework: Listener): Listener {
  const catalogue = app.get(Catalogue);
  const storage = app.get<ThrottlerStorage>(getStorageToken());
  if (!(storage instanceof GatewayThrottlerStorage)) throw new Error('the catalogue fast lane counts in GatewayThrottlerStorage (app.module.ts)');
  const counters: GatewayThrottlerStorage = storage;
  const { replica } = counters;
  const options = app.get<ThrottlerModuleOptions>(getOptionsToken());
  const throttler = throttlerOf(options, 'default');
  const limit = throttler.limit as number;
  const throttlerName = 'default';
  const budget = throttlerOf(options, AddressBudget);
  const [budgetTtl, budgetLimit] = [budget.ttl as number, budget.limit as number];
  if (budgetTtl !== replica.windowMs) throw new Error('the catalogue fast lane counts the address budget in windows of the route limit (app.module.ts)');
  // An address's cached reads reach the shared budget once it has made this many on the replica in
  // its window (all of them then, each one after): a visitor's few reads never cost a trip to Redis.
  const budgetStep = Math.max(1, Math.floor(budgetLimit / 100));
  const plainHeaders = securityHeaderValues(false).flat();
  const secureHeaders = securityHeaderValues(true).flat();

  /**
   * Counts the hit on each handler's limit and on the address's budget: the tightest verdict, or
   * undefined when the client is over one (Nest answers the 429, and counts the budget exactly).
   */
  function withinLimits(req: IncomingMessage, handlers: readonly string[]): LimitVerdict | undefined {
    const tracker = normalizeIp(clientAddress(req));
    const budgetKey = addressBudgetKey(tracker);
    if (counters.isKnownBlocked(budgetKey, AddressBudget)) return undefined;
    let verdict: LimitVerdict | undefined;
    for (const handler of handlers) {
      const { totalHits, msLeft } = replica.hit(replicaThrottleKey(handler, tracker, throttlerName));
      if (totalHits > limit) return undefined;
      if (!verdict || limit - totalHits < verdict.remaining) verdict = { remaining: limit - totalHits, resetSeconds: Math.ceil(msLeft / 1000) };
    }
    if (verdict) {
      const localKey = replicaThrottleKey(AddressBudget, tracker, AddressBudget);
      for (let i = 0; i < handlers.length; i++) {
        const { totalHits } = replica.hit(localKey);
        if (totalHits >= budgetStep) counters.countSoon(budgetKey, budgetTtl, budgetLimit, AddressBudget, totalHits === budgetStep ? budgetStep : 1);
      }
    }
    return verdict;
  }

  /** The answer in one writeHead with a flat header list (cheaper than a setHeader per header). */
  function send(req: IncomingMessage, res: ServerResponse, answer: Answer, verdict: LimitVerdict) {
    const headers = [
      ...(isSecure(req) ? secureHeaders : plainHeaders),
      ...answer.headerList,
      'ETag', answer.etag,
      'X-RateLimit-Limit', limit, 'X-RateLimit-Remaining', verdict.remaining, 'X-RateLimit-Reset', verdict.resetSeconds,
    ];
    if (req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers.push('Content-Length', answer.body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : answer.body);
  }

  function answerFromCache(req: IncomingMessage, res: ServerResponse, answer: Answer, handlers: readonly string[]) {
    const verdict = withinLimits(req, handlers);
    if (verdict) send(req, res, answer, verdict);
    else framework(req, res);
  }

  function graphQL(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const key = `${req.headers.accept ?? ''}\n${body.toString('utf8')}`;
    const cached = catalogue.peekResponse(key);
    const query = cached ? (cached.value as PublicQuery) : publicQueryOf(body);
    if (!query || (query.visitorsOnly && hasSession(req))) return framework(req, res);
    if (cached) return answerFromCache(req, res, cached, query.handlers);
    keepAnswer(res, (status, headers, answerBody, changesBefore) => {
      if (status !== 200 || answerBody.includes('"errors"')) return;
      const contentType = headers['content-type'];
      if (typeof contentType !== 'string') return;
      catalogue.storeResponse(key, new CachedAnswer(query, answerBody, query.parts, { 'content-type': contentType }), changesBefore);
    }, catalogue.changeCount);
    framework(req, res);
  }

  return (req, res) => {
    const { method, url = '' } = req;
    if (method === 'GET' || method === 'HEAD') {
      const route = routeOf(url);
      const answer = route && !(route.visitorsOnly && hasSession(req)) ? catalogue.peek(route.key) : undefined;
      return answer && route ? answerFromCache(req, res, answer, [route.handler]) : framework(req, res);
    }
    const length = Number(req.headers['content-length']);
    if (method === 'POST' && url === '/graphql' && length > 0 && length <= MaxGraphQLBody
      && req.headers['content-type']?.startsWith('application/json') && isAllowedOrigin(req.headers, isSecure(req))) {
      return peekBody(req, length, (body) => (body ? graphQL(req, res, body) : framework(req, res)));
    }
    framework(req, res);
  };
}

function throttlerOf(options: ThrottlerModuleOptions, name: string): ThrottlerOptions {
  const throttlers = Array.isArray(options) ? options : options.throttlers;
  const throttler = throttlers.find((candidate) => (candidate.name ?? 'default') === name);
  if (!throttler) throw new Error(`the catalogue fast lane counts in the "${name}" throttler (app.module.ts)`);
  return throttler;
}

/**
 * Reads a small request body and puts it back (Readable.unshift, in the same tick, before the
 * stream can end), so Express's body parser still reads it whole when the request goes on there.
 */
function peekBody(req: IncomingMessage, length: number, then: (body: Buffer | null) => void) {
  const chunks: Buffer[] = [];
  let received = 0;
  const onReadable = () => {
    let chunk: Buffer | null;
    while (received < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      received += chunk.length;
    }
    if (received < length && !req.readableEnded) return;
    done();
  };
  const done = () => {
    req.off('readable', onReadable);
    req.off('end', done);
    const body = Buffer.concat(chunks);
    if (body.length) req.unshift(body);
    then(body.length === length ? body : null);
  };
  req.on('readable', onReadable);
  req.once('end', done);
}

/** Collects an answer's bytes as they are written, and hands them over when it ends. */
function keepAnswer(res: ServerResponse, keep: (status: number, headers: Record<string, unknown>, body: Buffer, changesBefore: number) => void, changesBefore: number) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk);
    return write(chunk, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') collect(chunk);
    const result = end(chunk, ...rest);
    if (!res.getHeader('content-encoding')) keep(res.statusCode, res.getHeaders(), Buffer.concat(chunks), changesBefore);
    return result;
  }) as typeof res.end;
}
