import Stripe from 'stripe';
import { PaidPlans, PlanPriceCents, type PaidPlan } from '@trendforge/contracts';
import {
  InvalidWebhookSignature, PaymentProvider, type CheckoutRequest, type PaymentEvent, type SubscriptionState,
} from './payment-provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local server speaking Stripe's wire format in tests). */
  apiBase?: string;
}

/** Our prices are found (or made once) by lookup key, so no price ids need configuring. */
const lookupKeyOf = (plan: PaidPlan) => `trendforge_${plan}_monthly`;
const planOfLookupKey = (key: string | null | undefined) => PaidPlans.find((plan) => lookupKeyOf(plan) === key) ?? null;
const planLabel: Record<PaidPlan, string> = { basic: 'Basic', pro: 'Pro' };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : value?.id ?? null);

/** PaymentProvider over the official Stripe SDK: Checkout Sessions, the customer portal and signed webhooks. */
export class StripeProvider extends PaymentProvider {
  private readonly stripe: Stripe;
  private readonly priceIds = new Map<PaidPlan, Promise<string>>();

  constructor(private readonly settings: StripeSettings) {
    super();
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      telemetry: false,
      maxNetworkRetries: 2,
      ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
    });
  }

  async checkout({ userId, email, plan, customerId, successUrl, cancelUrl }: CheckoutRequest): Promise<string> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: await this.priceId(plan), quantity: 1 }],
      client_reference_id: userId,
      ...(customerId ? { customer: customerId } : { customer_email: email }),
      // The subscription names the member too: its events may come before the checkout's.
      metadata: { userId, plan },
      subscription_data: { metadata: { userId, plan } },
      success_url: successUrl,
      cancel_url: cancelUrl,
    });
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return session.url;
  }

  async portal(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  readWebhook(payload: string, signature: string): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidWebhookSignature(error.message);
      throw error;
    }
    const { id, type } = event;
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return { id, type, kind: 'ignored' };
        return {
          id, type, kind: 'checkout-completed',
          userId: session.client_reference_id ?? session.metadata?.userId ?? null,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return { id, type, kind: 'subscription-changed', subscriptionId: event.data.object.id };
      case 'invoice.payment_failed':
      case 'invoice.paid': {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return { id, type, kind: 'ignored' };
        return { id, type, kind: 'subscription-changed', subscriptionId, ...(event.type === 'invoice.paid' && { paidInvoiceId: invoice.id }) };
      }
      default:
        return { id, type, kind: 'ignored' };
    }
  }

  async subscription(subscriptionId: string): Promise<SubscriptionState> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionId);
    const price = subscription.items.data[0]?.price;
    const named = subscription.metadata?.plan;
    return {
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer)!,
      userId: subscription.metadata?.userId ?? null,
      // A plan changed in the portal changes the price, not our metadata: the price decides.
      plan: planOfLookupKey(price?.lookup_key) ?? (PaidPlans.includes(named as PaidPlan) ? (named as PaidPlan) : null),
      status: subscription.status,
    };
  }

  /** The plan's monthly price: found by its lookup key, created on first use (one promise per plan and process). */
  private priceId(plan: PaidPlan): Promise<string> {
    let id = this.priceIds.get(plan);
    if (!id) {
      id = this.findOrCreatePrice(plan);
      id.catch(() => this.priceIds.delete(plan));
      this.priceIds.set(plan, id);
    }
    return id;
  }

  private async findOrCreatePrice(plan: PaidPlan): Promise<string> {
    const lookupKey = lookupKeyOf(plan);
    const found = await this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const created = await this.stripe.prices.create({
      currency: 'usd',
      unit_amount: PlanPriceCents[plan],
      recurring: { interval: 'month' },
      lookup_key: lookupKey,
      product_data: { name: `TrendForge ${planLabel[plan]}` },
    });
    return created.id;
  }
}
