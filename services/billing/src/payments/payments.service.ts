import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  ErrorCode, isUuid, PaidPlans, type PaidPlan, type PaymentRedirect, type PaymentsStatus, type Role,
} from '@trendforge/contracts';
import { fail } from '@trendforge/platform';
import { BillingService } from '../billing.service.js';
import { applyPlanChange } from '../plan-change.js';
import { BillingTransactions, PaymentsRepository, type BillingRepositories } from '../repositories/index.js';
import { InvalidWebhookSignature, PaymentProvider, type PaymentEvent, type SubscriptionState } from './payment-provider.js';

/** Texts people see when paying is refused. */
export const PaymentMessages = {
  notConfigured: 'Payments are not configured on this installation',
  invalidPlan: `Plan must be one of ${PaidPlans.join(', ')}`,
  invalidReturnUrl: 'Invalid return address',
  invalidEmail: 'Invalid email address',
  noCustomer: 'There is no subscription to manage yet',
  invalidSignature: 'Invalid webhook signature',
  providerDown: 'The payment provider did not answer. Please try again.',
} as const;

/**
 * A failed renewal: Stripe marks the subscription past_due (later unpaid or canceled) and retries the
 * card. We follow the subscription's state, so the member is back on Free at once while it is in any
 * state but these, and on their plan again as soon as a retry pays (the subscription becomes active).
 */
const PayingStatuses = new Set(['active', 'trialing']);

/** The role a subscription in this state gives. */
export const roleOfSubscription = (state: Pick<SubscriptionState, 'plan' | 'status'>): Role =>
  state.plan && PayingStatuses.has(state.status) ? state.plan : 'free';

/** Statuses in which the member still has a subscription to manage rather than a new one to buy. */
const OpenStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

/**
 * Upgrading through the payment provider. Webhooks are verified, then applied once per event id: the
 * event id is recorded in the same transaction as the plan change and its ledger row, so a replay
 * (or a second replica handling the same delivery) changes nothing.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly billing: BillingService,
    private readonly payments: PaymentsRepository,
    private readonly transactions: BillingTransactions,
    @Optional() @Inject(PaymentProvider) private readonly provider: PaymentProvider | null,
  ) {}

  async status(userId: string): Promise<PaymentsStatus> {
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, 'Invalid user id');
    const row = await this.payments.subscriptionOf(userId);
    return {
      configured: this.provider !== null,
      canManage: this.provider !== null && row !== null,
      subscription: row?.status ? { plan: row.plan, status: row.status } : null,
    };
  }

  async checkout({ userId, email, plan, returnUrl }: { userId: string; email: string; plan: string; returnUrl: string }): Promise<PaymentRedirect> {
    const provider = this.configured();
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, 'Invalid user id');
    if (!PaidPlans.includes(plan as PaidPlan)) fail(ErrorCode.BadRequest, PaymentMessages.invalidPlan);
    if (typeof email !== 'string' || !email.includes('@')) fail(ErrorCode.BadRequest, PaymentMessages.invalidEmail);
    const back = returnAddress(returnUrl);
    await this.billing.account(userId); // opened before anything is bought
    const row = await this.payments.subscriptionOf(userId);
    // Someone who already pays changes plan (or cancels) in the portal rather than buying twice.
    if (row?.status && OpenStatuses.has(row.status)) return { url: await this.ask(() => provider.portal(row.customerId, back)) };
    const url = await this.ask(() => provider.checkout({
      userId, email, plan: plan as PaidPlan, customerId: row?.customerId ?? null,
      successUrl: withQuery(back, 'checkout=success&session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: withQuery(back, 'checkout=cancelled'),
    }));
    return { url };
  }

  async portal({ userId, returnUrl }: { userId: string; returnUrl: string }): Promise<PaymentRedirect> {
    const provider = this.configured();
    if (!isUuid(userId)) fail(ErrorCode.BadRequest, 'Invalid user id');
    const back = returnAddress(returnUrl);
    const row = await this.payments.subscriptionOf(userId);
    if (!row) fail(ErrorCode.NotFound, PaymentMessages.noCustomer);
    return { url: await this.ask(() => provider.portal(row.customerId, back)) };
  }

  /** Verifies the webhook, reads the subscription's current state from the provider and applies it once. */
  async webhook({ payload, signature }: { payload: string; signature: string }): Promise<{ received: true; applied: boolean }> {
    const provider = this.configured();
    if (typeof payload !== 'string' || typeof signature !== 'string' || !signature) fail(ErrorCode.BadRequest, PaymentMessages.invalidSignature);
    let event: PaymentEvent;
    try {
      event = provider.readWebhook(payload, signature);
    } catch (error) {
      if (error instanceof InvalidWebhookSignature) {
        this.logger.warn({ reason: error.message }, 'webhook with an invalid signature refused');
        fail(ErrorCode.BadRequest, PaymentMessages.invalidSignature);
      }
      throw error;
    }
    if (event.kind === 'ignored') return { received: true, applied: await this.remember(event) };

    const { subscriptionId } = event;
    // Read outside the transaction: no row lock is held while the provider answers.
    const state = subscriptionId ? await this.ask(() => provider.subscription(subscriptionId)) : null;
    const userId = (event.kind === 'checkout-completed' ? event.userId : null) ?? state?.userId
      ?? (state ? await this.payments.userOfCustomer(state.customerId) : null);
    if (!userId || !isUuid(userId)) {
      this.logger.warn({ eventId: event.id, type: event.type, subscriptionId }, 'payment event for no member we know; recorded, nothing changed');
      return { received: true, applied: await this.remember(event) };
    }
    await this.billing.account(userId); // opened if it somehow was not
    const applied = await this.transactions.run(async (tx) => {
      if (!await tx.payments.rememberEvent(event.id, event.type)) return false;
      const customerId = state?.customerId ?? (event.kind === 'checkout-completed' ? event.customerId : null);
      if (!customerId) return true;
      await tx.payments.saveSubscription({
        userId, customerId, subscriptionId: state?.subscriptionId ?? null, plan: state?.plan ?? null, status: state?.status ?? null,
      });
      if (state) await this.followSubscription(tx, userId, state, event);
      if (state && event.kind === 'subscription-changed' && event.paidInvoiceId) await this.grantMonthlyCredits(tx, userId, state, event.paidInvoiceId);
      return true;
    });
    return { received: true, applied };
  }

  /** Sets the member's role to what the subscription gives (applyPlanChange, as admins' changes), when it differs. */
  private async followSubscription(tx: BillingRepositories, userId: string, state: SubscriptionState, event: PaymentEvent): Promise<void> {
    const account = (await tx.accounts.lock(userId))!;
    // An admin stays an admin whatever they buy or cancel.
    if (account.role === 'admin') return;
    const role = roleOfSubscription(state);
    if (role === account.role) return;
    // The credits come with the paid invoice (grantMonthlyCredits), once per invoice.
    await applyPlanChange(tx, {
      userId, role, grantKey: null, kind: 'subscription', reason: `subscription ${state.subscriptionId} ${state.status} (${event.type} ${event.id})`,
    });
    this.logger.log({ userId, from: account.role, to: role, subscriptionId: state.subscriptionId, status: state.status, eventId: event.id }, 'plan follows subscription');
  }

  /**
   * A paid month of a paying subscription brings its plan's credits, once per invoice (applyPlanChange;
   * followSubscription has set the role already). An admin's role, which brings none, stays.
   */
  private async grantMonthlyCredits(tx: BillingRepositories, userId: string, state: SubscriptionState, invoiceId: string): Promise<void> {
    if (!state.plan || roleOfSubscription(state) !== state.plan) return;
    const account = (await tx.accounts.find(userId))!;
    await applyPlanChange(tx, {
      userId, role: account.role, grantKey: `invoice:${invoiceId}`, kind: 'subscription', reason: `${state.plan} monthly credits: invoice ${invoiceId}`,
    });
  }

  /** Records an event that changes nothing, so a replay is told apart too. */
  private remember(event: PaymentEvent): Promise<boolean> {
    return this.payments.rememberEvent(event.id, event.type);
  }

  private configured(): PaymentProvider {
    if (!this.provider) fail(ErrorCode.Unavailable, PaymentMessages.notConfigured);
    return this.provider;
  }

  /** A provider call; its failures (network, 5xx) are the member's "try again", logged with the cause. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      this.logger.error({ err: error }, 'payment provider call failed');
      fail(ErrorCode.Unavailable, PaymentMessages.providerDown);
    }
  }
}

/** The page the provider sends the browser back to: an absolute http(s) address without a query. */
function returnAddress(value: unknown): string {
  try {
    const url = new URL(String(value));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    url.search = '';
    url.hash = '';
    return url.toString();
  } catch {
    fail(ErrorCode.BadRequest, PaymentMessages.invalidReturnUrl);
  }
}

const withQuery = (url: string, query: string) => `${url}?${query}`;
