import { createHash } from 'node:crypto';
import { ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard } from '@nestjs/throttler';
import { isCatalogueRead } from '../catalogue/read-handlers.js';
import { replicaThrottleKey } from './throttler-storage.js';

/**
 * Rate limits per client IP for REST calls and GraphQL operations alike (over HTTP and graphql-ws),
 * counted in Redis so all gateway instances share one limit (throttler-storage.ts), except the
 * public catalogue's reads, counted per replica (catalogue/read-handlers.ts). Routes and
 * resolvers tighten it with @Throttle and opt out with @SkipThrottle.
 */
const OPERATION = 'throttle:operation';

/**
 * Names the operation a route or resolver performs, so its REST route and its GraphQL resolver
 * count against one limit per client (20 generations a minute, not 20 on each transport).
 */
export const ThrottledOperation = (operation: string) => SetMetadata(OPERATION, operation);

@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  protected override generateKey(context: ExecutionContext, suffix: string, name: string): string {
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
}
