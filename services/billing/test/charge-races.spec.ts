import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorCode } from '@trendforge/contracts';
import { failureOf, type ServiceSuite } from '@trendforge/testing';
import { chargeOn, startBillingSuite } from './support.js';

/**
 * Charges race each other in the one-statement path and fall back to the careful transaction:
 * first charges of one generation sent at once, the allowance and the credits under a burst.
 */
let stack: ServiceSuite;
let sql: DataSource;

beforeAll(async () => {
  stack = await startBillingSuite();
  sql = stack.app.get(DataSource);
});

afterAll(async () => {
  await stack?.stop();
});

const charge = (userId: string, credits: number, generationId?: string) => chargeOn(stack)(userId, credits, generationId);
const chargeRows = async (where: string, value: string) =>
  (await sql.query(`SELECT count(*)::int AS n FROM "billing"."charges" WHERE ${where} = $1`, [value]))[0].n as number;
const ledgerSum = async (userId: string) =>
  (await sql.query('SELECT coalesce(sum("delta"), 0)::int AS n FROM "billing"."ledger" WHERE "user_id" = $1', [userId]))[0].n as number;

it('charges one generation once when its first charges arrive at the same moment', async () => {
  const userId = randomUUID();
  await stack.bus.send('billing.account', { userId });
  const generationId = randomUUID();
  const answers = await Promise.all(Array.from({ length: 10 }, () => charge(userId, 1, generationId)));
  expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  expect(answers[0]).toMatchObject({ credits: 2, monthlyUsage: 1 });
  expect(await chargeRows('"generation_id"', generationId)).toBe(1);
  expect(await ledgerSum(userId)).toBe(2);
});

it('lets one of two accounts charge a generation when both try at once', async () => {
  const [first, second] = [randomUUID(), randomUUID()];
  await Promise.all([stack.bus.send('billing.account', { userId: first }), stack.bus.send('billing.account', { userId: second })]);
  const generationId = randomUUID();
  const results = await Promise.allSettled([charge(first, 0, generationId), charge(second, 0, generationId)]);
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  const refused = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  expect(refused?.reason).toMatchObject({ code: ErrorCode.Conflict, message: 'This generation was charged to another account' });
  expect(await chargeRows('"generation_id"', generationId)).toBe(1);
});

it('takes exactly the monthly allowance from 12 simultaneous free generations', async () => {
  const userId = randomUUID();
  await stack.bus.send('billing.account', { userId });
  const results = await Promise.allSettled(Array.from({ length: 12 }, () => charge(userId, 0)));
  expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
  for (const result of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
    expect(result.reason).toMatchObject({ code: ErrorCode.PaymentRequired, message: 'Monthly generation limit reached (5 of 5 this month)' });
  }
  expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, monthlyUsage: 5 });
  expect(await chargeRows('"user_id"', userId)).toBe(5);
});

it('opens the account of a first charge and charges it once', async () => {
  const userId = randomUUID();
  expect(await charge(userId, 2)).toMatchObject({ credits: 1, monthlyUsage: 1 });
  expect(await failureOf(charge(userId, 2))).toEqual({ code: ErrorCode.PaymentRequired, message: 'You need 2 credits for this premium style (you have 1)' });
  expect(await ledgerSum(userId)).toBe(1);
});

it('charges an admin, whose allowance has no end', async () => {
  const userId = randomUUID();
  await stack.bus.send('billing.setPlan', { userId, role: 'admin', actorId: randomUUID() });
  expect(await charge(userId, 1)).toMatchObject({ role: 'admin', credits: 2, monthlyUsage: 1 });
});
