import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Events, ReferralCredits, type UserReferredEvent } from '@trendforge/contracts';
import { createTestEnvironment, failureOf, freePort, startServiceUnderTest, untilEventsHandled, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import type { ReferralService } from '../src/referral.service.js';

/** Referral credits against two billing replicas sharing one database and one event consumer. */
let env: TestEnvironment;
const replicas: ServiceUnderTest[] = [];
let sql: DataSource;
let services: ReferralService[];

beforeAll(async () => {
  env = await createTestEnvironment('billing-referrals');
  // One after another: the module graph loads once.
  const { BillingModule } = await import('../src/billing.module.js');
  const { loadBillingConfig } = await import('../src/config.js');
  const { ReferralService } = await import('../src/referral.service.js');
  for (let i = 0; i < 2; i += 1) {
    const config = loadBillingConfig({ ...process.env, ...env.serviceEnv('billing'), HEALTH_PORT: String(await freePort()) });
    replicas.push(await startServiceUnderTest(BillingModule.forRoot(config), env.natsUrl));
  }
  sql = replicas[0].app.get(DataSource);
  services = replicas.map((replica) => replica.app.get(ReferralService));
}, 60_000);

afterAll(async () => {
  for (const replica of replicas) await replica.close();
  await env?.close();
});

const referralRows = (referrerId: string) =>
  sql.query(`SELECT "delta", "balance_after", "referred_user_id", "reason" FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" = 'referral'`, [referrerId]);
const creditsOf = async (userId: string) => (await replicas[0].bus.send('billing.account', { userId })).credits;
const ledgerSum = async (userId: string) =>
  (await sql.query(`SELECT coalesce(sum("delta"), 0)::int AS total FROM "billing"."ledger" WHERE "user_id" = $1`, [userId]))[0].total;

it('grants the referrer 3 credits once per new account, even when both replicas and retries race for it', async () => {
  const referrerId = randomUUID();
  const event: UserReferredEvent = { userId: randomUUID(), referrerId, code: 'ABCDEF' };
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => services[i % 2].grant(event)));
  expect(answers.filter(Boolean)).toHaveLength(1);
  // A referrer new to billing gets the starter grant first, then the referral.
  expect(await creditsOf(referrerId)).toBe(3 + ReferralCredits);
  expect(await referralRows(referrerId)).toEqual([
    { delta: ReferralCredits, balance_after: 3 + ReferralCredits, referred_user_id: event.userId, reason: 'A friend joined through referral code ABCDEF' },
  ]);
  expect(await ledgerSum(referrerId)).toBe(await creditsOf(referrerId));
});

it('grants from the user.referred event once, whatever the publisher retries or replays', async () => {
  const referrerId = randomUUID();
  await replicas[0].bus.send('billing.account', { userId: referrerId });
  const friends = [randomUUID(), randomUUID()];
  for (const userId of friends) {
    const event: UserReferredEvent = { userId, referrerId, code: 'ABCDEF' };
    await replicas[0].bus.publish(Events.userReferred, event, `user.referred:${userId}`);
    await replicas[1].bus.publish(Events.userReferred, event, `user.referred:${userId}`);
    await replicas[0].bus.publish(Events.userReferred, event, `replayed:${userId}`);
  }
  // Every retry and replay handled (the shared consumer drained) before counting the grants.
  await untilEventsHandled(replicas[0].nats, 'billing', Events.userReferred);
  const rows = await referralRows(referrerId);
  expect(rows.map((row: { referred_user_id: string }) => row.referred_user_id).sort()).toEqual([...friends].sort());
  // A late retry finds the grant made: the same account never counts twice.
  expect(await services[1].grant({ userId: friends[0], referrerId, code: 'ABCDEF' })).toBe(false);
  expect(await referralRows(referrerId)).toHaveLength(2);
  expect(await creditsOf(referrerId)).toBe(3 + 2 * ReferralCredits);
  expect(await replicas[1].bus.send('billing.referrals', { userId: referrerId })).toEqual({ friendsJoined: 2, creditsEarned: 2 * ReferralCredits });
});

it('never grants for oneself or for ids that are not accounts', async () => {
  const userId = randomUUID();
  expect(await services[0].grant({ userId, referrerId: userId, code: 'ABCDEF' })).toBe(false);
  expect(await services[0].grant({ userId: 'not-a-uuid', referrerId: userId, code: 'ABCDEF' })).toBe(false);
  expect(await services[0].grant({ userId, referrerId: 'not-a-uuid', code: 'ABCDEF' })).toBe(false);
  expect(await referralRows(userId)).toEqual([]);
  // The database refuses a self-grant too, whoever writes it.
  await replicas[0].bus.send('billing.account', { userId });
  await expect(sql.query(
    `INSERT INTO "billing"."ledger" ("user_id", "delta", "balance_after", "kind", "referred_user_id", "reason") VALUES ($1, 3, 6, 'referral', $1, 'self')`, [userId],
  )).rejects.toThrow(/ledger_referral_not_self/);
});

it('answers a member without referrals zero friends, and refuses malformed ids', async () => {
  expect(await replicas[0].bus.send('billing.referrals', { userId: randomUUID() })).toEqual({ friendsJoined: 0, creditsEarned: 0 });
  expect(await failureOf(replicas[0].bus.send('billing.referrals', { userId: 'nope' }))).toEqual({ code: 'BAD_REQUEST', message: 'Invalid user id' });
});
