import type { PaidPlan } from '@trendforge/contracts';

/**
 * The payment provider port (DESIGN.md section 2, "Upgrades"): billing asks it for checkout and
 * customer-portal pages and hands it webhooks to verify; what a payment means for a member's plan is
 * decided in PaymentsService. StripeProvider implements it; without a key there is none.
 */
export abstract class PaymentProvider {
  /** A checkout page for a monthly subscription to `plan`; answers its URL. */
  abstract checkout(request: CheckoutRequest): Promise<string>;
  /** The customer portal (cancel, change plan, payment method) for `customerId`; answers its URL. */
  abstract portal(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature and reads it; throws InvalidWebhookSignature when it is not the provider's. */
  abstract readWebhook(payload: string, signature: string): PaymentEvent;
  /** The subscription as the provider knows it now (events may arrive late or out of order). */
  abstract subscription(subscriptionId: string): Promise<SubscriptionState>;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  plan: PaidPlan;
  /** The member's customer at the provider, when they had one before. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  /** The member named when the subscription was bought (null when it was made elsewhere). */
  userId: string | null;
  /** null when its price is none of ours. */
  plan: PaidPlan | null;
  /** The provider's status: active, trialing, past_due, unpaid, canceled, incomplete, ... */
  status: string;
}

/** A verified webhook, reduced to what billing acts on. */
export type PaymentEvent =
  | { id: string; type: string; kind: 'checkout-completed'; userId: string | null; customerId: string | null; subscriptionId: string | null }
  /**
   * Something happened to a subscription (created, updated, deleted, a renewal paid or failed): read
   * its state. `paidInvoiceId` when the event is a paid invoice (a month's credits are due).
   */
  | { id: string; type: string; kind: 'subscription-changed'; subscriptionId: string; paidInvoiceId?: string }
  | { id: string; type: string; kind: 'ignored' };

export class InvalidWebhookSignature extends Error {}
