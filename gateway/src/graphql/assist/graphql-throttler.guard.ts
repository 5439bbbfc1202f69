import { ExecutionContext, Injectable } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * The REST rate limit for GraphQL operations: the throttler reads the HTTP request and response
 * out of the GraphQL context (the global guard only counts REST calls).
 */
@Injectable()
export class GraphQLThrottlerGuard extends ThrottlerGuard {
  protected override getRequestResponse(context: ExecutionContext) {
    const { req, res } = GqlExecutionContext.create(context).getContext<{ req: Record<string, unknown>; res: Record<string, unknown> }>();
    return { req, res };
  }
}
