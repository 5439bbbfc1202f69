import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorCode } from '@trendforge/contracts';
import { failureOf, startServiceSuite, type ServiceSuite } from '@trendforge/testing';
import { PaymentMessages, roleOfSubscription } from '../src/payments/payments.service.js';

/**
 * Billing without STRIPE_SECRET_KEY: payments say they are not configured and nothing charges; the
 * rest of billing (admin plan changes) works as ever. The Stripe path itself is tested through the
 * gateway against a local Stripe-speaking server (gateway/test/billing-checkout.spec.ts).
 */
let stack: ServiceSuite;

beforeAll(async () => {
  stack = await startServiceSuite('billing-payments', 'billing', async (env) => {
    const [{ BillingModule }, { loadBillingConfig }] = await Promise.all([import('../src/billing.module.js'), import('../src/config.js')]);
    return BillingModule.forRoot(loadBillingConfig({ ...env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }));
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('without a payment provider', () => {
  it('says payments are not configured, and refuses checkout, portal and webhooks with that message', async () => {
    const userId = randomUUID();
    expect(await stack.bus.send('billing.payments', { userId })).toEqual({ configured: false, canManage: false, subscription: null });
    const refusals = await Promise.all([
      failureOf(stack.bus.send('billing.checkout', { userId, email: 'a@example.com', plan: 'pro', returnUrl: 'http://localhost/settings/subscription' })),
      failureOf(stack.bus.send('billing.portal', { userId, returnUrl: 'http://localhost/settings/subscription' })),
      failureOf(stack.bus.send('billing.webhook', { payload: '{}', signature: 't=1,v1=00' })),
    ]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: ErrorCode.Unavailable, message: PaymentMessages.notConfigured });
    expect((await stack.bus.send('billing.account', { userId })).role).toBe('free');
  });

  it('still lets an admin change a plan, on the ledger once', async () => {
    const userId = randomUUID();
    const actorId = randomUUID();
    expect((await stack.bus.send('billing.setPlan', { userId, role: 'pro', actorId })).role).toBe('pro');
    expect((await stack.bus.send('billing.setPlan', { userId, role: 'pro', actorId })).role).toBe('pro');
    const rows = await stack.app.get(DataSource).query('SELECT "kind", "actor_id" FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" <> \'starter\'', [userId]);
    expect(rows).toEqual([{ kind: 'admin', actor_id: actorId }]);
  });
});

describe('configuration', () => {
  it('refuses a Stripe key without the webhook signing secret, naming the variable', async () => {
    const { loadBillingConfig } = await import('../src/config.js');
    expect(() => loadBillingConfig({ ...process.env, ...stack.env, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: '' })).toThrow(/STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required/);
    expect(loadBillingConfig({ ...process.env, ...stack.env, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });
});

describe('the role a subscription gives', () => {
  it('is its plan while active or trialing, and Free in every other state (a failed renewal is past_due)', () => {
    expect(roleOfSubscription({ plan: 'pro', status: 'active' })).toBe('pro');
    expect(roleOfSubscription({ plan: 'basic', status: 'trialing' })).toBe('basic');
    for (const status of ['past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused']) {
      expect(roleOfSubscription({ plan: 'pro', status })).toBe('free');
    }
    expect(roleOfSubscription({ plan: null, status: 'active' })).toBe('free');
  });
});
