import { ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limits per client IP for REST calls and GraphQL operations alike (over HTTP and graphql-ws),
 * counted in Redis so all gateway instances share one limit (throttler-storage.ts). Routes and
 * resolvers tighten it with @Throttle and opt out with @SkipThrottle.
 */
@Injectable()
export class AppThrottlerGuard extends ThrottlerGuard {
  protected override getRequestResponse(context: ExecutionContext) {
    if (context.getType<string>() !== 'graphql') return super.getRequestResponse(context);
    // GraphQL over HTTP brings req/res; over graphql-ws `req` is the upgrade request (its `ip` set
    // in graphql/websocket.ts) and there is no response: the limit headers are left out.
    const { req, res } = GqlExecutionContext.create(context).getContext<{ req: Record<string, unknown>; res?: Record<string, unknown> }>();
    return { req, res: res ?? {} };
  }
}
