import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorCode, Events } from '@trendforge/contracts';
import { usagePeriod } from '../src/billing.service.js';
import { failureOf, getJson, untilEventsHandled, type ServiceSuite } from '@trendforge/testing';
import { chargeOn, startBillingSuite } from './support.js';

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

/** A month before the current one, 'YYYY-MM'. */
const lastMonth = () => {
  const now = new Date();
  return usagePeriod(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));
};

const ledgerOf = (userId: string) =>
  sql.query('SELECT "delta", "balance_after", "kind", "generation_id", "actor_id", "reason" FROM "billing"."ledger" WHERE "user_id" = $1 ORDER BY "id"', [userId]);

describe('health', () => {
  it('reports health over the bus and HTTP', async () => {
    expect(await stack.bus.send('billing.health', {})).toMatchObject({ service: 'billing', status: 'up' });
    const response = await getJson(`http://127.0.0.1:${stack.healthPort}/health`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } });
  });
});

describe('accounts', () => {
  it('opens a free account with 3 starter credits on first sight', async () => {
    const userId = randomUUID();
    expect(await stack.bus.send('billing.account', { userId })).toEqual({
      userId, role: 'free', credits: 3, monthlyUsage: 0, monthlyAllowance: 5,
    });
    expect(await ledgerOf(userId)).toEqual([
      { delta: 3, balance_after: 3, kind: 'starter', generation_id: null, actor_id: null, reason: 'Starter credits' },
    ]);
  });

  it('opens exactly one account and one starter grant under concurrent first calls', async () => {
    const userId = randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => stack.bus.send('billing.account', { userId })),
      ...Array.from({ length: 3 }, () => charge(userId, 0)),
    ]);
    expect(answers.slice(0, 10).every((a) => a.credits === 3)).toBe(true);
    const [{ accounts }] = await sql.query('SELECT count(*)::int AS accounts FROM "billing"."accounts" WHERE "user_id" = $1', [userId]);
    expect(accounts).toBe(1);
    expect((await ledgerOf(userId)).filter((row: { kind: string }) => row.kind === 'starter')).toHaveLength(1);
    expect((await stack.bus.send('billing.account', { userId })).monthlyUsage).toBe(3);
  });

  it('opens the account when user.registered arrives, and only once', async () => {
    const userId = randomUUID();
    // The same event twice (a publisher's retry) and once more under another id (a replay).
    await stack.bus.publish(Events.userRegistered, { userId }, `user.registered:${userId}`);
    await stack.bus.publish(Events.userRegistered, { userId }, `user.registered:${userId}`);
    await stack.bus.publish(Events.userRegistered, { userId }, `replayed:${userId}`);
    // All three handled (billing's consumer drained), so a second opening would be there by now.
    await untilEventsHandled(stack.nats, 'billing', Events.userRegistered);
    expect(await sql.query('SELECT * FROM "billing"."accounts" WHERE "user_id" = $1', [userId])).toHaveLength(1);
    expect(await ledgerOf(userId)).toHaveLength(1);
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, role: 'free' });
  });

  it('refuses malformed ids', async () => {
    expect(await failureOf(stack.bus.send('billing.account', { userId: 'nope' }))).toEqual({ code: ErrorCode.BadRequest, message: 'Invalid user id' });
    expect(await failureOf(charge(randomUUID(), 1, 'not-a-uuid'))).toEqual({ code: ErrorCode.BadRequest, message: 'Invalid generation id' });
    expect(await failureOf(charge(randomUUID(), -1))).toEqual({ code: ErrorCode.BadRequest, message: 'Invalid credit amount' });
    expect(await failureOf(charge(randomUUID(), 1.5))).toEqual({ code: ErrorCode.BadRequest, message: 'Invalid credit amount' });
  });
});

describe('charges', () => {
  it('spends credits on premium styles until there are not enough', async () => {
    const userId = randomUUID();
    const generationId = randomUUID();
    expect(await charge(userId, 1, generationId)).toEqual({ userId, role: 'free', credits: 2, monthlyUsage: 1, monthlyAllowance: 5 });
    expect(await failureOf(charge(userId, 3)))
      .toEqual({ code: ErrorCode.PaymentRequired, message: 'You need 3 credits for this premium style (you have 2)' });
    expect(await charge(userId, 2)).toMatchObject({ credits: 0, monthlyUsage: 2 });
    expect(await failureOf(charge(userId, 1)))
      .toEqual({ code: ErrorCode.PaymentRequired, message: 'You need 1 credit for this premium style (you have 0)' });
    // Free styles still go through with no credits left.
    expect(await charge(userId, 0)).toMatchObject({ credits: 0, monthlyUsage: 3 });

    const ledger = await ledgerOf(userId);
    expect(ledger.map((row: { kind: string; delta: number; balance_after: number }) => [row.kind, row.delta, row.balance_after]))
      .toEqual([['starter', 3, 3], ['charge', -1, 2], ['charge', -2, 0]]);
    expect(ledger[1].generation_id).toBe(generationId);
  });

  it('stops at the free monthly allowance of 5', async () => {
    const userId = randomUUID();
    for (let i = 1; i <= 5; i++) expect((await charge(userId, 0)).monthlyUsage).toBe(i);
    expect(await failureOf(charge(userId, 0)))
      .toEqual({ code: ErrorCode.PaymentRequired, message: 'Monthly generation limit reached (5 of 5 this month)' });
    expect(await failureOf(charge(userId, 1)))
      .toEqual({ code: ErrorCode.PaymentRequired, message: 'Monthly generation limit reached (5 of 5 this month)' });
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, monthlyUsage: 5 });
  });

  it('charges a generation once however often it is asked', async () => {
    const userId = randomUUID();
    const generationId = randomUUID();
    const first = await charge(userId, 1, generationId);
    expect(first).toMatchObject({ credits: 2, monthlyUsage: 1 });
    const again = await Promise.all([charge(userId, 1, generationId), charge(userId, 1, generationId), charge(userId, 1, generationId)]);
    expect(again).toEqual([first, first, first]);
    const [{ charges }] = await sql.query('SELECT count(*)::int AS charges FROM "billing"."charges" WHERE "generation_id" = $1', [generationId]);
    expect(charges).toBe(1);
    expect(await failureOf(charge(randomUUID(), 1, generationId)))
      .toEqual({ code: ErrorCode.Conflict, message: 'This generation was charged to another account' });
  });

  it('never spends the same credit twice under 20 simultaneous charges', async () => {
    const userId = randomUUID();
    // Pro's allowance with the 3 starter credits (a balance given keeps the plan's credits out).
    await stack.bus.send('billing.setPlan', { userId, role: 'pro', credits: 3, actorId: randomUUID() });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => charge(userId, 1)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    for (const r of lost) {
      expect(r.reason).toMatchObject({ code: ErrorCode.PaymentRequired, message: 'You need 1 credit for this premium style (you have 0)' });
    }
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 0, monthlyUsage: 3 });
    const [{ rows }] = await sql.query('SELECT count(*)::int AS rows FROM "billing"."charges" WHERE "user_id" = $1', [userId]);
    expect(rows).toBe(3);
  });

  it('starts a new month with the usage back at 0', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 5; i++) await charge(userId, 0);
    expect((await failureOf(charge(userId, 0))).code).toBe(ErrorCode.PaymentRequired);

    await sql.query('UPDATE "billing"."accounts" SET "usage_period" = $2 WHERE "user_id" = $1', [userId, lastMonth()]);
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ monthlyUsage: 0, credits: 3 });
    expect(await charge(userId, 1)).toMatchObject({ monthlyUsage: 1, credits: 2 });
    const [row] = await sql.query('SELECT "monthly_usage", "usage_period" FROM "billing"."accounts" WHERE "user_id" = $1', [userId]);
    expect(row).toEqual({ monthly_usage: 1, usage_period: usagePeriod() });
  });
});

describe('refunds', () => {
  it('gives a charge back exactly once', async () => {
    const userId = randomUUID();
    const generationId = randomUUID();
    await charge(userId, 2, generationId);
    const refunds = await Promise.all(Array.from({ length: 5 }, () => stack.bus.send('billing.refund', { generationId, reason: 'Render failed' })));
    expect(refunds.filter((r) => r.refunded)).toHaveLength(1);
    expect(await stack.bus.send('billing.refund', { generationId, reason: 'Render failed' })).toEqual({ refunded: false });
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, monthlyUsage: 0 });
    expect((await ledgerOf(userId)).map((row: { kind: string; delta: number; reason: string }) => [row.kind, row.delta, row.reason]))
      .toEqual([['starter', 3, 'Starter credits'], ['charge', -2, 'Premium generation'], ['refund', 2, 'Render failed']]);
    // The generation cannot be charged anew after its refund.
    expect(await charge(userId, 2, generationId)).toMatchObject({ credits: 3, monthlyUsage: 0 });
  });

  it('gives back a free generation\'s usage without a ledger row', async () => {
    const userId = randomUUID();
    const generationId = randomUUID();
    await charge(userId, 0, generationId);
    expect(await stack.bus.send('billing.refund', { generationId, reason: 'Render failed' })).toEqual({ refunded: true });
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, monthlyUsage: 0 });
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('leaves a new month\'s usage alone when refunding last month\'s charge', async () => {
    const userId = randomUUID();
    const old = randomUUID();
    await charge(userId, 1, old);
    await sql.query('UPDATE "billing"."charges" SET "usage_period" = $2 WHERE "generation_id" = $1', [old, lastMonth()]);
    await sql.query('UPDATE "billing"."accounts" SET "usage_period" = $2 WHERE "user_id" = $1', [userId, lastMonth()]);
    await charge(userId, 0);
    expect(await stack.bus.send('billing.refund', { generationId: old, reason: 'Render failed' })).toEqual({ refunded: true });
    expect(await stack.bus.send('billing.account', { userId })).toMatchObject({ credits: 3, monthlyUsage: 1 });
  });

  it('answers refunded false for unknown generations', async () => {
    expect(await stack.bus.send('billing.refund', { generationId: randomUUID(), reason: 'x' })).toEqual({ refunded: false });
    expect(await stack.bus.send('billing.refund', { generationId: 'not-a-uuid', reason: 'x' })).toEqual({ refunded: false });
  });
});

describe('admin plan changes', () => {
  it('changes the plan and sets credits, recording both with the actor', async () => {
    const userId = randomUUID();
    const actorId = randomUUID();
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'pro', credits: 100, actorId, reason: 'Support ticket 42' }))
      .toEqual({ userId, role: 'pro', credits: 100, monthlyUsage: 0, monthlyAllowance: 100 });
    expect(await stack.bus.send('billing.setPlan', { userId, credits: 40, actorId })).toMatchObject({ role: 'pro', credits: 40 });
    // Setting what is already there changes and records nothing.
    await stack.bus.send('billing.setPlan', { userId, role: 'pro', credits: 40, actorId });
    expect(await ledgerOf(userId)).toEqual([
      { delta: 3, balance_after: 3, kind: 'starter', generation_id: null, actor_id: null, reason: 'Starter credits' },
      { delta: 0, balance_after: 3, kind: 'admin', generation_id: null, actor_id: actorId, reason: 'role free → pro: Support ticket 42' },
      { delta: 97, balance_after: 100, kind: 'admin', generation_id: null, actor_id: actorId, reason: 'Support ticket 42' },
      { delta: -60, balance_after: 40, kind: 'admin', generation_id: null, actor_id: actorId, reason: 'credits set to 40' },
    ]);
  });

  it('grants the plan\'s monthly credits with a move up, once per plan and month, on the plan change\'s own ledger row', async () => {
    const userId = randomUUID();
    const actorId = randomUUID();
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'basic', actorId, reason: 'launch gift' }))
      .toEqual({ userId, role: 'basic', credits: 3 + 25, monthlyUsage: 0, monthlyAllowance: 20 });
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'pro', actorId })).toMatchObject({ role: 'pro', credits: 128, monthlyAllowance: 100 });
    // A move down brings nothing; back up to Pro in the same month brings nothing again.
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'basic', actorId })).toMatchObject({ role: 'basic', credits: 128 });
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'pro', actorId })).toMatchObject({ role: 'pro', credits: 128 });
    expect(await stack.bus.send('billing.setPlan', { userId, role: 'pro_unlimited', actorId })).toMatchObject({ role: 'pro_unlimited', credits: 128 });
    expect((await ledgerOf(userId)).map(({ delta, balance_after, reason }: { delta: number; balance_after: number; reason: string }) => ({ delta, balance_after, reason }))).toEqual([
      { delta: 3, balance_after: 3, reason: 'Starter credits' },
      { delta: 25, balance_after: 28, reason: 'role free → basic: launch gift' },
      { delta: 100, balance_after: 128, reason: 'role basic → pro' },
      { delta: 0, balance_after: 128, reason: 'role pro → basic' },
      { delta: 0, balance_after: 128, reason: 'role basic → pro' },
      { delta: 0, balance_after: 128, reason: 'role pro → pro_unlimited' },
    ]);
  });

  it('raises the monthly allowance with the plan', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 5; i++) await charge(userId, 0);
    expect((await failureOf(charge(userId, 0))).message).toBe('Monthly generation limit reached (5 of 5 this month)');
    await stack.bus.send('billing.setPlan', { userId, role: 'basic', actorId: randomUUID() });
    expect(await charge(userId, 0)).toMatchObject({ role: 'basic', monthlyUsage: 6, monthlyAllowance: 20 });
  });

  it('refuses malformed adjustments', async () => {
    const userId = randomUUID();
    const actorId = randomUUID();
    const bad = (message: string) => ({ code: ErrorCode.BadRequest, message });
    expect(await failureOf(stack.bus.send('billing.setPlan', { userId, actorId }))).toEqual(bad('Give a role or a credit balance to set'));
    expect(await failureOf(stack.bus.send('billing.setPlan', { userId, actorId, role: 'emperor' as never })))
      .toEqual(bad('Role must be one of free, basic, pro, pro_unlimited, admin'));
    expect(await failureOf(stack.bus.send('billing.setPlan', { userId, actorId, credits: -1 })))
      .toEqual(bad('Credits must be a whole number from 0 to 1000000'));
    expect(await failureOf(stack.bus.send('billing.setPlan', { userId, actorId: 'me', credits: 1 }))).toEqual(bad('Invalid actor id'));
  });
});

// Last: checks every account the suites above touched.
describe('ledger', () => {
  it('sums to each account\'s credits, and each account\'s last balance is its credits', async () => {
    const rows: Array<{ user_id: string; credits: number; sum: number; last: number }> = await sql.query(`
      SELECT a."user_id", a."credits", coalesce(sum(l."delta"), 0)::int AS "sum",
             (SELECT "balance_after" FROM "billing"."ledger" WHERE "user_id" = a."user_id" ORDER BY "id" DESC LIMIT 1) AS "last"
        FROM "billing"."accounts" a LEFT JOIN "billing"."ledger" l ON l."user_id" = a."user_id"
       GROUP BY a."user_id", a."credits"`);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect({ user: row.user_id, sum: row.sum, last: row.last }).toEqual({ user: row.user_id, sum: row.credits, last: row.credits });
    }
  });
});

describe('the first admin', () => {
  it('is appointed from the command line through setPlan, on the ledger with the operator as actor', async () => {
    const { grantAdmin, OperatorActorId } = await import('../src/grant-admin.js');
    const userId = randomUUID();
    const account = await grantAdmin(stack.db.serviceUrl('billing'), userId);
    expect(account).toMatchObject({ userId, role: 'admin', credits: 3 });
    expect(await ledgerOf(userId)).toEqual([
      expect.objectContaining({ kind: 'starter', delta: 3 }),
      expect.objectContaining({ kind: 'admin', delta: 0, actor_id: OperatorActorId, reason: 'role free → admin: granted from the command line' }),
    ]);
    expect(await failureOf(grantAdmin(stack.db.serviceUrl('billing'), 'nobody'))).toEqual({ code: ErrorCode.BadRequest, message: 'Invalid user id' });
  });
});
