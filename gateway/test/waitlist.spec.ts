import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import { ReferralCodePattern } from '@trendforge/contracts';
import { startServiceSuite, type ServiceSuite } from '@trendforge/testing';
import { call as callGateway, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

const waitlistSources = '../../services/waitlist/src';

/**
 * The waitlist through the gateway: REST as the page calls it, and GraphQL; the real service
 * behind, and the gateway as it really runs (built, in a child process: support/gateway-process.ts).
 */
describe('waitlist through the gateway', () => {
  let service: ServiceSuite;
  let gateway: GatewayProcess | undefined;
  let storageDir: string;
  let base: string;
  let seq = 0;
  const email = (label: string) => `${label}.${(seq += 1)}.${Date.now()}@example.com`;

  beforeAll(async () => {
    service = await startServiceSuite('gw_waitlist', async (env) => {
      // The real waitlist service, loaded by path at run time (it lives outside this project's rootDir).
      const [{ WaitlistModule }, { loadWaitlistConfig }] = (await Promise.all([
        import(`${waitlistSources}/waitlist.module.js`),
        import(`${waitlistSources}/config.js`),
      ])) as [{ WaitlistModule: { forRoot(config: unknown): DynamicModule } }, { loadWaitlistConfig(env: NodeJS.ProcessEnv): unknown }];
      return WaitlistModule.forRoot(loadWaitlistConfig({ ...env, WAITLIST_JOINS_PER_IP: '1000' }));
    });
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-waitlist-'));
    gateway = await startGatewayProcess({ ...service.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
    base = gateway.url;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await service?.stop();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  async function call(method: string, urlPath: string, body?: unknown): Promise<{ status: number; body: any }> {
    const { status, body: answer } = await callGateway(base, method, urlPath, { json: body });
    return { status, body: answer };
  }

  async function graphql(query: string, variables: Record<string, unknown>) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    return (await call('POST', '/graphql', { query, variables })).body as { data?: any; errors?: Array<{ message: string; extensions: { code: string } }> };
  }

  test('POST /api/waitlist joins and GET /api/waitlist/count counts', async () => {
    const before = (await call('GET', '/api/waitlist/count')).body;
    expect(before).toEqual({ success: true, count: expect.any(Number) });
    const joined = await call('POST', '/api/waitlist', { name: 'Ada', email: ` ${email('Ada').toUpperCase()} `, interest: 'ghibli' });
    expect(joined).toEqual({ status: 201, body: { success: true, referralCode: expect.stringMatching(ReferralCodePattern), referrals: 0, count: before.count + 1 } });
    expect((await call('GET', '/api/waitlist/count')).body).toEqual({ success: true, count: before.count + 1 });
  });

  test('a failed answer carries an error field; an email already listed is told so, without its code', async () => {
    expect(await call('POST', '/api/waitlist', { name: 'A', email: email('short') }))
      .toEqual({ status: 400, body: { success: false, error: 'Name must be at least 2 characters.', statusCode: 400, message: 'Name must be at least 2 characters.' } });
    expect((await call('POST', '/api/waitlist', { name: 'Bob', email: 'bob-at-example' })).body.error).toBe('Please enter a valid email address.');
    expect((await call('POST', '/api/waitlist', { name: 'Bob', email: 42 })).body.error).toBe('Please enter a valid email address.');

    const address = email('twice');
    const first = await call('POST', '/api/waitlist', { name: 'Twice', email: address });
    expect(first.status).toBe(201);
    const again = await call('POST', '/api/waitlist', { name: 'Twice', email: address });
    expect(again).toEqual({ status: 201, body: { success: true, alreadyJoined: true, referralCode: null, referrals: 0, count: first.body.count } });
  });

  test("POST /api/waitlist/referral records the referral, and answers without the referrer's count", async () => {
    const referrer = (await call('POST', '/api/waitlist', { name: 'Referrer', email: email('referrer') })).body;
    const friend = email('friend');
    await call('POST', '/api/waitlist', { name: 'Friend', email: friend });
    expect(await call('POST', '/api/waitlist/referral', { email: friend, referralCode: referrer.referralCode }))
      .toEqual({ status: 200, body: { success: true, referralCode: referrer.referralCode } });
    expect((await call('POST', '/api/waitlist/referral', { email: friend, referralCode: 'QQQQQQ' })).status).toBe(409);
  });

  test('GraphQL: joinWaitlist with ref, recordWaitlistReferral, waitlistCount, and coded errors', async () => {
    const join = `mutation($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { success referralCode count } }`;
    const referrer = (await graphql(join, { input: { name: 'Grace', email: email('grace') } })).data.joinWaitlist;
    expect(referrer).toEqual({ success: true, referralCode: expect.stringMatching(ReferralCodePattern), count: expect.any(Number) });
    const friend = email('gfriend');
    const joined = (await graphql(join, { input: { name: 'Friend', email: friend, interest: 'barbie', ref: referrer.referralCode } })).data.joinWaitlist;
    expect(joined.count).toBe(referrer.count + 1);
    expect((await graphql(`{ waitlistCount }`, {})).data.waitlistCount).toBe(joined.count);

    const again = await graphql(`mutation($input: WaitlistReferralInput!) { recordWaitlistReferral(input: $input) { success referralCode } }`, {
      input: { email: friend, referralCode: referrer.referralCode },
    });
    expect(again.data.recordWaitlistReferral).toEqual({ success: true, referralCode: referrer.referralCode });
    // The referrer's count is no field of the answer.
    const count = await graphql(`mutation($input: WaitlistReferralInput!) { recordWaitlistReferral(input: $input) { referrals } }`, {
      input: { email: friend, referralCode: referrer.referralCode },
    });
    expect(count.errors?.[0]?.message).toMatch(/referrals/);

    const duplicate = await graphql(`mutation($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { referralCode referrals alreadyJoined } }`, { input: { name: 'Friend', email: friend } });
    expect(duplicate.data.joinWaitlist).toEqual({ referralCode: null, referrals: 0, alreadyJoined: true });
    const invalid = await graphql(join, { input: { name: 'Friend', email: email('x'), interest: 'cats' } });
    expect(invalid.errors?.[0].extensions.code).toBe('BAD_REQUEST');
  });
});
