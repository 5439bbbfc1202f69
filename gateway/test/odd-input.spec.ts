import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import { startServiceSuite, type ServiceSuite } from '@trendforge/testing';
import { call, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

const authSources = '../../services/auth/src';

/**
 * Odd input and password guessing through the gateway as it really runs, with the real auth
 * service behind: control characters and absurd nesting are a clear 400 before any service is
 * called, and login throttling slows guessers without locking the owner out.
 */
let service: ServiceSuite;
let gateway: GatewayProcess | undefined;
let storageDir: string;
let seq = 0;

beforeAll(async () => {
  service = await startServiceSuite('gw_odd_input', async (env) => {
    // The real auth service, loaded by path at run time (it lives outside this project's rootDir).
    const [{ AuthModule }, { loadAuthConfig }] = (await Promise.all([import(`${authSources}/auth.module.js`), import(`${authSources}/config.js`)])) as [
      { AuthModule: { forRoot(config: unknown): DynamicModule } }, { loadAuthConfig(env: NodeJS.ProcessEnv): unknown },
    ];
    return AuthModule.forRoot(loadAuthConfig(env));
  });
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-odd-input-'));
  gateway = await startGatewayProcess({ ...service.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await service?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** The gateway trusts its loopback proxy, so a test may speak for any client address. */
const from = (address: string) => ({ 'x-forwarded-for': address });
const post = (urlPath: string, json: unknown, headers: Record<string, string> = {}) => call(gateway!.url, 'POST', urlPath, { json, headers });
const loginMutation = 'mutation($input: LoginInput!) { login(input: $input) { id } }';

async function signUp(address: string) {
  seq += 1;
  const member = { username: `odd_${seq}_${Date.now()}`, email: `odd${seq}.${Date.now()}@example.com`, password: 'secret-pass' };
  // Straight to the service: the gateway's answer to a sign-up also needs billing, which is not running here.
  await service.bus.send('auth.register', { ...member, ip: address });
  return member;
}

describe('control characters', () => {
  test.each([['NUL', '\u0000'], ['BEL', '\u0007'], ['ESC', '\u001b'], ['DEL', '\u007f']])('%s in a REST body is a 400 naming the field', async (_, character) => {
    const answer = await post('/api/auth/login', { email: `a${character}@example.com`, password: 'secret-pass' });
    expect([answer.status, answer.body.message]).toEqual([400, 'email must not contain control characters']);
  });

  test('tab, line feed and carriage return are ordinary text', async () => {
    const answer = await post('/api/auth/login', { email: 'nobody@example.com', password: 'pass\tword\r\n' });
    expect([answer.status, answer.body.message]).toEqual([401, 'Invalid credentials']);
  });

  test('in a GraphQL variable it is a BAD_REQUEST naming the field', async () => {
    const answer = await post('/graphql', { query: loginMutation, variables: { input: { email: 'nobody@example.com', password: 'secret\u0000pass' } } });
    expect(answer.body.errors).toEqual([expect.objectContaining({ message: 'password must not contain control characters', extensions: expect.objectContaining({ code: 'BAD_REQUEST' }) })]);
  });
});

describe('absurdly nested JSON', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  /** A raw JSON text as the body (the support's `call` would serialize a value). */
  function send(urlPath: string, body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
      const req = request(`${gateway!.url}${urlPath}`, { method: 'POST', agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  test('100,000 levels are a 400 on REST and GraphQL, and the gateway keeps answering', async () => {
    const tooDeep = { status: 400, text: JSON.stringify({ statusCode: 400, message: 'The request body is nested too deeply (at most 64 levels)' }) };
    expect(await send('/api/auth/login', `{"email":${nested(100_000)}}`)).toEqual(tooDeep);
    expect(await send('/graphql', `{"query":"{ __typename }","variables":${nested(100_000)}}`)).toEqual(tooDeep);
    expect((await post('/api/auth/login', { email: 'nobody@example.com', password: 'secret-pass' })).status).toBe(401);
  });

  test('malformed JSON is a 400 in the same shape', async () => {
    expect(await send('/api/auth/login', '{"email":')).toEqual({ status: 400, text: JSON.stringify({ statusCode: 400, message: 'The request body is not valid JSON' }) });
  });

  test('64 levels pass, and brackets inside strings are text, not nesting', async () => {
    expect((await send('/api/auth/login', `{"email":"nobody@example.com","password":"secret-pass","x":${nested(63)}}`)).status).toBe(401);
    expect((await send('/api/auth/login', JSON.stringify({ email: 'nobody@example.com', password: '['.repeat(200) }))).status).toBe(401);
  });
});

describe('login throttling', () => {
  test('a stranger guessing cannot lock the owner out, but is slowed', async () => {
    const owner = '198.51.100.20';
    const member = await signUp(owner);
    const stranger = '203.0.113.20';
    for (let i = 0; i < 5; i++) {
      const answer = await post('/api/auth/login', { email: member.email, password: `wrong-${i}` }, from(stranger));
      expect([answer.status, answer.body.message]).toEqual([401, 'Invalid credentials']);
    }
    const refused = await post('/api/auth/login', { email: member.email, password: member.password }, from(stranger));
    expect([refused.status, refused.body.message]).toEqual([429, expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds?\.$/)]);
    // The first wait is at most 30 s (then doubling), answered as Retry-After.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);

    // The owner's own address gets past auth (the answer then needs billing, which is not running here).
    const ownLogin = await post('/api/auth/login', { email: member.email, password: member.password }, from(owner));
    expect([401, 429]).not.toContain(ownLogin.status);
    await expect(service.bus.send('auth.login', { email: member.email, password: member.password, ip: owner })).resolves.toHaveProperty('sessionToken');
  });

  test('guessing over GraphQL counts against the same limits', async () => {
    const member = await signUp('198.51.100.21');
    const stranger = '203.0.113.21';
    const login = (password: string) => post('/graphql', { query: loginMutation, variables: { input: { email: member.email, password } } }, from(stranger));
    for (let i = 0; i < 5; i++) expect((await login(`wrong-${i}`)).body.errors[0].message).toBe('Invalid credentials');
    expect((await login(member.password)).body.errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});
