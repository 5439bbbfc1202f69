import { request as httpRequest } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestEnvironment, freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type Answer, type GatewayProcess } from './support/gateway-process.js';

/**
 * Cross-site requests and security headers (issue 14, points 3 and 5): state-changing REST calls
 * take JSON only and are refused when the browser says they come from another origin; every answer
 * carries the CSP, no-framing, nosniff and referrer headers. Real auth, billing and trends services behind
 * a built gateway; a stand-in SPA build so the page headers are checked without the frontend.
 */
let env: TestEnvironment;
let services: ServiceUnderTest[] = [];
let spaDir: string;
let gateway: GatewayProcess;
let base: string;
let host: string;

const member = { username: 'xsite_member', email: 'xsite@example.com', password: 'secret-pass' };

beforeAll(async () => {
  env = await createTestEnvironment('gw-cross-site');
  spaDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-cross-site-'));
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  const serviceEnv = { ...process.env, ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: spaDir, PREVIEW_WARMUP: 'false' };
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
  ]);
  services = [
    await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl),
    await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl),
    await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...serviceEnv, HEALTH_PORT: String(await freePort()) })), env.natsUrl),
  ];
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: spaDir, SPA_DIR: spaDir, PUBLIC_ORIGINS: 'https://trendforge.example' });
  base = gateway.url;
  host = new URL(base).host;
  expect((await call(base, 'POST', '/api/auth/register', { json: member })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  for (const service of services.reverse()) await service.close();
  await env?.close();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
}, 60_000);

/** A POST with a raw body of the given type: what a form on another site makes the browser send. */
function post(urlPath: string, type: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const data = Buffer.from(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${urlPath}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': type, 'content-length': String(data.length), ...headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(raw.toString('utf8') || 'null'), raw });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

const form = new URLSearchParams({ email: member.email, password: member.password }).toString();

describe('the form login of a page on another site', () => {
  test('is refused as cross-site, and no session is started', async () => {
    const answer = await post('/api/auth/login', 'application/x-www-form-urlencoded', form, { origin: 'http://evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ statusCode: 403, message: 'Cross-site request refused' });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  test('is refused by its Referer when the browser sends no Origin', async () => {
    const answer = await post('/api/auth/login', 'application/x-www-form-urlencoded', form, { referer: 'http://evil.example/login.html' });
    expect(answer.status).toBe(403);
  });

  test('is refused for its encoding even from the own origin: writes take JSON only', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const answer = await post('/api/auth/login', type, form, { origin: base });
      expect(answer.status).toBe(415);
      expect(answer.body.message).toBe('Send the request body as JSON (Content-Type: application/json)');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  test('is refused however the path is spelt (Express routes ignore case and a trailing slash)', async () => {
    for (const urlPath of ['/API/Auth/Login', '/api/auth/login/']) {
      expect((await post(urlPath, 'application/x-www-form-urlencoded', form, { origin: 'http://evil.example' })).status).toBe(403);
      expect((await post(urlPath, 'application/x-www-form-urlencoded', form)).status).toBe(415);
    }
  });
});

test('a JSON write with a foreign Origin is refused; with none, the own or a public origin it passes', async () => {
  const login = (headers: Record<string, string>) => call(base, 'POST', '/api/auth/login', { json: { email: member.email, password: member.password }, headers });
  expect((await login({ origin: 'http://evil.example' })).status).toBe(403);
  expect((await login({ origin: `https://${host}` })).status).toBe(403);
  const allowed: Record<string, string>[] = [{}, { origin: base }, { referer: `${base}/settings` }, { origin: 'https://trendforge.example' }];
  for (const headers of allowed) {
    const answer = await login(headers);
    expect(answer.status).toBe(200);
    expect(cookieOf(answer)).not.toBe('');
  }
});

test('writes without a body (logout, favourites) need no content type but the same origin check', async () => {
  const session = cookieOf(await call(base, 'POST', '/api/auth/login', { json: { email: member.email, password: member.password } }));
  expect((await call(base, 'POST', '/api/auth/logout', { cookie: session, headers: { origin: 'http://evil.example' } })).status).toBe(403);
  expect((await call(base, 'GET', '/api/auth/me', { cookie: session })).status).toBe(200);
  expect((await call(base, 'POST', '/api/auth/logout', { cookie: session, headers: { origin: base } })).status).toBeLessThan(300);
});

test('the upload routes take a multipart form; other writes do not', async () => {
  const multipart = 'multipart/form-data; boundary=x';
  // Past the content-type check, the route's own guard answers (no session here).
  for (const route of ['/api/photos', '/api/upload', '/api/extract-traits']) expect((await post(route, multipart, '--x--\r\n')).status).toBe(401);
  const answer = await post('/api/photos', 'application/x-www-form-urlencoded', 'file=x');
  expect(answer.status).toBe(415);
  expect(answer.body.message).toBe('Send the request body as JSON or as a multipart form (Content-Type: application/json or multipart/form-data)');
});

test('GraphQL over HTTP refuses a foreign Origin too', async () => {
  const answer = await call(base, 'POST', '/graphql', { json: { query: '{ __typename }' }, headers: { origin: 'http://evil.example' } });
  expect(answer.status).toBe(403);
});

describe('security headers', () => {
  test.each(['/', '/settings', '/api/trends', '/api/auth/me'])('are on %s', async (urlPath) => {
    const answer = await call(base, 'GET', urlPath);
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over plain HTTP: HSTS would be ignored, and must not pin http://localhost to https.
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  test('are on refused writes too', async () => {
    const answer = await post('/api/auth/login', 'text/plain', form, { origin: 'http://evil.example' });
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  test('include HSTS when a proxy on this host says the request came over TLS', async () => {
    const answer = await call(base, 'GET', '/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
