import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limits for REST calls (per IP), counted in Redis so all gateway instances share one limit
 * (throttler-storage.ts); GraphQL operations are limited where their use cases are.
 */
@Injectable()
export class RestThrottlerGuard extends ThrottlerGuard {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'http') return true;
    return super.canActivate(context);
  }
}
