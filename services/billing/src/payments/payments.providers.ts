import type { Provider } from '@nestjs/common';
import type { BillingConfig } from '../config.js';
import { PaymentProvider } from './payment-provider.js';
import { PaymentsHandlers } from './payments.handlers.js';
import { PaymentsService } from './payments.service.js';
import { StripeProvider } from './stripe-provider.js';

/** Stripe when STRIPE_SECRET_KEY is set; otherwise no provider, and every payment call says so. */
export const paymentProvider = (config: BillingConfig): Provider => ({
  provide: PaymentProvider,
  useValue: config.STRIPE_SECRET_KEY
    ? new StripeProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET!, apiBase: config.STRIPE_API_BASE })
    : null,
});

export const paymentsControllers = [PaymentsHandlers];
export const paymentsProviders = (config: BillingConfig): Provider[] => [paymentProvider(config), PaymentsService];
