import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { Events, ReferralCodePattern } from '@trendforge/contracts';
import { createTestEnvironment, freePort, startServiceUnderTest, untilEventsHandled, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { stopTestStack } from './support/services.js';

/**
 * Referral credits end to end behind the gateway: two auth and two billing replicas, the waitlist, trends and
 * the built gateway. A new account registered through a member's link (or a waitlist entry's, whose
 * email belongs to a member, or whose email joined the waitlist through a waitlister's link) gives the
 * referrer 3 credits, once, as one ledger row — when its first generation completes (the images
 * service's generation.completed event, published here as it does). Each visitor comes from an
 * address of their own: accounts sharing an address pay each other nothing.
 */
let env: TestEnvironment;
const services: ServiceUnderTest[] = [];
let billingSql: DataSource;
let storageDir: string;
let gateway: GatewayProcess;
let base: string;
let seq = 0;
const address = () => `198.51.100.${(seq % 250) + 1}`;

beforeAll(async () => {
  env = await createTestEnvironment('gw-referrals');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-referrals-'));
  const serviceEnv = async () => ({ ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', WAITLIST_JOINS_PER_IP: '1000', HEALTH_PORT: String(await freePort()) });
  // One after another: the module graph loads once.
  const { AuthModule } = await import('../../services/auth/src/auth.module.js');
  const { loadAuthConfig } = await import('../../services/auth/src/config.js');
  const { BillingModule } = await import('../../services/billing/src/billing.module.js');
  const { loadBillingConfig } = await import('../../services/billing/src/config.js');
  const { WaitlistModule } = await import('../../services/waitlist/src/waitlist.module.js');
  const { loadWaitlistConfig } = await import('../../services/waitlist/src/config.js');
  const { TrendsModule } = await import('../../services/trends/src/trends.module.js');
  const { loadTrendsConfig } = await import('../../services/trends/src/config.js');
  for (let replica = 0; replica < 2; replica += 1) {
    services.push(await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig(await serviceEnv())), env.natsUrl));
    services.push(await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(await serviceEnv())), env.natsUrl));
  }
  services.push(await startServiceUnderTest(WaitlistModule.forRoot(loadWaitlistConfig(await serviceEnv())), env.natsUrl));
  // Trends answers the members' favourites, part of every User the gateway composes.
  const trendsEnv = { ...await serviceEnv(), STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, PREVIEW_WARMUP: 'false' };
  services.push(await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig(trendsEnv)), env.natsUrl));
  billingSql = services[1].app.get(DataSource);
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  base = gateway.url;
}, 180_000);

afterAll(() => stopTestStack({ gateway, services, env, storageDir }), 60_000);

async function register(ref?: string, overrides: Record<string, string> = {}) {
  seq += 1;
  const form = { username: `friend_${seq}`, email: `friend${seq}@example.com`, password: 'secret-pass', ...(ref === undefined ? {} : { ref }), ...overrides };
  const answer = await call(base, 'POST', '/api/auth/register', { json: form, headers: { 'x-forwarded-for': address() } });
  expect(answer.status).toBe(201);
  return { user: answer.body as { id: string; credits: number }, cookie: cookieOf(answer), email: form.email };
}

/** The member's first generation completes, as the images service announces it; answers once auth has handled it. */
async function firstGeneration(userId: string) {
  await services[0].bus.publish(Events.generationCompleted, { generationId: randomUUID(), userId, trendSlug: 'pixar' }, `generation.completed:${randomUUID()}`);
  await untilEventsHandled(services[0].nats, 'auth', Events.generationCompleted);
}

const mine = async (cookie: string) => (await call(base, 'GET', '/api/referrals/mine', { cookie })).body;
const creditsOf = async (cookie: string) => (await call(base, 'GET', '/api/auth/me', { cookie })).body.credits;
const grantsTo = async (userId: string): Promise<Array<{ referred_user_id: string; delta: number }>> =>
  billingSql.query(`SELECT "referred_user_id", "delta" FROM "billing"."ledger" WHERE "user_id" = $1 AND "kind" = 'referral' ORDER BY "id"`, [userId]);

/** Polls until `done` holds (the grant follows the registration through an event), answering the last reading. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return read();
}

describe('referral credits', () => {
  it("grants the referrer 3 credits once when a friend registers through the member's link", async () => {
    const referrer = await register();
    const link = await mine(referrer.cookie);
    expect(link).toEqual({ referralCode: expect.stringMatching(ReferralCodePattern), friendsJoined: 0, creditsEarned: 0 });
    expect(referrer.user).not.toHaveProperty('referralCode');

    const friend = await register(` ${link.referralCode.toLowerCase()} `);
    expect(friend.user.credits).toBe(3);
    // Registering pays nothing yet: a throwaway sign-up is not a friend who creates.
    expect(await mine(referrer.cookie)).toEqual(link);
    await firstGeneration(friend.user.id);
    expect(await eventually(() => mine(referrer.cookie), (m) => m.friendsJoined === 1)).toEqual({ ...link, friendsJoined: 1, creditsEarned: 3 });
    expect(await creditsOf(referrer.cookie)).toBe(6);
    expect(await grantsTo(referrer.user.id)).toEqual([{ referred_user_id: friend.user.id, delta: 3 }]);

    // The same sign-up sent again (a double click, a retry) is refused and grants nothing more.
    const twice = await call(base, 'POST', '/api/auth/register', { json: { username: `again_${seq}`, email: friend.email, password: 'secret-pass', ref: link.referralCode } });
    expect(twice.status).toBe(409);
    // The event replayed under other ids, to both billing replicas' shared consumer, and handled again by each replica directly.
    const event = { userId: friend.user.id, referrerId: referrer.user.id, code: link.referralCode };
    await services[0].bus.publish(Events.userReferred, event, `user.referred:${friend.user.id}`);
    await services[0].bus.publish(Events.userReferred, event, `replayed:${friend.user.id}`);
    const { ReferralService } = await import('../../services/billing/src/referral.service.js');
    expect(await Promise.all([services[1], services[3]].map((billing) => billing.app.get(ReferralService).grant(event)))).toEqual([false, false]);
    expect(await grantsTo(referrer.user.id)).toHaveLength(1);
    expect(await creditsOf(referrer.cookie)).toBe(6);
    expect((await mine(referrer.cookie)).friendsJoined).toBe(1);
  });

  it('credits the member whose waitlist code the link carried, never the newcomer for their own entry', async () => {
    const member = await register();
    const entry = (await call(base, 'POST', '/api/waitlist', { json: { name: 'Member', email: member.email } })).body;
    expect(entry.referralCode).toMatch(ReferralCodePattern);
    const friend = await register(entry.referralCode);
    await firstGeneration(friend.user.id);
    expect(await eventually(() => grantsTo(member.user.id), (rows) => rows.length === 1)).toEqual([{ referred_user_id: friend.user.id, delta: 3 }]);

    // Someone on the waitlist signs up through their own waitlist link: nobody is credited.
    seq += 1;
    const ownEmail = `self${seq}@example.com`;
    const own = (await call(base, 'POST', '/api/waitlist', { json: { name: 'Self', email: ownEmail } })).body;
    const self = await register(own.referralCode, { email: ownEmail });
    // An unknown code registers the account and credits nobody either.
    const stranger = await register('QQQQQQ');
    for (const account of [self, stranger]) await firstGeneration(account.user.id);
    // A later referral through the member's code is granted, so the two above had their turn.
    const later = await register((await mine(member.cookie)).referralCode);
    await firstGeneration(later.user.id);
    await eventually(() => grantsTo(member.user.id), (rows) => rows.length === 2);
    expect(await grantsTo(self.user.id)).toEqual([]);
    expect(await grantsTo(stranger.user.id)).toEqual([]);
    const [{ total }] = await billingSql.query(`SELECT count(*)::int AS total FROM "billing"."ledger" WHERE "referred_user_id" = ANY($1)`, [[self.user.id, stranger.user.id]]);
    expect(total).toBe(0);
    expect((await grantsTo(member.user.id)).map((row) => row.referred_user_id)).toEqual([friend.user.id, later.user.id]);
  });

  it("counts a friend who joined the waitlist through a waitlister's link for that waitlister once registered (issue 29)", async () => {
    seq += 1;
    const waitlisterEmail = `waitlister${seq}@example.com`;
    const entry = (await call(base, 'POST', '/api/waitlist', { json: { name: 'Waitlister', email: waitlisterEmail }, headers: { 'x-forwarded-for': address() } })).body;
    seq += 1;
    const friendEmail = `waitfriend${seq}@example.com`;
    // What the waitlist page does for a visitor of /waitlist?ref=CODE: join, then record the referral.
    const joined = await call(base, 'POST', '/api/waitlist', { json: { name: 'Friend', email: friendEmail }, headers: { 'x-forwarded-for': address() } });
    expect(joined.status).toBe(201);
    expect((await call(base, 'POST', '/api/waitlist/referral', { json: { email: friendEmail, referralCode: entry.referralCode } })).status).toBe(200);
    // The waitlister registers later, and so does the friend (no ?ref= of their own).
    const waitlister = await register(undefined, { email: waitlisterEmail });
    const friend = await register(undefined, { email: friendEmail });
    await firstGeneration(friend.user.id);
    expect(await eventually(() => grantsTo(waitlister.user.id), (rows) => rows.length === 1)).toEqual([{ referred_user_id: friend.user.id, delta: 3 }]);
    expect(await creditsOf(waitlister.cookie)).toBe(6);
  });

  it('tells whether a ?ref= code is valid, and nothing more; the summary is for members only', async () => {
    const member = await register();
    const code = (await mine(member.cookie)).referralCode;
    const entry = (await call(base, 'POST', '/api/waitlist', { json: { name: 'Waiting', email: `waiting${seq}@example.com` } })).body;
    for (const [asked, valid] of [[code, true], [entry.referralCode.toLowerCase(), true], ['QQQQQQ', false], ['ABC10O', false]] as const) {
      expect(await call(base, 'GET', `/api/referrals/${asked}`)).toMatchObject({ status: 200, body: { success: true, valid } });
    }
    expect((await call(base, 'GET', '/api/referrals/mine')).status).toBe(401);
  });

  it('GraphQL: register with ref, myReferrals and referralCodeValid', async () => {
    const referrer = await register();
    const graphql = async (query: string, variables: Record<string, unknown>, cookie?: string) =>
      (await call(base, 'POST', '/graphql', { json: { query, variables }, cookie, headers: { 'x-forwarded-for': address() } })).body;
    const summary = (await graphql('{ myReferrals { referralCode friendsJoined creditsEarned } }', {}, referrer.cookie)).data.myReferrals;
    expect(summary).toEqual({ referralCode: expect.stringMatching(ReferralCodePattern), friendsJoined: 0, creditsEarned: 0 });
    seq += 1;
    const registered = await graphql('mutation($input: RegisterInput!) { register(input: $input) { id } }', {
      input: { username: `gql_${seq}`, email: `gql${seq}@example.com`, password: 'secret-pass', ref: summary.referralCode },
    });
    expect(registered.data.register.id).toEqual(expect.any(String));
    await firstGeneration(registered.data.register.id);
    await eventually(() => grantsTo(referrer.user.id), (rows) => rows.length === 1);
    expect((await graphql('{ myReferrals { friendsJoined creditsEarned } }', {}, referrer.cookie)).data.myReferrals).toEqual({ friendsJoined: 1, creditsEarned: 3 });
    expect((await graphql('query($code: String!) { referralCodeValid(code: $code) }', { code: summary.referralCode })).data.referralCodeValid).toBe(true);
    expect((await graphql('query($code: String!) { referralCodeValid(code: $code) }', { code: 'QQQQQQ' })).data.referralCodeValid).toBe(false);
    expect((await graphql('{ myReferrals { friendsJoined } }', {})).errors?.[0].message).toBe('Authentication Required');
  });
});

describe('referral code checks', () => {
  it('are limited per client across REST and GraphQL, so the code space cannot be walked', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await call(base, 'GET', '/api/referrals/QQQQQQ')).status);
    expect(statuses).toContain(429);
    const graphqlAnswer = (await call(base, 'POST', '/graphql', { json: { query: '{ referralCodeValid(code: "QQQQQQ") }' } })).body;
    expect(graphqlAnswer.errors?.[0].extensions.code).toBe('RATE_LIMITED');
  });
});
