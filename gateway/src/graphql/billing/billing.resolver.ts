import { UseGuards } from '@nestjs/common';
import { Args, Context, Field, Mutation, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import type { PaidPlan, PaymentRedirect, PaymentsStatus } from '@trendforge/contracts';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Payments, PaymentsThrottle } from '../../rest/billing/payments.js';

@ObjectType('MemberSubscription')
class MemberSubscriptionType {
  @Field(() => String, { nullable: true }) plan: PaidPlan | null;
  @Field() status: string;
}

@ObjectType('PaymentsStatus')
class PaymentsStatusType implements PaymentsStatus {
  @Field({ description: 'False: payments are not configured on this installation' }) configured: boolean;
  @Field({ description: 'Whether the customer portal can open' }) canManage: boolean;
  @Field(() => MemberSubscriptionType, { nullable: true }) subscription: MemberSubscriptionType | null;
}

@ObjectType('PaymentRedirect')
class PaymentRedirectType implements PaymentRedirect {
  @Field({ description: 'Send the browser here' }) url: string;
}

/** The same as /api/billing/status, /checkout and /portal (the webhook is REST only). */
@Resolver()
@UseGuards(MemberGuard)
export class BillingResolver {
  constructor(private readonly billing: Payments) {}

  @Query(() => PaymentsStatusType, { description: 'Whether payments are configured, and the member\'s subscription.' })
  payments(@CurrentCaller() caller: Caller): Promise<PaymentsStatus> {
    return this.billing.status(caller.userId);
  }

  @Mutation(() => PaymentRedirectType, { description: 'A checkout page for a monthly plan (basic or pro).' })
  @Throttle(PaymentsThrottle)
  @ThrottledOperation('billing.checkout')
  startCheckout(@CurrentCaller() caller: Caller, @Args('plan') plan: string, @Context('req') req: Request): Promise<PaymentRedirect> {
    return this.billing.checkout(caller.userId, plan, req);
  }

  @Mutation(() => PaymentRedirectType, { description: 'The customer portal: cancel, change plan, payment method.' })
  @Throttle(PaymentsThrottle)
  @ThrottledOperation('billing.portal')
  openBillingPortal(@CurrentCaller() caller: Caller, @Context('req') req: Request): Promise<PaymentRedirect> {
    return this.billing.portal(caller.userId, req);
  }
}
