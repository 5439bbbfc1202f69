import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import {
  createTestEnvironment, freePort, startFakeStripe, startServiceUnderTest,
  type FakeStripe, type ServiceUnderTest, type StripeEvent, type TestEnvironment,
} from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

/**
 * Upgrading through Stripe, end to end behind the built gateway: the real auth and billing services,
 * billing's real `stripe` SDK talking to a local server that speaks Stripe's wire format, and
 * webhooks signed as Stripe signs them, posted to the gateway's raw-body route.
 */
let env: TestEnvironment;
let stripe: FakeStripe;
let auth: ServiceUnderTest;
let billing: ServiceUnderTest;
let trends: ServiceUnderTest;
let gateway: GatewayProcess;
let base: string;
let sql: DataSource;
let storageDir: string;

beforeAll(async () => {
  env = await createTestEnvironment('gw-billing-checkout');
  stripe = await startFakeStripe();
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-billing-'));
  const storageEnv = { STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  const serviceEnv = {
    ...process.env, ...env.env, ...storageEnv, REGISTRATIONS_PER_IP: '1000',
    STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url,
  };
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    // The member the gateway answers includes their favourite trends.
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
  ]);
  auth = await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl);
  billing = await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl);
  sql = billing.app.get(DataSource);
  trends = await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()), PREVIEW_WARMUP: 'false' })), env.natsUrl);
  gateway = await startGatewayProcess({ ...env.env, ...storageEnv });
  base = gateway.url;
  stripe.webhookUrl = `${base}/api/billing/webhook`;
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await trends?.close();
  await billing?.close();
  await auth?.close();
  await stripe?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

let clients = 0;

/** A new member, calling from an address of their own (checkout and portal are limited per client). */
async function signUp() {
  clients += 1;
  const address = `198.51.100.${clients}`;
  const name = `p${randomUUID().slice(0, 12).replace(/-/g, '')}`;
  const answer = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  expect(answer.status).toBe(201);
  return { id: answer.body.id as string, email: `${name}@example.com`, cookie: cookieOf(answer), headers: { 'x-forwarded-for': address } };
}

type Member = Awaited<ReturnType<typeof signUp>>;

const me = async (cookie: string) => (await call(base, 'GET', '/api/auth/me', { cookie })).body;

const ledgerOf = (userId: string, kind: string) =>
  sql.query('SELECT "delta", "balance_after", "reason" FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" = $2 ORDER BY "id"', [userId, kind]);

/** The plan changes a subscription made (delta-0 ledger rows), as 'role from → to'. */
const roleChangesOf = async (userId: string) => ((await ledgerOf(userId, 'subscription')) as Array<{ delta: number; reason: string }>)
  .filter((row) => row.delta === 0).map((row) => row.reason.split(':')[0]);

/** Starts a checkout through the gateway and answers the session the fake Stripe made for it. */
async function checkout({ cookie, headers }: Member, plan = 'pro', extra: Record<string, unknown> = {}) {
  const answer = await call(base, 'POST', '/api/billing/checkout', { cookie, headers, json: { plan, ...extra } });
  expect(answer.status).toBe(200);
  const session = stripe.sessions().find((s) => s.url === answer.body.url);
  expect(session).toBeDefined();
  return session!;
}

/** A member who went through checkout for `plan` (all webhooks accepted). */
async function subscribed(plan = 'pro') {
  const member = await signUp();
  const session = await checkout(member, plan);
  const deliveries = await stripe.completeCheckout(session.id);
  expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
  return { ...member, session: stripe.sessions().find((s) => s.id === session.id)!, deliveries };
}

describe('checkout', () => {
  it('tells members that payments are configured, and refuses visitors', async () => {
    const member = await signUp();
    const status = await call(base, 'GET', '/api/billing/status', { cookie: member.cookie });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ configured: true, canManage: false, subscription: null });
    expect((await call(base, 'GET', '/api/billing/status')).status).toBe(401);
    expect((await call(base, 'POST', '/api/billing/checkout', { json: { plan: 'pro' } })).status).toBe(401);
    expect((await call(base, 'POST', '/api/billing/portal')).status).toBe(401);
  });

  it('makes a Stripe Checkout Session at the plan\'s price, naming the member and returning to the plan page', async () => {
    const member = await signUp();
    const session = await checkout(member, 'basic');
    expect(session).toMatchObject({
      mode: 'subscription', client_reference_id: member.id, customer_email: member.email,
      metadata: { userId: member.id, plan: 'basic' }, subscriptionMetadata: { userId: member.id, plan: 'basic' },
      success_url: `${base}/settings/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/settings/subscription?checkout=cancelled`,
    });
    // The return pages start with the configured public origin (here the gateway's address), never
    // with a Host or Origin the request brings.
    const forged = await call(base, 'POST', '/api/billing/checkout', {
      cookie: member.cookie, json: { plan: 'basic' }, headers: { ...member.headers, host: 'attacker.example', origin: 'http://attacker.example' },
    });
    expect(forged.status).toBe(200);
    expect(stripe.sessions().find((s) => s.url === forged.body.url)?.cancel_url).toBe(`${base}/settings/subscription?checkout=cancelled`);
    const proSession = await checkout(member, 'pro');
    // Prices are made once per plan by lookup key, at the spec's amounts ($9.99 and $19.99 a month).
    const prices = await Promise.all([session, proSession].map(async (s) => {
      const answer = await fetch(`${stripe.url}/v1/prices?lookup_keys[0]=trendforge_${s.metadata.plan}_monthly`, { headers: { authorization: `Bearer ${stripe.secretKey}` } });
      return ((await answer.json()) as { data: Array<{ id: string; unit_amount: number; recurring: { interval: string } }> }).data;
    }));
    expect(prices.map((list) => list.map((p) => [p.id, p.unit_amount, p.recurring.interval]))).toEqual([
      [[session.price, 999, 'month']], [[proSession.price, 1999, 'month']],
    ]);
  });

  it('offers the same over GraphQL: the payment status, a checkout and the portal, members only', async () => {
    const member = await signUp();
    const gql = (query: string, cookie?: string) => call(base, 'POST', '/graphql', { cookie, headers: member.headers, json: { query } });
    const status = await gql('{ payments { configured canManage subscription { plan status } } }', member.cookie);
    expect(status.body.data.payments).toEqual({ configured: true, canManage: false, subscription: null });
    const started = await gql('mutation { startCheckout(plan: "basic") { url } }', member.cookie);
    const session = stripe.sessions().find((s) => s.url === started.body.data.startCheckout.url);
    expect(session).toMatchObject({ client_reference_id: member.id, metadata: { plan: 'basic' } });
    const portal = await gql('mutation { openBillingPortal { url } }', member.cookie);
    expect(portal.body.errors[0].message).toBe('There is no subscription to manage yet');
    const visitor = await gql('mutation { startCheckout(plan: "pro") { url } }');
    expect(visitor.body.errors[0].message).toBe('Authentication Required');
  });

  it('limits checkouts to 10 a minute per client', async () => {
    const member = await signUp();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await call(base, 'POST', '/api/billing/checkout', { cookie: member.cookie, headers: member.headers, json: { plan: 'pro' } })).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
  });

  it('refuses plans that cannot be bought', async () => {
    const member = await signUp();
    for (const plan of ['pro_unlimited', 'admin', 'free', '', 42]) {
      const answer = await call(base, 'POST', '/api/billing/checkout', { cookie: member.cookie, headers: member.headers, json: { plan } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Plan must be one of basic, pro');
    }
  });

  it('makes the checkout for the caller only, whatever the body names', async () => {
    const member = await signUp();
    const other = await signUp();
    const session = await checkout(member, 'pro', { userId: other.id, email: other.email });
    expect(session.client_reference_id).toBe(member.id);
    expect(session.customer_email).toBe(member.email);
    await stripe.completeCheckout(session.id);
    expect((await me(member.cookie)).role).toBe('pro');
    expect((await me(other.cookie)).role).toBe('free');
    expect(await ledgerOf(other.id, 'subscription')).toEqual([]);
  });
});

describe('webhooks', () => {
  it('upgrades the member once the checkout completes: role, allowance and the month\'s credits, each one ledger row', async () => {
    const member = await subscribed('pro');
    const user = await me(member.cookie);
    expect(user.role).toBe('pro');
    expect(user.credits).toBe(3 + 100);
    expect(await billing.bus.send('billing.account', { userId: member.id })).toMatchObject({ role: 'pro', monthlyAllowance: 100 });
    const ledger = await ledgerOf(member.id, 'subscription');
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toMatchObject({ delta: 0, balance_after: 3 });
    expect(ledger[0].reason).toContain('role free → pro');
    expect(ledger[1]).toMatchObject({ delta: 100, balance_after: 103 });
    expect(ledger[1].reason).toMatch(/^pro monthly credits: invoice in_/);
    const status = await call(base, 'GET', '/api/billing/status', { cookie: member.cookie });
    expect(status.body).toEqual({ configured: true, canManage: true, subscription: { plan: 'pro', status: 'active' } });
  });

  it('applies a replayed event once: the redelivery changes nothing', async () => {
    const member = await subscribed('pro');
    // An admin moves the member down; a replay of the checkout's events must not move them back up.
    const admin = await signUp();
    await billing.bus.send('billing.setPlan', { userId: admin.id, role: 'admin', actorId: randomUUID() });
    expect((await call(base, 'PUT', `/api/admin/members/${member.id}/plan`, { cookie: admin.cookie, json: { role: 'basic', reason: 'support case' } })).status).toBe(200);
    for (const delivery of member.deliveries) {
      const replay = await stripe.redeliver(delivery);
      expect(replay.status).toBe(200);
      expect(JSON.parse(replay.body)).toEqual({ received: true, applied: false });
    }
    const after = await me(member.cookie);
    expect(after.role).toBe('basic');
    expect(after.credits).toBe(103);
    expect(await ledgerOf(member.id, 'subscription')).toHaveLength(2);
    const [{ count }] = await sql.query('SELECT count(*)::int AS count FROM "billing"."payment_events" WHERE "event_id" = ANY($1)', [member.deliveries.map((d) => d.event.id)]);
    expect(count).toBe(3);
  });

  it('refuses forged, tampered and stale webhooks with 400 and no effect', async () => {
    const victim = await subscribed('pro');
    const member = await signUp();
    // A checkout.session.completed naming `member`, pointing at someone else's paid subscription.
    const forged: StripeEvent = {
      id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cs_test_forged', object: 'checkout.session', mode: 'subscription', client_reference_id: member.id, customer: victim.session.customer, subscription: victim.session.subscription } },
    };
    const wrongSecret = await stripe.send(forged, { secret: 'whsec_not_the_endpoint_secret' });
    const stale = await stripe.send(forged, { at: Math.floor(Date.now() / 1000) - 3600 });
    const tampered = await stripe.redeliver({ ...victim.deliveries[1], payload: victim.deliveries[1].payload.replace(victim.id, member.id) });
    for (const answer of [wrongSecret, stale, tampered]) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).message).toBe('Invalid webhook signature');
    }
    const unsigned = await call(base, 'POST', '/api/billing/webhook', { json: forged });
    expect(unsigned.status).toBe(400);
    expect((await me(member.cookie)).role).toBe('free');
    expect(await ledgerOf(member.id, 'subscription')).toEqual([]);
    const [{ count }] = await sql.query('SELECT count(*)::int AS count FROM "billing"."payment_events" WHERE "event_id" = $1', [forged.id]);
    expect(count).toBe(0);
  });

  it('follows a failed renewal: Free at once while past_due, the plan again when a retry pays', async () => {
    const member = await subscribed('basic');
    expect((await me(member.cookie)).role).toBe('basic');
    const failed = await stripe.failRenewal(member.session.subscription!);
    expect(failed.map((d) => [d.event.type, d.status])).toEqual([['invoice.payment_failed', 200], ['customer.subscription.updated', 200]]);
    expect((await me(member.cookie)).role).toBe('free');
    await stripe.payRenewal(member.session.subscription!);
    expect((await me(member.cookie)).role).toBe('basic');
    expect(await roleChangesOf(member.id)).toEqual(['role free → basic', 'role basic → free', 'role free → basic']);
    // The failed month brought nothing; the checkout's and the retried renewal's invoices 25 credits each.
    expect((await me(member.cookie)).credits).toBe(3 + 25 + 25);
  });

  it('downgrades to Free when the subscription is deleted, and a new checkout is possible again', async () => {
    const member = await subscribed('pro');
    const [deleted] = await stripe.cancelSubscription(member.session.subscription!);
    expect(deleted.event.type).toBe('customer.subscription.deleted');
    expect((await me(member.cookie)).role).toBe('free');
    expect(await roleChangesOf(member.id)).toEqual(['role free → pro', 'role pro → free']);
    // A canceled subscription leaves no portal-only path: the member can buy again, as the same customer.
    const again = await checkout(member, 'basic');
    expect(again.customer).toBe(member.session.customer);
  });

  it('sends a paying member to the customer portal, and refuses the portal to someone without a customer', async () => {
    const member = await subscribed('pro');
    const portal = await call(base, 'POST', '/api/billing/portal', { cookie: member.cookie, headers: member.headers });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    // Checkout while paying also opens the portal (plans are changed there, never bought twice).
    const checkoutAgain = await call(base, 'POST', '/api/billing/checkout', { cookie: member.cookie, headers: member.headers, json: { plan: 'basic' } });
    expect(checkoutAgain.body.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    const stranger = await signUp();
    const refused = await call(base, 'POST', '/api/billing/portal', { cookie: stranger.cookie, headers: stranger.headers });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('There is no subscription to manage yet');
  });

  it('never changes an admin\'s role, and admin plan changes stay one ledger row each', async () => {
    const admin = await signUp();
    await billing.bus.send('billing.setPlan', { userId: admin.id, role: 'admin', actorId: randomUUID() });
    const member = await signUp();
    const change = await call(base, 'PUT', `/api/admin/members/${member.id}/plan`, { cookie: admin.cookie, json: { role: 'pro', reason: 'launch gift' } });
    expect(change.status).toBe(200);
    expect(change.body.role).toBe('pro');
    const adminRows = await sql.query('SELECT "actor_id", "reason" FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" = \'admin\'', [member.id]);
    expect(adminRows).toEqual([{ actor_id: admin.id, reason: 'role free → pro: launch gift' }]);
    const session = await checkout(admin, 'basic');
    await stripe.completeCheckout(session.id);
    expect((await me(admin.cookie)).role).toBe('admin');
    expect(await roleChangesOf(admin.id)).toEqual([]);
  });
});
