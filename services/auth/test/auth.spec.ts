import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ErrorCode, Events, ReferralCodePattern } from '@trendforge/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { eventStreamName, eventSubject, REDIS } from '@trendforge/platform';
import { failureOf, getJson, startServiceSuite, untilEventsHandled, type ServiceSuite } from '@trendforge/testing';

const TooMany = /^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/;
const ThirtyDays = 30 * 24 * 3600;

let stack: ServiceSuite;
let sql: DataSource;
let redis: Redis;
let seq = 0;
let addresses = 0;
/** A client address of its own, so the per-address registration limit (calls without one share a bucket) stays out of the way. */
const freshAddress = () => `192.0.2.${(addresses += 1) % 250}`;
/** A fresh, valid registration. */
const newMember = (overrides: Partial<{ username: string; email: string; password: string; ip: string }> = {}) => {
  seq += 1;
  return { username: `member_${seq}`, email: `member${seq}@example.com`, password: 'secret-pass', ip: freshAddress(), ...overrides };
};

beforeAll(async () => {
  stack = await startServiceSuite('auth', 'auth', async (env) => {
    const [{ AuthModule }, { loadAuthConfig }] = await Promise.all([import('../src/auth.module.js'), import('../src/config.js')]);
    return AuthModule.forRoot(loadAuthConfig(env));
  });
  sql = stack.app.get(DataSource);
  redis = stack.app.get(REDIS);
});

afterAll(async () => {
  await stack?.stop();
});

describe('users and health', () => {
  it('answers NOT_FOUND for unknown and malformed user ids', async () => {
    const notFound = { code: ErrorCode.NotFound, message: 'User not found' };
    expect(await failureOf(stack.bus.send('auth.user', { userId: '00000000-0000-4000-8000-000000000000' }))).toEqual(notFound);
    expect(await failureOf(stack.bus.send('auth.user', { userId: 'not-a-uuid' }))).toEqual(notFound);
  });

  it('reports health over the bus and HTTP', async () => {
    expect(await stack.bus.send('auth.health', {})).toMatchObject({ service: 'auth', status: 'up' });
    const response = await getJson(`http://127.0.0.1:${stack.healthPort}/health`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } });
  });
});

describe('registration', () => {
  it('creates the user, hashes the password with argon2id and opens a session', async () => {
    const { user, sessionToken } = await stack.bus.send('auth.register', {
      ip: freshAddress(), username: '  Ada.Lovelace ', email: '  Ada@Example.COM ', password: 'analytical',
    });
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'Ada.Lovelace',
      email: 'ada@example.com',
      avatar: null,
      firstName: '',
      lastName: '',
      emailNotifications: true,
      highQualityGeneration: false,
      hasOnboarded: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      referralCode: expect.stringMatching(ReferralCodePattern),
    });
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await sql.query('SELECT "email", "password_hash" FROM "auth"."users" WHERE "id" = $1', [user.id]);
    expect(row.email).toBe('ada@example.com');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).not.toContain('analytical');
    expect(await stack.bus.send('auth.session', { sessionToken })).toEqual({ userId: user.id });
  });

  it('announces user.registered on the event stream, with an id made from the user', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    const jsm = await jetstreamManager(stack.nats);
    const stored = await jsm.streams.getMessage(eventStreamName(), { last_by_subj: eventSubject(Events.userRegistered) });
    const envelope = stored!.json<{ id: string; event: string; payload: { userId: string } }>();
    expect(envelope).toMatchObject({ id: `user.registered:${user.id}`, event: Events.userRegistered, payload: { userId: user.id } });
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: '   ab   ' }, 'Username must be at least 3 characters'],
    [{ username: 'x'.repeat(33) }, 'Username must be at most 32 characters'],
    [{ username: 'no spaces please' }, 'Username may only contain letters, digits, _ . and -'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: 'a@b' }, 'Please enter a valid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ password: 'p'.repeat(257) }, 'Password must be at most 256 characters'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    expect(await failureOf(stack.bus.send('auth.register', newMember(overrides)))).toEqual({ code: ErrorCode.BadRequest, message });
  });

  it('refuses a taken email (any case) and a taken username (any case)', async () => {
    await stack.bus.send('auth.register', { ip: freshAddress(), username: 'Grace', email: 'grace@example.com', password: 'cobol-rules' });
    expect(await failureOf(stack.bus.send('auth.register', { ip: freshAddress(), username: 'grace2', email: ' GRACE@example.com', password: 'cobol-rules' })))
      .toEqual({ code: ErrorCode.Conflict, message: 'An account with this email already exists' });
    expect(await failureOf(stack.bus.send('auth.register', { ip: freshAddress(), username: 'gRACE', email: 'other@example.com', password: 'cobol-rules' })))
      .toEqual({ code: ErrorCode.Conflict, message: 'This username is already taken' });
  });

  it('lets exactly one of simultaneous registrations of one username win', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => stack.bus.send('auth.register', { ip: freshAddress(), username: 'racer', email: `racer${i}@example.com`, password: 'fast-car' })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((a) => a.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.Conflict, message: 'This username is already taken' });
    }
    const [{ count }] = await sql.query(`SELECT count(*)::int AS count FROM "auth"."users" WHERE lower("username") = 'racer'`);
    expect(count).toBe(1);
  });

  it('lets exactly one of simultaneous registrations of one email win', async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => stack.bus.send('auth.register', { ip: freshAddress(), username: `twin${i}`, email: 'Twin@example.com', password: 'same-mail' })),
    );
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((a) => a.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.Conflict, message: 'An account with this email already exists' });
    }
  });

  it('limits registrations per IP', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 10; i++) await stack.bus.send('auth.register', newMember({ ip }));
    const refused = await failureOf(stack.bus.send('auth.register', newMember({ ip })));
    expect(refused.code).toBe(ErrorCode.RateLimited);
    expect(refused.message).toMatch(TooMany);
    // Another address is not affected.
    await expect(stack.bus.send('auth.register', newMember({ ip: '198.51.100.8' }))).resolves.toHaveProperty('sessionToken');
  });

  it('counts registrations without a client address in one bucket instead of letting them through', async () => {
    const withoutAddress = () => ({ ...newMember(), ip: undefined });
    for (let i = 0; i < 10; i++) await stack.bus.send('auth.register', withoutAddress());
    expect((await failureOf(stack.bus.send('auth.register', withoutAddress()))).code).toBe(ErrorCode.RateLimited);
  });
});

describe('login, sessions and logout', () => {
  it('signs in, resolves the session, reads the user and logs out everywhere', async () => {
    const registered = await stack.bus.send('auth.register', newMember({ email: 'linus@example.com', password: 'penguin-power' }));
    const { user, sessionToken } = await stack.bus.send('auth.login', { email: ' LINUS@example.com ', password: 'penguin-power' });
    expect(user).toEqual(registered.user);
    expect(sessionToken).not.toBe(registered.sessionToken);

    expect(await stack.bus.send('auth.session', { sessionToken })).toEqual({ userId: user.id });
    expect(await stack.bus.send('auth.user', { userId: user.id })).toEqual(user);

    expect(await stack.bus.send('auth.logout', { sessionToken })).toEqual({ ok: true });
    expect(await stack.bus.send('auth.session', { sessionToken })).toBeNull();
    // The registration's own session is a different one and still valid.
    expect(await stack.bus.send('auth.session', { sessionToken: registered.sessionToken })).toEqual({ userId: user.id });
    expect(await stack.bus.send('auth.logout', { sessionToken })).toEqual({ ok: true });
  });

  it('stores only the token digest, under the namespace, with a sliding 30-day expiry', async () => {
    const { user, sessionToken } = await stack.bus.send('auth.register', newMember());
    const key = `${stack.namespace}:session:${createHash('sha256').update(sessionToken).digest('hex')}`;
    expect(await redis.get(key)).toBe(user.id);
    expect(await redis.exists(`${stack.namespace}:session:${sessionToken}`)).toBe(0);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(ThirtyDays - 60);
    expect(ttl).toBeLessThanOrEqual(ThirtyDays);

    await redis.expire(key, 100);
    expect(await stack.bus.send('auth.session', { sessionToken })).toEqual({ userId: user.id });
    expect(await redis.ttl(key)).toBeGreaterThan(ThirtyDays - 60);
  });

  it('answers null for unknown, malformed and expired tokens', async () => {
    expect(await stack.bus.send('auth.session', { sessionToken: 'A'.repeat(43) })).toBeNull();
    expect(await stack.bus.send('auth.session', { sessionToken: 'short' })).toBeNull();
    expect(await stack.bus.send('auth.session', { sessionToken: 42 as unknown as string })).toBeNull();
    const { sessionToken } = await stack.bus.send('auth.register', newMember());
    await redis.del(`${stack.namespace}:session:${createHash('sha256').update(sessionToken).digest('hex')}`);
    expect(await stack.bus.send('auth.session', { sessionToken })).toBeNull();
  });

  it('answers "Invalid credentials" for a wrong password and for an unknown email alike', async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const invalid = { code: ErrorCode.Unauthorized, message: 'Invalid credentials' };
    expect(await failureOf(stack.bus.send('auth.login', { email: member.email, password: 'wrong-password' }))).toEqual(invalid);
    expect(await failureOf(stack.bus.send('auth.login', { email: 'nobody@example.com', password: 'wrong-password' }))).toEqual(invalid);
    expect(await failureOf(stack.bus.send('auth.login', { email: member.email, password: 'p'.repeat(300) }))).toEqual(invalid);
  });

  it('spends about as long on an unknown email as on a wrong password', async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const timed = async (email: string) => {
      const started = performance.now();
      await failureOf(stack.bus.send('auth.login', { email, password: 'wrong-password' }));
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await timed(member.email));
      unknown.push(await timed(`ghost${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2];
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('validates the login form like the spec', async () => {
    expect(await failureOf(stack.bus.send('auth.login', { email: 'nope', password: 'secret-pass' })))
      .toEqual({ code: ErrorCode.BadRequest, message: 'Please enter a valid email address' });
    expect(await failureOf(stack.bus.send('auth.login', { email: 'a@example.com', password: '123' })))
      .toEqual({ code: ErrorCode.BadRequest, message: 'Password must be at least 6 characters' });
  });

  it('slows one address after 5 failures on an account, the right password included (30 s, then doubling), and not other addresses', async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const guesser = freshAddress();
    for (let i = 0; i < 5; i++) {
      expect(await failureOf(stack.bus.send('auth.login', { email: member.email, password: `wrong-${i}`, ip: guesser })))
        .toEqual({ code: ErrorCode.Unauthorized, message: 'Invalid credentials' });
    }
    const refused = await failureOf(stack.bus.send('auth.login', { email: member.email, password: member.password, ip: guesser }));
    expect(refused).toEqual({ code: ErrorCode.RateLimited, message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/) });
    // The gateway answers this as Retry-After: the first wait is 30 s, not a lockout.
    const error = await stack.bus.send('auth.login', { email: member.email, password: member.password, ip: guesser }).then(() => undefined, (e: unknown) => e);
    expect((error as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as { retryAfterSeconds?: number }).retryAfterSeconds).toBeLessThanOrEqual(30);
    // Each wait over (fast-forwarded in Redis), another failure: the waits double, to 15 minutes at most.
    const pair = (await redis.keys(`${stack.namespace}:auth:limit:login-pair:*`)).find((key) => key.endsWith(createHash('sha256').update(guesser).digest('hex')));
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      await redis.hset(pair!, 'next', 0);
      await failureOf(stack.bus.send('auth.login', { email: member.email, password: `again-${i}`, ip: guesser }));
      waits.push(Math.round((Number(await redis.hget(pair!, 'next')) - Date.now()) / 10_000) * 10);
    }
    expect(waits).toEqual([60, 120, 240, 480, 900, 900]);
    // The owner, from the address they signed up from, is not slowed.
    await expect(stack.bus.send('auth.login', { email: member.email, password: member.password, ip: member.ip })).resolves.toHaveProperty('sessionToken');
  });

  it('gives strangers no lockout button: guessing from many addresses never keeps the owner out, from a new address or their own', async () => {
    const member = newMember();
    const other = newMember();
    await stack.bus.send('auth.register', member);
    await stack.bus.send('auth.register', other);
    // Ten strangers, two guesses each: past the account-wide 10, an unknown address is slowed from its first failure.
    for (let i = 0; i < 10; i++) {
      const stranger = freshAddress();
      for (let j = 0; j < 2; j++) {
        const answer = await failureOf(stack.bus.send('auth.login', { email: member.email, password: `wrong-${i}-${j}`, ip: stranger }));
        expect(answer.code).toBe(i * 2 + j < 10 || j === 0 ? ErrorCode.Unauthorized : ErrorCode.RateLimited);
      }
    }
    // Someone on the owner's own (shared) network guesses too: that address waits at most a minute.
    for (let i = 0; i < 5; i++) await failureOf(stack.bus.send('auth.login', { email: member.email, password: `office-${i}`, ip: member.ip }));
    const officeWait = await stack.bus.send('auth.login', { email: member.email, password: member.password, ip: member.ip }).then(() => undefined, (e: unknown) => e);
    expect((officeWait as { code?: string }).code).toBe(ErrorCode.RateLimited);
    // Each wait over (fast-forwarded in Redis), another failure: the waits double, to a minute at most.
    const office = (await redis.keys(`${stack.namespace}:auth:limit:login-pair:*`)).find((key) => key.endsWith(createHash('sha256').update(member.ip).digest('hex')));
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await redis.hset(office!, 'next', 0);
      await failureOf(stack.bus.send('auth.login', { email: member.email, password: `office-again-${i}`, ip: member.ip }));
      waits.push(Math.round((Number(await redis.hget(office!, 'next')) - Date.now()) / 10_000) * 10);
    }
    expect(waits).toEqual([60, 60, 60, 60]);
    // The owner on a new phone, with the right password, gets in at once; so does another member.
    await expect(stack.bus.send('auth.login', { email: member.email, password: member.password, ip: freshAddress() })).resolves.toHaveProperty('sessionToken');
    await expect(stack.bus.send('auth.login', { email: other.email, password: other.password, ip: freshAddress() })).resolves.toHaveProperty('sessionToken');
  });

  it('counts parallel guesses too', async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const ip = freshAddress();
    const guesses = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) => stack.bus.send('auth.login', { email: member.email, password: `guess-${i}`, ip })),
    );
    const codes = guesses.map((g) => (g as PromiseRejectedResult).reason.code);
    expect(codes.filter((c) => c === ErrorCode.Unauthorized)).toHaveLength(5);
    expect(codes.filter((c) => c === ErrorCode.RateLimited)).toHaveLength(11);
  });

  it("resets the address's counter on a successful login", async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const ip = freshAddress();
    const fail = (i: number) => failureOf(stack.bus.send('auth.login', { email: member.email, password: `wrong-${i}`, ip }));
    for (let i = 0; i < 4; i++) expect((await fail(i)).code).toBe(ErrorCode.Unauthorized);
    await stack.bus.send('auth.login', { email: member.email, password: member.password, ip });
    for (let i = 0; i < 5; i++) expect((await fail(i)).code).toBe(ErrorCode.Unauthorized);
    expect((await fail(5)).code).toBe(ErrorCode.RateLimited);
  });

  it('counts logins without a client address as one address instead of letting them through', async () => {
    const member = newMember();
    await stack.bus.send('auth.register', member);
    for (let i = 0; i < 5; i++) await failureOf(stack.bus.send('auth.login', { email: member.email, password: `wrong-${i}` }));
    expect((await failureOf(stack.bus.send('auth.login', { email: member.email, password: member.password }))).code).toBe(ErrorCode.RateLimited);
  });

  it('limits failed logins per IP across accounts', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 50; i++) {
      expect((await failureOf(stack.bus.send('auth.login', { email: `spray${i}@example.com`, password: 'password1', ip }))).code)
        .toBe(ErrorCode.Unauthorized);
    }
    const member = newMember();
    await stack.bus.send('auth.register', member);
    const refused = await failureOf(stack.bus.send('auth.login', { email: member.email, password: member.password, ip }));
    expect(refused).toEqual({ code: ErrorCode.RateLimited, message: expect.stringMatching(TooMany) });
    // Same member from another address is fine.
    await expect(stack.bus.send('auth.login', { email: member.email, password: member.password, ip: '203.0.113.51' }))
      .resolves.toHaveProperty('sessionToken');
    const keys = await redis.keys(`${stack.namespace}:auth:limit:*`);
    expect(keys.length).toBeGreaterThan(0);
  });
});

describe('settings and onboarding', () => {
  const settings = { firstName: '  Grace ', lastName: 'Hopper', avatar: null, emailNotifications: false, highQualityGeneration: true };

  it('saves the settings form, trimmed, and answers the updated profile', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    const avatar = `/api/avatars/${user.id}/11111111-2222-4333-8444-555555555555.webp`;
    const updated = await stack.bus.send('auth.updateProfile', { userId: user.id, ...settings, avatar });
    expect(updated).toEqual({ ...user, firstName: 'Grace', lastName: 'Hopper', avatar, emailNotifications: false, highQualityGeneration: true });
    expect(await stack.bus.send('auth.user', { userId: user.id })).toEqual(updated);
    // Clearing the avatar with an empty string stores null.
    expect((await stack.bus.send('auth.updateProfile', { userId: user.id, ...settings, avatar: '' as unknown as null })).avatar).toBeNull();
  });

  it('refuses control characters, NUL included, as a bad request naming the field (PostgreSQL would refuse NUL)', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    expect(await failureOf(stack.bus.send('auth.updateProfile', { userId: user.id, ...settings, firstName: 'Gr\u0000ace' })))
      .toEqual({ code: ErrorCode.BadRequest, message: 'firstName must not contain control characters' });
    expect(await failureOf(stack.bus.send('auth.register', newMember({ username: 'bell\u0007' }))))
      .toEqual({ code: ErrorCode.BadRequest, message: 'username must not contain control characters' });
  });

  it('refuses names over 50 characters, foreign or outside avatars and non-boolean preferences', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    const other = '00000000-0000-4000-8000-000000000000';
    const bad = (changes: Record<string, unknown>) =>
      failureOf(stack.bus.send('auth.updateProfile', { userId: user.id, ...settings, ...changes } as never));
    expect(await bad({ firstName: 'x'.repeat(51) })).toEqual({ code: ErrorCode.BadRequest, message: 'First name must be at most 50 characters' });
    expect(await bad({ lastName: 'x'.repeat(51) })).toEqual({ code: ErrorCode.BadRequest, message: 'Last name must be at most 50 characters' });
    const avatarRefused = { code: ErrorCode.BadRequest, message: 'Avatar must be an image uploaded to your account' };
    expect(await bad({ avatar: 'https://evil.example.com/x.png' })).toEqual(avatarRefused);
    expect(await bad({ avatar: `/api/avatars/${other}/${other}.webp` })).toEqual(avatarRefused);
    expect(await bad({ emailNotifications: 'yes' })).toEqual({ code: ErrorCode.BadRequest, message: 'Email Notifications must be true or false' });
    expect((await stack.bus.send('auth.user', { userId: user.id })).firstName).toBe('');
  });

  it('records onboarding and refuses unknown members', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    expect(user.hasOnboarded).toBe(false);
    expect(await stack.bus.send('auth.completeOnboarding', { userId: user.id, hasOnboarded: true })).toEqual({ ...user, hasOnboarded: true });
    expect((await stack.bus.send('auth.user', { userId: user.id })).hasOnboarded).toBe(true);
    expect(await failureOf(stack.bus.send('auth.completeOnboarding', { userId: 'nope', hasOnboarded: true })))
      .toEqual({ code: ErrorCode.NotFound, message: 'User not found' });
  });
});

describe('partial settings', () => {
  it('keeps the fields a request leaves out', async () => {
    const { user } = await stack.bus.send('auth.register', newMember());
    const updated = await stack.bus.send('auth.updateProfile', { userId: user.id, firstName: 'Ada' } as never);
    expect(updated).toEqual({ ...user, firstName: 'Ada' });
  });
});

describe('referral codes', () => {
  const lastReferred = async () => {
    const jsm = await jetstreamManager(stack.nats);
    const stored = await jsm.streams.getMessage(eventStreamName(), { last_by_subj: eventSubject(Events.userReferred) }).catch(() => null);
    return stored?.json<{ id: string; event: string; payload: { userId: string; referrerId: string; code: string } }>() ?? null;
  };

  it('gives every member a code of their own that auth.referrer names them by', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => stack.bus.send('auth.register', newMember())));
    const codes = members.map(({ user }) => user.referralCode);
    expect(new Set(codes).size).toBe(5);
    for (const { user } of members) {
      expect(user.referralCode).toMatch(ReferralCodePattern);
      expect(await stack.bus.send('auth.referrer', { code: user.referralCode.toLowerCase() })).toEqual({ userId: user.id });
    }
    expect(await stack.bus.send('auth.referrer', { code: 'QQQQQQ' })).toBeNull();
    expect(await stack.bus.send('auth.referrer', { code: 'not a code' })).toBeNull();
  });

  it('draws the code again when the one drawn is taken', async () => {
    const { Referrals } = await import('../src/referrals.js');
    const referrals = stack.app.get(Referrals);
    const taken = (await stack.bus.send('auth.register', newMember())).user.referralCode;
    const fresh = taken === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const queue = [taken, fresh];
    const original = referrals.codes;
    referrals.codes = () => queue.shift() ?? original();
    try {
      expect((await stack.bus.send('auth.register', newMember())).user.referralCode).toBe(fresh);
      expect(queue).toEqual([]);
    } finally {
      referrals.codes = original;
    }
  });

  /** The referee's first generation completes (the images service's event) and auth has handled it. */
  const generationCompleted = async (userId: string) => {
    await stack.bus.publish(Events.generationCompleted, { generationId: randomUUID(), userId, trendSlug: 'pixar' }, `generation.completed:${randomUUID()}`);
    await untilEventsHandled(stack.nats, 'auth', Events.generationCompleted);
  };
  const settlementOf = async (userId: string) =>
    (await sql.query(`SELECT "referred_through", "referral_settled_at" IS NOT NULL AS settled, "referral_paid_to" FROM "auth"."users" WHERE "id" = $1`, [userId]))[0];

  it("pays a referral (user.referred) at the new account's first completed generation, not at registration, and once", async () => {
    const referrer = (await stack.bus.send('auth.register', newMember())).user;
    const { user } = await stack.bus.send('auth.register', newMember({ ref: ` ${referrer.referralCode.toLowerCase()} ` } as never));
    expect(await settlementOf(user.id)).toEqual({ referred_through: referrer.referralCode, settled: false, referral_paid_to: null });
    expect((await lastReferred())?.payload.userId).not.toBe(user.id);

    await generationCompleted(user.id);
    expect(await lastReferred()).toMatchObject({
      id: `user.referred:${user.id}`, event: Events.userReferred, payload: { userId: user.id, referrerId: referrer.id, code: referrer.referralCode },
    });
    expect(await settlementOf(user.id)).toEqual({ referred_through: referrer.referralCode, settled: true, referral_paid_to: referrer.id });
    // Later generations settle nothing more.
    const jsm = await jetstreamManager(stack.nats);
    const before = (await jsm.streams.info(eventStreamName())).state.messages;
    await generationCompleted(user.id);
    expect((await jsm.streams.info(eventStreamName())).state.messages).toBe(before + 1); // the generation event only
  });

  it("pays nothing between accounts that share an address, and at most 10 a month to one referrer", async () => {
    const referrer = newMember();
    const { user: owner } = await stack.bus.send('auth.register', referrer);
    // A second account registered from the referrer's own address.
    const { user: sibling } = await stack.bus.send('auth.register', newMember({ ref: owner.referralCode, ip: referrer.ip } as never));
    await generationCompleted(sibling.id);
    expect(await settlementOf(sibling.id)).toEqual({ referred_through: owner.referralCode, settled: true, referral_paid_to: null });

    const friends = [];
    for (let i = 0; i < 11; i++) friends.push((await stack.bus.send('auth.register', newMember({ ref: owner.referralCode } as never))).user);
    for (const friend of friends) await generationCompleted(friend.id);
    const paid = await Promise.all(friends.map(async (friend) => (await settlementOf(friend.id)).referral_paid_to));
    expect(paid.filter((payee) => payee === owner.id)).toHaveLength(10);
    expect(paid.filter((payee) => payee === null)).toHaveLength(1);
  });

  it('registers without announcing anything for a malformed or unknown code', async () => {
    const before = await lastReferred();
    await stack.bus.send('auth.register', newMember({ ref: 'ABC10O' } as never));
    await stack.bus.send('auth.register', newMember({ ref: { code: 'ABCDEF' } } as never));
    // No waitlist runs in this suite: an unknown code costs the referral (after a short wait), never the registration.
    const { user } = await stack.bus.send('auth.register', newMember({ ref: 'QQQQQQ' } as never));
    expect(user.referralCode).toMatch(ReferralCodePattern);
    await generationCompleted(user.id);
    expect((await lastReferred())?.id).toBe(before?.id);
  });
});
