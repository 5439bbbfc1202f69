import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { normalizeIp, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import { isCatalogueRead } from '../catalogue/read-handlers.js';
import { clientAddress } from '../graphql/client-address.js';
import { GatewayThrottlerStorage, replicaThrottleKey } from './throttler-storage.js';

/**
 * Rate limits per client IP for REST calls and GraphQL operations alike (over HTTP and graphql-ws),
 * counted in Redis so all gateway instances share one limit (throttler-storage.ts), except the
 * public catalogue's reads, counted per replica (catalogue/read-handlers.ts). The one guard of every
 * path: Nest runs it before each handler, and the catalogue's fast lane counts its reads through it
 * (admitCachedRead: catalogue/fast-lane.ts). Two throttlers:
 * `default`, per route (routes and resolvers tighten it with @Throttle), and `address`, one budget
 * per client address over every route, HTTP requests and WebSocket subscribes together. Routes opt
 * out of both with @SkipThrottle(SkipAllThrottles).
 */
const OPERATION = 'throttle:operation';

/** The per-address budget's throttler name: its headers are X-RateLimit-*-address. */
export const AddressBudget = 'address';

/** For @SkipThrottle: neither the route's limit nor the address's budget counts the call. */
export const SkipAllThrottles = { default: true, [AddressBudget]: true };

/** The throttlers: per route, and the budget of each client address over all routes (numbers from the config). */
export function throttlers(perRoute: number, perAddress: number, ttl = 60_000): [ThrottlerOptions, ThrottlerOptions] {
  return [{ name: 'default', ttl, limit: perRoute }, { name: AddressBudget, ttl, limit: perAddress }];
}

/** The budget's key for a client (its normalised address): one count whatever the route or replica. */
export const addressBudgetKey = (tracker: string) => `${AddressBudget}:${tracker}`;

/**
 * Counts one request of `address` (the client's, as the guard reads `req.ip`) in its budget, for
 * requests no guard sees (a WebSocket's connection): answers whether it is within the budget.
 */
export function addressBudgetCounter(storage: ThrottlerStorage, options: ThrottlerModuleOptions): (address: string) => Promise<boolean> {
  const throttler = (Array.isArray(options) ? options : options.throttlers).find((candidate) => candidate.name === AddressBudget);
  if (!throttler) throw new Error(`no "${AddressBudget}" throttler (app.module.ts)`);
  const [ttl, limit] = [throttler.ttl as number, throttler.limit as number];
  return async (address) => !(await storage.increment(addressBudgetKey(normalizeIp(address)), ttl, limit, ttl, AddressBudget)).isBlocked;
}

/**
 * Names the operation a route or resolver performs, so its REST route and its GraphQL resolver
 * count against one limit per client (20 generations a minute, not 20 on each transport).
 */
export const ThrottledOperation = (operation: string) => SetMetadata(OPERATION, operation);

/** `Class-method`, as the throttler names a handler in its keys. */
const handlerName = (context: ExecutionContext) => `${context.getClass().name}-${context.getHandler().name}`;

/** The key a catalogue read is counted under for one throttler (the budget's is the address's over all routes). */
const generateKeyFor = (handler: string, tracker: string, name: string) =>
  (name === AddressBudget ? addressBudgetKey(tracker) : replicaThrottleKey(handler, tracker, name));

/** Limit headers as a flat name, value list. */
type LimitHeaders = Array<string | number>;

@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  /** The catalogue's reads are counted by countCatalogueRead, as the fast lane counts them; every other handler as the throttler counts it. */
  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    const handler = handlerName(request.context);
    if (!isCatalogueRead(handler)) return super.handleRequest(request);
    const { context, limit, ttl, throttler } = request;
    const { req, res } = this.getRequestResponse(context);
    const tracker = await request.getTracker(req, context);
    const headers: LimitHeaders = [];
    const within = this.countCatalogueRead(handler, tracker, throttler.name ?? 'default', limit, ttl, headers);
    for (let i = 0; i < headers.length; i += 2) this.setResponseHeader(res, headers[i] as string, headers[i + 1]);
    if (!within) {
      const key = generateKeyFor(handler, tracker, throttler.name ?? 'default');
      await this.throwThrottlingException(context, { limit, ttl, key, tracker, totalHits: limit + 1, timeToExpire: 0, isBlocked: true, timeToBlockExpire: 0 });
    }
    return true;
  }

  /**
   * The public catalogue's reads for the fast lane, which answers them before Express: every
   * throttler, for each handler the answer stands for, counted as Nest counts them
   * (countCatalogueRead), synchronously. Answers the limit headers, or undefined when a limit
   * refuses (Nest then answers, and counts, the refusal). The catalogue's handlers take the
   * throttlers' own limits (none has @Throttle or @SkipThrottle: catalogue/read-handlers.ts).
   */
  admitCachedRead(req: IncomingMessage, handlers: readonly string[]): LimitHeaders | undefined {
    const tracker = normalizeIp(clientAddress(req), this.ipv6SubnetPrefix);
    const headers: LimitHeaders = [];
    for (const handler of handlers) {
      for (const { name = 'default', limit, ttl } of this.throttlers) {
        if (!this.countCatalogueRead(handler, tracker, name, limit as number, ttl as number, headers)) return undefined;
      }
    }
    return headers;
  }

  /**
   * One throttler's count of a public catalogue read. The read costs nothing to answer (it comes
   * from memory), so nothing here waits for Redis: the route's limit is counted in the replica's
   * memory (replica-counts.ts), and the address's budget too until the address has made 1% of it
   * on the replica; from then on its reads go to Redis without waiting (countSoon: all of them
   * then, each one after), and it is refused once Redis has said the address is over (a visitor's
   * few reads never cost a trip to Redis). The budget's headers are left out: they would not be exact.
   */
  private countCatalogueRead(handler: string, tracker: string, name: string, limit: number, ttl: number, headers: LimitHeaders): boolean {
    const storage = this.storageService;
    if (!(storage instanceof GatewayThrottlerStorage)) throw new Error('catalogue reads count in GatewayThrottlerStorage (throttler-storage.ts)');
    if (ttl !== storage.replica.windowMs) throw new Error('catalogue reads are counted in windows of the first throttler (app.module.ts)');
    if (name === AddressBudget) {
      const key = addressBudgetKey(tracker);
      const blockedFor = storage.knownBlockFor(key, name);
      if (blockedFor !== undefined) {
        headers.push('Retry-After', blockedFor);
        return false;
      }
      const step = Math.max(1, Math.floor(limit / 100));
      const { totalHits } = storage.replica.hit(replicaThrottleKey(AddressBudget, tracker, name));
      if (totalHits >= step) storage.countSoon(key, ttl, limit, name, totalHits === step ? step : 1);
      return true;
    }
    const { totalHits, msLeft } = storage.replica.hit(replicaThrottleKey(handler, tracker, name));
    const seconds = Math.ceil(msLeft / 1000);
    const suffix = name === 'default' ? '' : `-${name}`;
    if (totalHits > limit) {
      headers.push(`Retry-After${suffix}`, seconds);
      return false;
    }
    headers.push(`X-RateLimit-Limit${suffix}`, limit, `X-RateLimit-Remaining${suffix}`, Math.max(0, limit - totalHits), `X-RateLimit-Reset${suffix}`, seconds);
    return true;
  }

  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    const handler = handlerName(context);
    if (name === AddressBudget || isCatalogueRead(handler)) return generateKeyFor(handler, suffix, name);
    const operation = this.reflector.getAllAndOverride<string | undefined>(OPERATION, [context.getHandler(), context.getClass()]);
    if (!operation) return super.generateKey(context, suffix, name);
    return createHash('sha256').update(`operation:${operation}-${name}-${suffix}`).digest('hex');
  }

  protected override getRequestResponse(context: ExecutionContext) {
    if (context.getType<string>() !== 'graphql') return super.getRequestResponse(context);
    // GraphQL over HTTP brings req/res; over graphql-ws `req` is the upgrade request (its `ip` set
    // in graphql/websocket.ts) and there is no response: the limit headers are left out.
    const { req, res } = GqlExecutionContext.create(context).getContext<{ req: Record<string, unknown>; res?: Record<string, unknown> }>();
    return { req, res: res ?? {} };
  }

  /** A refusal by the budget says when to come back in the standard header too (the throttler names it Retry-After-address). */
  protected override setResponseHeader(res: Record<string, unknown>, name: string, value: string | number) {
    super.setResponseHeader(res, name === `Retry-After-${AddressBudget}` ? 'Retry-After' : name, value);
  }
}
