import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import express from 'express';
import type { PaymentRedirect, PaymentsStatus } from '@trendforge/contracts';
import { Bus } from '@trendforge/platform';
import { isConfiguredOrigin } from '../../common/origin.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config.js';

/** Where the payment provider posts its webhooks; its body stays raw bytes for the signature (main.ts). */
export const WebhookPath = '/api/billing/webhook';

/** The raw-body parser for the webhook route: mounted before the JSON parser, which then leaves the body alone. */
export const rawWebhookBody = () => express.raw({ type: () => true, limit: '512kb' });

/** Checkout and portal: 10 a minute per client, REST and GraphQL together (each one calls the provider). */
export const PaymentsThrottle = { default: { limit: 10, ttl: 60_000 } };

/** The SPA's page the provider sends the browser back to: the plan page. */
const ReturnPath = '/settings/subscription';

/**
 * The origin the member is on when the deployment names it (PUBLIC_ORIGIN or PUBLIC_ORIGINS), else
 * PUBLIC_ORIGIN: never the request's Host, which any client can write.
 */
function returnUrlOf(req: Request, publicOrigin: string): string {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
  return new URL(ReturnPath, origin && isConfiguredOrigin(origin) ? origin : publicOrigin).toString();
}

/** Upgrading, for REST and GraphQL alike: billing owns the provider; the gateway adds who and where. */
@Injectable()
export class Payments {
  constructor(private readonly bus: Bus, @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  status(userId: string): Promise<PaymentsStatus> {
    return this.bus.send('billing.payments', { userId });
  }

  async checkout(userId: string, plan: unknown, req: Request): Promise<PaymentRedirect> {
    const { email } = await this.bus.send('auth.user', { userId });
    return this.bus.send('billing.checkout', { userId, email, plan: plan as string, returnUrl: returnUrlOf(req, this.config.PUBLIC_ORIGIN) });
  }

  portal(userId: string, req: Request): Promise<PaymentRedirect> {
    return this.bus.send('billing.portal', { userId, returnUrl: returnUrlOf(req, this.config.PUBLIC_ORIGIN) });
  }

  /** Relays the webhook as received; billing verifies the signature (it alone holds the secret). */
  webhook(body: unknown, signature: string | string[] | undefined) {
    const payload = Buffer.isBuffer(body) ? body.toString('utf8') : '';
    return this.bus.send('billing.webhook', { payload, signature: typeof signature === 'string' ? signature : '' });
  }
}
