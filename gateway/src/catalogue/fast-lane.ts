import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CachedAnswerSteps } from '../common/http-pipeline.js';
import { SessionCookie } from '../common/session.js';
import { Catalogue, CachedAnswer, type CachedAnswer as Answer } from './catalogue.js';
import { CatalogueKeys } from './catalogue-reads.js';
import { publicQueryOf, type PublicQuery } from './public-graphql.js';
import { CatalogueReadHandlers } from './read-handlers.js';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A cached public read: its cache key and the Nest handler whose limits count it. */
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
 * cache (catalogue.ts), through the same pipeline steps as every other answer
 * (common/http-pipeline.ts): the request id and access line, the security headers, the origin
 * check, and the count of the rate-limit guard Nest runs before the handler that would have
 * answered (the very guard instance: its per-replica count and the address's budget, throttle.guard.ts). Everything else, anything not
 * cached yet, and any request a limit refuses go to Express and Nest unchanged; a public GraphQL
 * query's answer is kept on its way out. Cached hits skip only Express's routing and body parsing,
 * Nest's handler and Apollo, and helmet's per-request work (its headers are taken once).
 */
export function catalogueFastLane(app: NestExpressApplication, framework: Listener): Listener {
  const catalogue = app.get(Catalogue);
  const steps = new CachedAnswerSteps(app);

  function answerFromCache(req: IncomingMessage, res: ServerResponse, answer: Answer, handlers: readonly string[]) {
    if (!steps.answer(req, res, answer, handlers)) framework(req, res);
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
      && req.headers['content-type']?.startsWith('application/json') && steps.allowsOrigin(req)) {
      return peekBody(req, length, (body) => (body ? graphQL(req, res, body) : framework(req, res)));
    }
    framework(req, res);
  };
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
