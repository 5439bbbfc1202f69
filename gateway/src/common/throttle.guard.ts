import { createHash } from 'node:crypto';
import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { normalizeIp, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { isCatalogueRead } from '../catalogue/read-handlers.js';
import { replicaThrottleKey } from './throttler-storage.js';

/**
 * Rate limits per client IP for REST calls and GraphQL operations alike (over HTTP and graphql-ws),
 * counted in Redis so all gateway instances share one limit (throttler-storage.ts), except the
 * public catalogue's reads, counted per replica (catalogue/read-handlers.ts). Two throttlers:
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

@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
    if (name === AddressBudget) return addressBudgetKey(suffix);
    const handler = `${context.getClass().name}-${context.getHandler().name}`;
    if (isCatalogueRead(handler)) return replicaThrottleKey(handler, suffix, name);
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
