import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ServiceSuite } from '@trendforge/testing';
import { ChargeRepository, PaymentsRepository } from '../src/repositories/index.js';
import { chargeOn, startBillingSuite } from './support.js';

/** Billing's repositories: the statements its "exactly once" rules rest on, and the one charge rule. */
let stack: ServiceSuite;
let sql: DataSource;

beforeAll(async () => {
  stack = await startBillingSuite();
  sql = stack.app.get(DataSource);
});

afterAll(async () => {
  await stack?.stop();
});

const chargeRowsOf = (userId: string) =>
  sql.query('SELECT "user_id" = $1 AS "mine", "credits", "usage_period", "refunded_at" FROM "billing"."charges" WHERE "user_id" = $1', [userId]);
const ledgerRowsOf = (userId: string) =>
  sql.query('SELECT "delta", "balance_after", "kind", "reason", "generation_id" IS NOT NULL AS "names_generation" FROM "billing"."ledger" WHERE "user_id" = $1 ORDER BY "id"', [userId]);

it('charges through the one rule whichever path: a first charge that opens the account writes what the one-statement charge writes', async () => {
  const [opened, unopened] = [randomUUID(), randomUUID()];
  await stack.bus.send('billing.account', { userId: opened });
  // The open account is charged by billing.charge_generation at once; the other one by the careful path after it opens it.
  const answers = await Promise.all([chargeOn(stack)(opened, 2), chargeOn(stack)(unopened, 2)]);
  expect(answers.map(({ userId: _, ...account }) => account)).toEqual([
    { role: 'free', credits: 1, monthlyUsage: 1, monthlyAllowance: 5 }, { role: 'free', credits: 1, monthlyUsage: 1, monthlyAllowance: 5 },
  ]);
  expect(await chargeRowsOf(unopened)).toEqual(await chargeRowsOf(opened));
  expect(await ledgerRowsOf(unopened)).toEqual(await ledgerRowsOf(opened));
  expect(await ledgerRowsOf(opened)).toEqual([
    { delta: 3, balance_after: 3, kind: 'starter', reason: 'Starter credits', names_generation: false },
    { delta: -2, balance_after: 1, kind: 'charge', reason: 'Premium generation', names_generation: true },
  ]);
});

it('marks a charge refunded for exactly one of simultaneous callers', async () => {
  const userId = randomUUID();
  const generationId = randomUUID();
  await chargeOn(stack)(userId, 1, generationId);
  const charges = stack.app.get(ChargeRepository);
  const marked = await Promise.all(Array.from({ length: 5 }, () => charges.markRefunded(generationId, 'test')));
  expect(marked.filter(Boolean)).toHaveLength(1);
  expect(marked.find(Boolean)).toMatchObject({ generationId, userId, credits: 1, refundReason: 'test', refundedAt: expect.any(Date) });
});

it('keeps what a subscription change does not know, and records a webhook event once', async () => {
  const userId = randomUUID();
  await stack.bus.send('billing.account', { userId });
  const payments = stack.app.get(PaymentsRepository);
  const customerId = `cus_${userId}`;
  await payments.saveSubscription({ userId, customerId, subscriptionId: `sub_${userId}`, plan: 'pro', status: 'active' });
  await payments.saveSubscription({ userId, customerId, subscriptionId: null, plan: null, status: 'past_due' });
  expect(await payments.subscriptionOf(userId)).toMatchObject({ customerId, subscriptionId: `sub_${userId}`, plan: 'pro', status: 'past_due' });
  expect(await payments.userOfCustomer(customerId)).toBe(userId);

  const eventId = `evt_${userId}`;
  expect(await Promise.all([payments.rememberEvent(eventId, 'invoice.paid'), payments.rememberEvent(eventId, 'invoice.paid')])).toEqual(
    expect.arrayContaining([true, false]),
  );
});
