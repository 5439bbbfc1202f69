import { Body, Controller, Get, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import type { Request } from 'express';
import { ApiOkResponse, ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { PaymentRedirect, PaymentsStatus } from '@trendforge/contracts';
import { CurrentCaller, MemberGuard, type Caller } from '../../common/session.js';
import { ThrottledOperation } from '../../common/throttle.guard.js';
import { Payments, PaymentsThrottle } from './payments.js';
import { PaymentRedirectView, PaymentsStatusView } from '../views.js';

export class CheckoutBody {
  /** basic or pro; billing checks it. */
  @ApiProperty({ enum: ['basic', 'pro'] }) @Allow() plan: unknown;
}

/**
 * Upgrading (DESIGN.md section 2): the member's payment status, a checkout for a plan, the customer
 * portal, and the provider's webhook (public, verified by its signature in billing).
 */
@Controller('api/billing')
export class BillingController {
  constructor(private readonly payments: Payments) {}

  @ApiOkResponse({ type: PaymentsStatusView })
  @Get('status')
  @UseGuards(MemberGuard)
  status(@CurrentCaller() caller: Caller): Promise<PaymentsStatus> {
    return this.payments.status(caller.userId);
  }

  @ApiOkResponse({ type: PaymentRedirectView })
  @Post('checkout')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @Throttle(PaymentsThrottle)
  @ThrottledOperation('billing.checkout')
  checkout(@CurrentCaller() caller: Caller, @Body() body: CheckoutBody, @Req() req: Request): Promise<PaymentRedirect> {
    return this.payments.checkout(caller.userId, body.plan, req);
  }

  @ApiOkResponse({ type: PaymentRedirectView })
  @Post('portal')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @Throttle(PaymentsThrottle)
  @ThrottledOperation('billing.portal')
  portal(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<PaymentRedirect> {
    return this.payments.portal(caller.userId, req);
  }

  @Post('webhook')
  @HttpCode(200)
  webhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    return this.payments.webhook(req.body, signature);
  }
}
