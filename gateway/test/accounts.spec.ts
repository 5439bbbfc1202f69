import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { createPng, createPngBomb, createTestEnvironment, freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

/**
 * Accounts through the gateway, REST and GraphQL, against the real auth and billing services:
 * validation, conflicts, throttling, sessions across two gateway instances, settings, onboarding,
 * avatar uploads (and the files that must be refused) and admin plan changes.
 * Two gateway instances run as built child processes (see support/gateway-process.ts).
 */
let env: TestEnvironment;
let auth: ServiceUnderTest;
let billing: ServiceUnderTest;
let trends: ServiceUnderTest;
let storageDir: string;
const gateways: GatewayProcess[] = [];
let base: string;
let secondBase: string;
let seq = 0;

beforeAll(async () => {
  env = await createTestEnvironment('gw-accounts');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-accounts-'));
  const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', LOGIN_FAILURES_PER_IP: '1000' };
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
  ]);
  auth = await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl);
  billing = await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl);
  const trendsEnv = { ...serviceEnv, HEALTH_PORT: String(await freePort()), STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  trends = await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...trendsEnv, PREVIEW_WARMUP: 'false' })), env.natsUrl);
  gateways.push(...await Promise.all([0, 1].map(() => startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir }))));
  [base, secondBase] = gateways.map((gateway) => gateway.url);
}, 180_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await trends?.close();
  await billing?.close();
  await auth?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

/** Registers a fresh member over REST; answers the user and the session cookie. */
async function member(overrides: Record<string, string> = {}) {
  seq += 1;
  const form = { username: `creator_${seq}`, email: `creator${seq}@example.com`, password: 'secret-pass', ...overrides };
  const answer = await call(base, 'POST', '/api/auth/register', { json: form });
  expect(answer.status).toBe(201);
  return { user: answer.body, cookie: cookieOf(answer), form };
}

async function graphql(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const answer = await call(base, 'POST', '/graphql', { json: { query, variables }, cookie });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL data, checked by the assertions
  return answer.body as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string; stacktrace?: string[] } }> };
}

const UserFields = 'id username email avatar firstName lastName role credits monthlyUsage emailNotifications highQualityGeneration hasOnboarded favoriteTrends';

describe('registration and login', () => {
  it('answers the whole user of spec part 1 section 3 with an httpOnly SameSite cookie, email trimmed and lower-cased', async () => {
    const answer = await call(base, 'POST', '/api/auth/register', { json: { username: 'NewFace', email: '  New.Face@Example.COM ', password: 'secret-pass' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String), username: 'NewFace', email: 'new.face@example.com', avatar: null, firstName: '', lastName: '',
      role: 'free', credits: 3, monthlyUsage: 0, emailNotifications: true, highQualityGeneration: false, hasOnboarded: false, favoriteTrends: [],
    });
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^tf_session=[A-Za-z0-9_-]{43}; .*HttpOnly; .*SameSite=Lax/);
    expect(answer.raw.toString()).not.toContain('secret-pass');

    const me = await call(base, 'GET', '/api/auth/me', { cookie: cookieOf(answer) });
    expect(me.body).toEqual(answer.body);
    const login = await call(base, 'POST', '/api/auth/login', { json: { email: 'NEW.FACE@example.com ', password: 'secret-pass' } });
    expect([login.status, login.body.id]).toEqual([200, answer.body.id]);
  });

  it.each([
    [{ username: 'ab', email: 'ok@example.com', password: 'secret-pass' }, 'Username must be at least 3 characters'],
    [{ username: 'okname', email: 'not-an-email', password: 'secret-pass' }, 'Please enter a valid email address'],
    [{ username: 'okname', email: 'ok@example.com', password: '12345' }, 'Password must be at least 6 characters'],
    [{ username: 'okname', email: 'ok@example.com' }, 'Password must be at least 6 characters'],
  ])('refuses registration %j with 400 "%s"', async (form, message) => {
    const answer = await call(base, 'POST', '/api/auth/register', { json: form });
    expect([answer.status, answer.body.message]).toEqual([400, message]);
  });

  it('validates login the same way', async () => {
    const badEmail = await call(base, 'POST', '/api/auth/login', { json: { email: 'nope', password: 'secret-pass' } });
    expect([badEmail.status, badEmail.body.message]).toEqual([400, 'Please enter a valid email address']);
    const shortPassword = await call(base, 'POST', '/api/auth/login', { json: { email: 'a@example.com', password: '123' } });
    expect([shortPassword.status, shortPassword.body.message]).toEqual([400, 'Password must be at least 6 characters']);
  });

  it('refuses a taken email (any case) and a taken username (any case) with 409', async () => {
    const { form } = await member();
    const email = await call(base, 'POST', '/api/auth/register', { json: { username: 'someone_else', email: form.email.toUpperCase(), password: 'secret-pass' } });
    expect([email.status, email.body.message]).toEqual([409, 'An account with this email already exists']);
    const username = await call(base, 'POST', '/api/auth/register', { json: { username: form.username.toUpperCase(), email: 'fresh@example.com', password: 'secret-pass' } });
    expect([username.status, username.body.message]).toEqual([409, 'This username is already taken']);
  });

  it('throttles thirty wrong passwords in a row for one account from one address, then makes even the right one wait there', async () => {
    const { form } = await member();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await call(base, 'POST', '/api/auth/login', { json: { email: form.email, password: `wrong-${i}-pass` } })).status);
    }
    // Five failures per account and address (services/auth attempt-limits.ts).
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    const right = await call(base, 'POST', '/api/auth/login', { json: { email: form.email, password: form.password } });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
  });
});

describe('sessions', () => {
  it('makes the cookie useless on every gateway instance after logout', async () => {
    const { cookie, user } = await member();
    for (const gateway of [base, secondBase]) expect((await call(gateway, 'GET', '/api/auth/me', { cookie })).body.id).toBe(user.id);

    const logout = await call(secondBase, 'POST', '/api/auth/logout', { cookie });
    expect(logout.status).toBe(204);
    expect(logout.headers['set-cookie']?.[0]).toMatch(/^tf_session=;/);

    for (const gateway of [base, secondBase]) expect((await call(gateway, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    expect((await graphql(cookie, 'query { me { id } }')).data).toEqual({ me: null });
    expect((await call(base, 'PUT', '/api/users/onboarding', { cookie, json: { hasOnboarded: true } })).status).toBe(401);
  });

  it('checks a session with auth once per replica for a few seconds, not on every request', async () => {
    const { cookie, user } = await member();
    /** How many auth.session calls a gateway made (its Prometheus metrics). */
    const sessionChecks = async (gateway: string) => {
      const text = (await call(gateway, 'GET', '/api/metrics')).raw.toString();
      return [...text.matchAll(/^tf_bus_request_duration_seconds_count\{[^}]*pattern="auth\.session"[^}]*\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    };
    const me = async (gateway: string) => expect((await call(gateway, 'GET', '/api/auth/me', { cookie })).body.id).toBe(user.id);
    const [before, otherBefore] = [await sessionChecks(base), await sessionChecks(secondBase)];
    // The replica that registered the member knows the session it opened.
    for (let i = 0; i < 5; i++) await me(base);
    expect(await sessionChecks(base)).toBe(before);
    // Another replica asks auth once, however many of the session's requests arrive together.
    await Promise.all(Array.from({ length: 5 }, () => me(secondBase)));
    for (let i = 0; i < 5; i++) await me(secondBase);
    expect(await sessionChecks(secondBase)).toBe(otherBefore + 1);
  });

  it('pairs the session with a readable tf_member marker that grants nothing and goes with the session', async () => {
    const registered = await call(base, 'POST', '/api/auth/register', { json: { username: 'marker_1', email: 'marker1@example.com', password: 'secret-pass' } });
    const cookies = registered.headers['set-cookie'] as string[];
    expect(cookies.find((c) => c.startsWith('tf_session='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('tf_member=1'))).not.toMatch(/HttpOnly/i);
    // The marker alone is a visitor.
    expect((await call(base, 'GET', '/api/auth/me', { cookie: 'tf_member=1' })).status).toBe(401);

    const cookie = cookieOf(registered);
    const logout = await call(base, 'POST', '/api/auth/logout', { cookie });
    expect(logout.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^tf_member=;/)]));
    // A stale session found by /me drops both cookies, so the SPA stops asking.
    const stale = await call(base, 'GET', '/api/auth/me', { cookie: `${cookie}; tf_member=1` });
    expect(stale.status).toBe(401);
    expect(stale.headers['set-cookie']).toEqual(expect.arrayContaining([expect.stringMatching(/^tf_session=;/), expect.stringMatching(/^tf_member=;/)]));
  });

  it('makes both cookies Secure when the request came over TLS (a trusted proxy\'s X-Forwarded-Proto: https), and not over plain HTTP outside production', async () => {
    const { form } = await member();
    const secureOf = (answer: Awaited<ReturnType<typeof call>>) => (answer.headers['set-cookie'] as string[]).map((c) => [c.split('=')[0], /;\s*Secure/i.test(c)]);
    const plain = await call(base, 'POST', '/api/auth/login', { json: { email: form.email, password: form.password } });
    expect(secureOf(plain)).toEqual([['tf_session', false], ['tf_member', false]]);
    // The proxy (loopback, a trusted one) says the visitor came over HTTPS.
    const overTls = await call(base, 'POST', '/api/auth/login', { json: { email: form.email, password: form.password }, headers: { 'x-forwarded-proto': 'https' } });
    expect(secureOf(overTls)).toEqual([['tf_session', true], ['tf_member', true]]);
    const logout = await call(base, 'POST', '/api/auth/logout', { cookie: cookieOf(overTls), headers: { 'x-forwarded-proto': 'https' } });
    expect(secureOf(logout)).toEqual([['tf_session', true], ['tf_member', true]]);
  });

  it('makes both cookies Secure by default in production, even over plain HTTP (TLS ends before the gateway)', async () => {
    const { form } = await member();
    const production = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, NODE_ENV: 'production' });
    try {
      const login = await call(production.url, 'POST', '/api/auth/login', { json: { email: form.email, password: form.password } });
      expect(login.status).toBe(200);
      for (const cookie of login.headers['set-cookie'] as string[]) expect(cookie).toMatch(/;\s*Secure/i);
    } finally {
      await production.close();
    }
  }, 150_000);

  it('never lets the password be read back: no answer carries it, auth stores only an argon2id hash', async () => {
    const { user, cookie, form } = await member({ password: 'readable-never-1' });
    const me = await call(base, 'GET', '/api/auth/me', { cookie });
    const graph = await graphql(cookie, `query { me { ${UserFields} } }`);
    for (const text of [me.raw.toString(), JSON.stringify(graph)]) {
      expect(text).not.toContain(form.password);
      expect(text).not.toMatch(/password/i);
    }
    const [row] = await auth.app.get(DataSource).query('SELECT password_hash FROM auth.users WHERE id = $1', [user.id]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,/);
    expect(row.password_hash).not.toContain(form.password);
  });
});

describe('settings and onboarding', () => {
  const form = { firstName: ' Ada ', lastName: 'Lovelace', avatar: null, darkMode: true, emailNotifications: false, highQualityGeneration: true };

  it('PUT /api/users/settings saves the form and answers the updated user', async () => {
    const { user, cookie } = await member();
    const answer = await call(base, 'PUT', '/api/users/settings', { cookie, json: form });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...user, firstName: 'Ada', lastName: 'Lovelace', emailNotifications: false, highQualityGeneration: true });
    expect((await call(base, 'GET', '/api/auth/me', { cookie })).body).toEqual(answer.body);
  });

  it('refuses bad settings with 400 and the message, and strangers with 401', async () => {
    const { cookie } = await member();
    const long = await call(base, 'PUT', '/api/users/settings', { cookie, json: { ...form, firstName: 'x'.repeat(51) } });
    expect([long.status, long.body.message]).toEqual([400, 'First name must be at most 50 characters']);
    const outside = await call(base, 'PUT', '/api/users/settings', { cookie, json: { ...form, avatar: 'https://example.com/me.png' } });
    expect([outside.status, outside.body.message]).toEqual([400, 'Avatar must be an image uploaded to your account']);
    const anonymous = await call(base, 'PUT', '/api/users/settings', { json: form });
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'Authentication Required']);
  });

  it('PUT /api/users/onboarding records the flag', async () => {
    const { user, cookie } = await member();
    const answer = await call(base, 'PUT', '/api/users/onboarding', { cookie, json: { hasOnboarded: true } });
    expect([answer.status, answer.body]).toEqual([200, { ...user, hasOnboarded: true }]);
    const bad = await call(base, 'PUT', '/api/users/onboarding', { cookie, json: { hasOnboarded: 'yes' } });
    expect(bad.status).toBe(400);
  });

  it('does the same through GraphQL', async () => {
    const { cookie } = await member();
    const saved = await graphql(cookie, `mutation($input: SettingsInput!) { updateSettings(input: $input) { ${UserFields} } }`, { input: { firstName: 'Grace', lastName: 'Hopper', emailNotifications: false } });
    expect(saved.data.updateSettings).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', emailNotifications: false, highQualityGeneration: false });
    const onboarded = await graphql(cookie, 'mutation { updateOnboarding(hasOnboarded: true) { hasOnboarded } }');
    expect(onboarded.data.updateOnboarding).toEqual({ hasOnboarded: true });
    const refused = await graphql(cookie, 'mutation($input: SettingsInput!) { updateSettings(input: $input) { id } }', { input: { lastName: 'y'.repeat(60) } });
    expect(refused.errors?.[0]).toMatchObject({ message: 'Last name must be at most 50 characters', extensions: { code: 'BAD_REQUEST' } });
    expect(refused.errors?.[0].extensions).not.toHaveProperty('stacktrace');
    expect((await graphql('', 'mutation { updateOnboarding(hasOnboarded: true) { id } }')).errors?.[0].message).toBe('Authentication Required');
  });
});

describe('avatar upload', () => {
  it('decodes, re-encodes as a 512 px WebP, stores it and serves it; settings then accept it', async () => {
    const { user, cookie } = await member();
    const photo = createPng({ width: 900, height: 600, color: [200, 40, 90], to: [20, 30, 220] });
    const upload = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'me.png', type: 'image/png', data: photo } });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({ url: expect.stringMatching(new RegExp(`^/api/avatars/${user.id}/[0-9a-f-]{36}\\.webp$`)) });

    const file = await call(base, 'GET', upload.body.url);
    expect([file.status, file.headers['content-type'], file.headers['x-content-type-options']]).toEqual([200, 'image/webp', 'nosniff']);
    expect(await sharp(file.raw).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const saved = await call(base, 'PUT', '/api/users/settings', { cookie, json: { avatar: upload.body.url } });
    expect(saved.body.avatar).toBe(upload.body.url);
    // Another member cannot wear it.
    const other = await member();
    const stolen = await call(base, 'PUT', '/api/users/settings', { cookie: other.cookie, json: { avatar: upload.body.url } });
    expect(stolen.status).toBe(400);
  });

  it('judges the content, not the name: a JPEG named .txt is accepted', async () => {
    const { cookie } = await member();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 90 } } }).jpeg().toBuffer();
    const upload = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'notes.txt', type: 'text/plain', data: jpeg } });
    expect(upload.status).toBe(200);
  });

  it('refuses a 20000×20000 PNG, a text file named .png and a 3 MB photo with clear messages, and stays healthy', async () => {
    const { cookie } = await member();
    const bomb = createPngBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const bombAnswer = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'huge.png', type: 'image/png', data: bomb } });
    expect([bombAnswer.status, bombAnswer.body.message])
      .toEqual([413, 'This image is 20000 × 20000 pixels. Please upload an image of at most 4096 × 4096 pixels.']);

    const text = Buffer.from('just some notes, certainly not a picture\n'.repeat(20));
    const textAnswer = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'photo.png', type: 'image/png', data: text } });
    expect([textAnswer.status, textAnswer.body.message]).toEqual([400, 'Please upload an image file (JPEG, PNG, etc.)']);

    const photo = await sharp({ create: { width: 2200, height: 2200, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 100 }).toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const bigAnswer = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'holiday.jpg', type: 'image/jpeg', data: photo } });
    expect([bigAnswer.status, bigAnswer.body.message]).toEqual([413, 'Please upload an image smaller than 2 MB']);

    const missing = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'a.png', type: 'image/png', data: createPng({ width: 8, height: 8, color: [1, 2, 3] }), field: 'image' } });
    expect(missing.status).toBe(400);
    expect((await call(base, 'POST', '/api/upload', { multipart: { filename: 'a.png', type: 'image/png', data: text } })).status).toBe(401);

    // Still healthy: sessions answer and a good picture still goes through.
    expect((await call(base, 'GET', '/api/auth/me', { cookie })).status).toBe(200);
    const fine = await call(base, 'POST', '/api/upload', { cookie, multipart: { filename: 'ok.png', type: 'image/png', data: createPng({ width: 300, height: 300, color: [9, 9, 9] }) } });
    expect(fine.status).toBe(200);
  });
});

describe('admin plan changes', () => {
  async function admin() {
    const made = await member();
    // The first admin is appointed in billing's own table (there is no one above to ask).
    await billing.app.get(DataSource).query(`UPDATE billing.accounts SET role = 'admin' WHERE user_id = $1`, [made.user.id]);
    return made;
  }

  it('only an admin may change plans: 401 signed out, 403 for members, over REST and GraphQL', async () => {
    const target = await member();
    const plain = await member();
    expect((await call(base, 'PUT', `/api/admin/members/${target.user.id}/plan`, { json: { role: 'pro' } })).status).toBe(401);
    const forbidden = await call(base, 'PUT', `/api/admin/members/${target.user.id}/plan`, { cookie: plain.cookie, json: { role: 'pro' } });
    expect([forbidden.status, forbidden.body.message]).toEqual([403, 'Only admins may do this']);
    const gql = await graphql(plain.cookie, 'mutation($input: PlanChangeInput!) { adminSetPlan(input: $input) { role } }', { input: { userId: target.user.id, role: 'pro' } });
    expect(gql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await call(base, 'GET', '/api/auth/me', { cookie: target.cookie })).body.role).toBe('free');
  });

  it('changes plan and credits, each change a ledger row naming the admin; the ledger sums to the balance', async () => {
    const boss = await admin();
    const target = await member();
    const rest = await call(base, 'PUT', `/api/admin/members/${target.user.id}/plan`, { cookie: boss.cookie, json: { role: 'pro', credits: 50, reason: 'support ticket 42' } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: target.user.id, role: 'pro', credits: 50 });

    const gql = await graphql(boss.cookie, 'mutation($input: PlanChangeInput!) { adminSetPlan(input: $input) { role credits } }', { input: { userId: target.user.id, role: 'pro_unlimited', credits: 40 } });
    expect(gql.data.adminSetPlan).toEqual({ role: 'pro_unlimited', credits: 40 });
    expect((await call(base, 'GET', '/api/auth/me', { cookie: target.cookie })).body).toMatchObject({ role: 'pro_unlimited', credits: 40 });

    const rows: Array<{ kind: string; delta: number; actor_id: string | null; reason: string }> = await billing.app.get(DataSource)
      .query('SELECT kind, delta, actor_id, reason FROM billing.ledger WHERE user_id = $1 ORDER BY id', [target.user.id]);
    expect(rows).toEqual([
      { kind: 'starter', delta: 3, actor_id: null, reason: 'Starter credits' },
      { kind: 'admin', delta: 0, actor_id: boss.user.id, reason: 'role free → pro: support ticket 42' },
      { kind: 'admin', delta: 47, actor_id: boss.user.id, reason: 'support ticket 42' },
      { kind: 'admin', delta: 0, actor_id: boss.user.id, reason: 'role pro → pro_unlimited' },
      { kind: 'admin', delta: -10, actor_id: boss.user.id, reason: 'credits set to 40' },
    ]);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(40);

    const bad = await call(base, 'PUT', `/api/admin/members/${target.user.id}/plan`, { cookie: boss.cookie, json: { role: 'emperor' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Role must be one of free, basic, pro, pro_unlimited, admin']);
    const nobody = await call(base, 'PUT', `/api/admin/members/${randomUUID()}/plan`, { cookie: boss.cookie, json: { role: 'pro' } });
    expect([nobody.status, nobody.body.message]).toEqual([404, 'User not found']);
  });

  it('the user carries the favourite trends the trends service keeps', async () => {
    const boss = await admin();
    const { user, cookie } = await member();
    await call(base, 'PUT', `/api/admin/members/${user.id}/plan`, { cookie: boss.cookie, json: { role: 'pro' } });
    await trends.bus.send('trends.favorite.add', { userId: user.id, slug: 'ghibli' });
    expect((await call(base, 'GET', '/api/auth/me', { cookie })).body.favoriteTrends).toEqual(['ghibli']);
  });

  it('two simultaneous spends never take the same credit', async () => {
    const { user, cookie } = await member();
    const spends = await Promise.allSettled([0, 1].map(() => billing.bus.send('billing.charge', { userId: user.id, generationId: randomUUID(), credits: 2 })));
    expect(spends.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    const me = await call(base, 'GET', '/api/auth/me', { cookie });
    expect([me.body.credits, me.body.monthlyUsage]).toEqual([1, 1]);
    const [{ sum }] = await billing.app.get(DataSource).query('SELECT sum(delta)::int AS sum FROM billing.ledger WHERE user_id = $1', [user.id]);
    expect(sum).toBe(1);
  });
});
