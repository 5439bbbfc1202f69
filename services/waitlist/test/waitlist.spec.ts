import { DataSource } from 'typeorm';
import { ReferralCodePattern, type WaitlistJoined } from '@trendforge/contracts';
import { failureOf, startServiceSuite, type ServiceSuite } from '@trendforge/testing';
import type { WaitlistService } from '../src/waitlist.service.js';

describe('waitlist service over the bus', () => {
  let service: ServiceSuite;
  let db: DataSource;
  let seq = 0;
  const email = (label: string) => `${label}.${(seq += 1)}@example.com`;
  let addresses = 0;
  // Each join from an address of its own unless the test names one: the per-address limit stays out of the way.
  // A new entry's answer carries its code (only a repeated email's is null).
  const join = (input: { name?: string; email?: string; interest?: string; ref?: string; ip?: string }) =>
    service.bus.send('waitlist.join', { name: 'Ada Lovelace', email: email('ada'), ip: `192.0.2.${(addresses += 1) % 250}`, ...input } as never) as Promise<WaitlistJoined & { referralCode: string }>;
  const count = async () => (await service.bus.send('waitlist.count', {})).count;

  beforeAll(async () => {
    service = await startServiceSuite('waitlist', 'waitlist', async (env) => {
      const [{ WaitlistModule }, { loadWaitlistConfig }] = await Promise.all([import('../src/waitlist.module.js'), import('../src/config.js')]);
      return WaitlistModule.forRoot(loadWaitlistConfig({ ...env, WAITLIST_JOINS_PER_IP: '3' }));
    });
    db = service.app.get(DataSource);
  });

  afterAll(async () => {
    await service?.stop();
  });

  test('counts the entries', async () => {
    const before = await count();
    await db.query(`INSERT INTO waitlist.entries (name, email, referral_code) VALUES ('Ada', 'counted@example.com', 'ABC234')`);
    expect(await count()).toBe(before + 1);
  });

  test('a join gets a server-made referral code; the email is trimmed and lower-cased; interest defaults to pixar', async () => {
    const before = await count();
    const joined = await join({ name: '  Grace Hopper ', email: '  Grace.Hopper@Example.COM ' });
    expect(joined).toEqual({ success: true, referralCode: expect.stringMatching(ReferralCodePattern), referrals: 0, count: before + 1 });
    const [row] = await db.query(`SELECT name, email, interest, referral_code, referred_by, referral_count FROM waitlist.entries WHERE email = 'grace.hopper@example.com'`);
    expect(row).toEqual({ name: 'Grace Hopper', email: 'grace.hopper@example.com', interest: 'pixar', referral_code: joined.referralCode, referred_by: null, referral_count: 0 });
    expect((await join({ interest: 'ghibli' })).success).toBe(true);
  });

  test.each([
    [{ name: 'A' }, 'Name must be at least 2 characters.'],
    [{ name: '   ' }, 'Name must be at least 2 characters.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 'a@b' }, 'Please enter a valid email address.'],
    [{ interest: 'cats' }, 'Interest must be one of pixar, ghibli, barbie, collectible, simpsons, disney, other.'],
  ])('refuses %j: %s', async (input, message) => {
    expect(await failureOf(join(input))).toEqual({ code: 'BAD_REQUEST', message });
  });

  test('the same email twice is told it is listed (alreadyJoined) with no code or count of its owner, whatever its case and spaces, and adds nobody', async () => {
    const address = email('twice');
    const first = await join({ email: address });
    expect(first).toMatchObject({ referrals: 0 });
    expect(first.alreadyJoined).toBeUndefined();
    const friend = email('twice-friend');
    await join({ email: friend, ref: first.referralCode });
    const before = await count();
    const again = await join({ name: 'Someone Else', email: `  ${address.toUpperCase()} ` });
    expect(again).toEqual({ success: true, alreadyJoined: true, referralCode: null, referrals: 0, count: before });
    expect(JSON.stringify(again)).not.toContain(first.referralCode);
    expect(await count()).toBe(before);
    const [row] = await db.query(`SELECT name FROM waitlist.entries WHERE email = $1`, [address]);
    expect(row.name).toBe('Ada Lovelace');
  });

  test('a repeated join still counts against the per-IP limit', async () => {
    const address = email('repeat');
    await join({ email: address, ip: '203.0.113.77' });
    await join({ email: address, ip: '203.0.113.77' });
    await join({ email: address, ip: '203.0.113.77' });
    expect((await failureOf(join({ email: address, ip: '203.0.113.77' }))).code).toBe('RATE_LIMITED');
  });

  test('waitlist.referrer names the email of the entry owning a code, and nothing for unknown or malformed codes', async () => {
    const address = email('owner');
    const { referralCode } = await join({ email: address });
    expect(await service.bus.send('waitlist.referrer', { code: referralCode.toLowerCase() })).toEqual({ email: address });
    expect(await service.bus.send('waitlist.referrer', { code: 'QQQQQQ' })).toBeNull();
    expect(await service.bus.send('waitlist.referrer', { code: 'ABC10O' })).toBeNull();
  });

  test('one hundred concurrent joins give one hundred entries, one hundred distinct codes and a count one hundred higher', async () => {
    const before = await count();
    const emails = Array.from({ length: 100 }, (_, i) => `crowd.${i}.${Date.now()}@example.com`);
    const results = await Promise.all(emails.map((address) => join({ name: 'Crowd Member', email: address })));
    const codes = new Set(results.map((r) => r.referralCode));
    expect(codes.size).toBe(100);
    for (const code of codes) expect(code).toMatch(ReferralCodePattern);
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM waitlist.entries WHERE email = ANY($1)`, [emails]);
    expect(n).toBe(100);
    expect(await count()).toBe(before + 100);
  });

  test('a code that is already taken is retried with a new one', async () => {
    const waitlist = service.app.get<WaitlistService>((await import('../src/waitlist.service.js')).WaitlistService);
    const taken = (await join({})).referralCode;
    const fresh = taken === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const queue = [taken, taken, fresh];
    const original = waitlist.codes;
    waitlist.codes = () => queue.shift() ?? original();
    try {
      expect((await join({})).referralCode).toBe(fresh);
      expect(queue).toEqual([]);
    } finally {
      waitlist.codes = original;
    }
  });

  describe('referrals', () => {
    test('records who referred whom and counts each code’s referrals', async () => {
      const referrer = await join({ email: email('referrer') });
      const friend = email('friend');
      await join({ email: friend });
      // The answer tells the sender nothing of the referrer's: not how many joined through the code.
      expect(await service.bus.send('waitlist.referral', { email: friend, referralCode: referrer.referralCode.toLowerCase() }))
        .toEqual({ success: true, referralCode: referrer.referralCode });
      // Repeating the same referral changes nothing.
      expect(await service.bus.send('waitlist.referral', { email: friend, referralCode: referrer.referralCode }))
        .toEqual({ success: true, referralCode: referrer.referralCode });
      // A join that carries ?ref= records it in the same call.
      const second = email('second-friend');
      await join({ email: second, ref: referrer.referralCode });

      const rows: Array<{ email: string; referred_by: string | null; referral_count: number }> = await db.query(
        `SELECT email, referred_by, referral_count FROM waitlist.entries WHERE email = ANY($1) ORDER BY created_at`,
        [[friend, second]],
      );
      expect(rows.map((r) => r.referred_by)).toEqual([referrer.referralCode, referrer.referralCode]);
      const [{ referral_count }] = await db.query(`SELECT referral_count FROM waitlist.entries WHERE referral_code = $1`, [referrer.referralCode]);
      expect(referral_count).toBe(2);
    });

    test('refuses self-referral, a second referrer, unknown codes and emails, and stale entries', async () => {
      const a = await join({ email: email('a') });
      const b = await join({ email: email('b') });
      const cEmail = email('c');
      const c = await join({ email: cEmail, ref: a.referralCode });
      const [{ email: aEmail }] = await db.query(`SELECT email FROM waitlist.entries WHERE referral_code = $1`, [a.referralCode]);

      expect(await failureOf(service.bus.send('waitlist.referral', { email: aEmail, referralCode: a.referralCode })))
        .toEqual({ code: 'BAD_REQUEST', message: 'You cannot refer yourself.' });
      expect(await failureOf(service.bus.send('waitlist.referral', { email: cEmail, referralCode: b.referralCode })))
        .toEqual({ code: 'CONFLICT', message: 'This entry already has a referrer.' });
      expect(await failureOf(service.bus.send('waitlist.referral', { email: aEmail, referralCode: 'QQQQQQ' })))
        .toEqual({ code: 'NOT_FOUND', message: 'This referral code does not exist.' });
      expect(await failureOf(service.bus.send('waitlist.referral', { email: 'nobody@example.com', referralCode: c.referralCode })))
        .toEqual({ code: 'NOT_FOUND', message: 'This email is not on our waitlist.' });
      expect((await failureOf(service.bus.send('waitlist.referral', { email: aEmail, referralCode: 'ABC10O' }))).code).toBe('BAD_REQUEST');

      await db.query(`UPDATE waitlist.entries SET created_at = now() - interval '2 days' WHERE referral_code = $1`, [b.referralCode]);
      const [{ email: bEmail }] = await db.query(`SELECT email FROM waitlist.entries WHERE referral_code = $1`, [b.referralCode]);
      expect(await failureOf(service.bus.send('waitlist.referral', { email: bEmail, referralCode: c.referralCode })))
        .toEqual({ code: 'BAD_REQUEST', message: 'Referrals can only be recorded right after joining.' });
      const [{ referral_count }] = await db.query(`SELECT referral_count FROM waitlist.entries WHERE referral_code = $1`, [c.referralCode]);
      expect(referral_count).toBe(0);
    });

    test('a bad code riding along with a join does not undo the join', async () => {
      const joined = await join({ ref: 'QQQQQQ' });
      expect(joined.referralCode).toMatch(ReferralCodePattern);
    });
  });

  test('joins are limited per client IP', async () => {
    for (let i = 0; i < 3; i += 1) await join({ ip: '203.0.113.7' });
    const failure = await failureOf(join({ ip: '203.0.113.7' }));
    expect(failure.code).toBe('RATE_LIMITED');
    expect(failure.message).toMatch(/^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/);
    expect((await join({ ip: '203.0.113.8' })).success).toBe(true);
  });

  test('joins without a client address share one limit instead of skipping it', async () => {
    const withoutAddress = () => join({ ip: undefined });
    for (let i = 0; i < 3; i += 1) await withoutAddress();
    expect((await failureOf(withoutAddress())).code).toBe('RATE_LIMITED');
  });

  test('answers its health check', async () => {
    expect(await service.bus.send('waitlist.health', {})).toEqual({ service: 'waitlist', status: 'up', details: { postgres: 'up', redis: 'up', nats: 'up' } });
  });
});
