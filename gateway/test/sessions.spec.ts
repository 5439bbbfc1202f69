import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestEnvironment, freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

/**
 * Sessions end everywhere they should: a graphql-ws socket holds no identity of its own. Its caller
 * is resolved again on every subscribe, and logout or "sign out everywhere else" on any gateway
 * replica closes the sockets of the sessions it ended on every replica (4401), while the member's
 * other sockets stay open. Two built gateways on the real auth and billing services.
 */
let env: TestEnvironment;
let auth: ServiceUnderTest;
let billing: ServiceUnderTest;
let trends: ServiceUnderTest;
let storage: { STORAGE_DRIVER: string; STORAGE_DIR: string };
const gateways: GatewayProcess[] = [];
let base: string;
let otherBase: string;
let seq = 0;

beforeAll(async () => {
  env = await createTestEnvironment('gw-sessions');
  storage = { STORAGE_DRIVER: 'local', STORAGE_DIR: await mkdtemp(path.join(os.tmpdir(), 'tf-gw-sessions-')) };
  const serviceEnv = async () => ({ ...process.env, ...env.env, HEALTH_PORT: String(await freePort()), REGISTRATIONS_PER_IP: '1000' });
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
  ]);
  auth = await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig(await serviceEnv())), env.natsUrl);
  billing = await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(await serviceEnv())), env.natsUrl);
  // A member's answer includes their favourite trends.
  trends = await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...await serviceEnv(), ...storage, PREVIEW_WARMUP: 'false' })), env.natsUrl);
  for (let i = 0; i < 2; i++) gateways.push(await startGatewayProcess({ ...env.env, ...storage }));
  [base, otherBase] = gateways.map((gateway) => gateway.url);
}, 180_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await trends?.close();
  await billing?.close();
  await auth?.close();
  await env?.close();
  if (storage) await rm(storage.STORAGE_DIR, { recursive: true, force: true });
}, 60_000);

async function register() {
  seq += 1;
  const form = { username: `sessions_${seq}`, email: `sessions${seq}@example.com`, password: 'secret-pass' };
  const answer = await call(base, 'POST', '/api/auth/register', { json: form, headers: { 'user-agent': 'Phone Browser/1.0' } });
  expect(answer.status).toBe(201);
  return { cookie: cookieOf(answer), form };
}

async function login(form: { email: string; password: string }, device = 'Laptop Browser/2.0') {
  const answer = await call(base, 'POST', '/api/auth/login', { json: { email: form.email, password: form.password }, headers: { 'user-agent': device } });
  expect(answer.status).toBe(200);
  return cookieOf(answer);
}

/** A socket to `at` carrying `cookie`; `closed` settles with the close code the server gave. */
function socket(at: string, cookie: string) {
  let closed!: (code: number) => void;
  const closedWith = new Promise<number>((resolve) => (closed = resolve));
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie, origin: at } });
    }
  }
  const client: Client = createClient({
    url: `${at.replace('http', 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0, lazy: false, onNonLazyError: () => undefined,
    on: { closed: (event) => closed((event as { code: number }).code) },
  });
  return { client, closed: closedWith };
}

/** The first answer of a subscription on `client`: its first error message (the resolver ran: not a sign-in refusal) or close code. */
function firstAnswer(client: Client) {
  const query = 'subscription { generationUpdated(id: "00000000-0000-4000-8000-000000000000") { id } }';
  return new Promise<{ message?: string; closeCode?: number }>((resolve) => {
    const stop = client.subscribe({ query }, {
      next: (result) => resolve({ message: (result.errors as Array<{ message: string }> | undefined)?.[0]?.message ?? 'data' }),
      error: (error) => resolve(Array.isArray(error) ? { message: (error as Array<{ message: string }>)[0]?.message } : { closeCode: (error as { code?: number }).code }),
      complete: () => undefined,
    });
    void stop;
  });
}

test('logout on one replica closes the session\'s sockets on every replica, and the cookie no longer subscribes', async () => {
  const { cookie } = await register();
  const here = socket(base, cookie);
  const there = socket(otherBase, cookie);
  // Signed in: the subscription reaches its resolver (no images service here: its own error, not a sign-in refusal).
  for (const open of [here, there]) expect((await firstAnswer(open.client)).message).not.toBe('Authentication Required');

  expect((await call(otherBase, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
  expect(await here.closed).toBe(4401);
  expect(await there.closed).toBe(4401);

  // A new socket with the ended session's cookie is refused on its first subscribe.
  const again = socket(base, cookie);
  expect(await firstAnswer(again.client)).toEqual({ message: 'Authentication Required' });
  await again.client.dispose();
});

test('lists the member\'s sessions and signs out everywhere else: only the other sessions\' sockets close', async () => {
  const { cookie: phone, form } = await register();
  const laptop = await login(form);

  const listed = await call(base, 'GET', '/api/auth/sessions', { cookie: laptop });
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual([
    { id: expect.stringMatching(/^[0-9a-f]{16}$/), createdAt: expect.any(String), device: 'Laptop Browser/2.0', current: true },
    { id: expect.stringMatching(/^[0-9a-f]{16}$/), createdAt: expect.any(String), device: 'Phone Browser/1.0', current: false },
  ]);
  expect(JSON.stringify(listed.body)).not.toContain(phone.split('=')[1]);

  const phoneSocket = socket(otherBase, phone);
  const laptopSocket = socket(otherBase, laptop);
  for (const open of [phoneSocket, laptopSocket]) expect((await firstAnswer(open.client)).message).not.toBe('Authentication Required');

  const ended = await call(base, 'POST', '/api/auth/sessions/end-others', { cookie: laptop, headers: { origin: base } });
  expect(ended).toEqual(expect.objectContaining({ status: 200, body: { ended: 1 } }));
  expect(await phoneSocket.closed).toBe(4401);
  // The laptop's socket still subscribes as the member.
  expect((await firstAnswer(laptopSocket.client)).message).not.toBe('Authentication Required');
  expect((await call(base, 'GET', '/api/auth/me', { cookie: phone })).status).toBe(401);
  expect((await call(base, 'GET', '/api/auth/sessions', { cookie: laptop })).body).toEqual([expect.objectContaining({ current: true })]);
  await laptopSocket.client.dispose();

  // Signed out, the list is not anyone's to read.
  expect((await call(base, 'GET', '/api/auth/sessions')).status).toBe(401);
});
