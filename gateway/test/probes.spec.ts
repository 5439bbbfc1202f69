import { connect } from 'node:net';
import { mkdtemp, mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { call, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { stopTestStack } from './support/services.js';

/**
 * The gateway's own probes (DESIGN section 1, "Health"): GET /livez answers while the process runs,
 * GET /readyz checks only its own Redis, storage and NATS connection — here with no service and no
 * worker running at all, which only the deep GET /api/health reports. The built gateway runs in a
 * child process (support/gateway-process.ts) with the SPA served, so the probes must win over the
 * SPA's fallback.
 */
let env: TestEnvironment;
let dir: string;
let storageDir: string;
let gateway: GatewayProcess | undefined;

beforeAll(async () => {
  env = await createTestEnvironment('gw-probes');
  dir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-probes-'));
  storageDir = path.join(dir, 'storage');
  const spaDir = path.join(dir, 'spa');
  await mkdir(storageDir);
  await mkdir(spaDir);
  await writeFile(path.join(spaDir, 'index.html'), '<!doctype html><title>TrendForge</title>');
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, SPA_DIR: spaDir, HTTP_HEADERS_TIMEOUT_MS: '1000' });
}, 120_000);

afterAll(() => stopTestStack({ gateway, services: [], env, storageDir: dir }), 60_000);

test('GET /livez: the process answers', async () => {
  const answer = await call(gateway!.url, 'GET', '/livez');
  expect([answer.status, answer.body]).toEqual([200, { status: 'up' }]);
});

test('GET /readyz: ready on its own Redis, storage and NATS, though no service or worker runs', async () => {
  const ready = await call(gateway!.url, 'GET', '/readyz');
  expect([ready.status, ready.body]).toEqual([200, { status: 'up', details: { redis: 'up', storage: 'up', nats: 'up' } }]);
  // The deep view for people does see that nothing behind the gateway answers.
  const deep = await call(gateway!.url, 'GET', '/api/health');
  expect(deep.status).toBe(503);
  // The SPA still has every other path.
  const page = await call(gateway!.url, 'GET', '/dashboard');
  expect([page.status, String(page.headers['content-type'])]).toEqual([200, expect.stringMatching(/^text\/html/)]);
});

test('GET /readyz: 503 naming its storage when that is gone, while /livez stays 200', async () => {
  await rename(storageDir, `${storageDir}-gone`);
  try {
    const ready = await call(gateway!.url, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'down', details: expect.objectContaining({ redis: 'up', nats: 'up', storage: expect.stringMatching(/^down: /) }) });
    expect((await call(gateway!.url, 'GET', '/livez')).status).toBe(200);
  } finally {
    await rename(`${storageDir}-gone`, storageDir);
  }
  expect((await call(gateway!.url, 'GET', '/readyz')).status).toBe(200);
});

test('a client that sends its request head slowly is cut off (headersTimeout), not held open', async () => {
  const { port } = new URL(gateway!.url);
  const socket = connect(Number(port), '127.0.0.1');
  const answer: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => answer.push(chunk));
  // Half a request head, then nothing: the server must end the connection itself (408).
  socket.write('GET /livez HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  expect(Buffer.concat(answer).toString()).toMatch(/^HTTP\/1\.1 408/);
}, 90_000);

test('in production the deep health view names services, queues and workers only to internal callers', async () => {
  const production = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, SPA_DIR: path.join(dir, 'spa'), NODE_ENV: 'production' });
  try {
    const outsider = await call(production.url, 'GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(outsider.body).toEqual({ status: 'error' }); // no service runs here
    const internal = await call(production.url, 'GET', '/api/health');
    expect(internal.body).toEqual(expect.objectContaining({ status: 'error', services: expect.any(Object), queues: expect.any(Object) }));
  } finally {
    await production.close();
  }
}, 180_000);
