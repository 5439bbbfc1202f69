import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createRedis } from '@trendforge/platform';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { call, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';

/**
 * Two gateway processes on one stack (the same Redis namespace) enforce one rate limit: the
 * counters live in Redis, not in each process. POST /api/generate allows 20 calls a minute per
 * client; the limit is checked before the session, so calls without one count too (and answer 401).
 * Besides each route's limit, one budget per client address covers every route, on both
 * gateways, HTTP requests and WebSocket subscribes together (RATE_LIMIT_PER_ADDRESS, 40 here); and
 * each gateway holds at most CONNECTIONS_PER_ADDRESS (3 here) connections of one client.
 */
const Budget = 40;
const Connections = 3;
const RateLimited = 'Too many requests. Please try again later.';
let env: TestEnvironment;
let storageDir: string;
let gateways: GatewayProcess[] = [];

beforeAll(async () => {
  env = await createTestEnvironment('gw-throttle');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-throttle-'));
  const gatewayEnv = {
    ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, RATE_LIMIT_PER_ADDRESS: String(Budget), CONNECTIONS_PER_ADDRESS: String(Connections),
  };
  gateways = await Promise.all([startGatewayProcess(gatewayEnv), startGatewayProcess(gatewayEnv)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

test('20 generate calls a minute per client across both gateways together, not 20 on each', async () => {
  const answers = [];
  for (let i = 0; i < 20; i += 1) answers.push(await call(gateways[i % 2].url, 'POST', '/api/generate', { json: {} }));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(401));
  // One count: each answer, from either gateway, has one call fewer left.
  expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(Array.from({ length: 20 }, (_, i) => String(19 - i)));

  for (const gateway of gateways) {
    const refused = await call(gateway.url, 'POST', '/api/generate', { json: {} });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // No framework class in the answer.
    expect(refused.body).toEqual({ statusCode: 429, message: 'Too many requests. Please try again later.' });
  }
  // Another route keeps its own count.
  expect((await call(gateways[1].url, 'GET', '/api/auth/me')).status).toBe(401);
}, 60_000);

test("the counters are the stack's: under its namespace in Redis, with an expiry", async () => {
  const redis = createRedis(env.redisUrl);
  try {
    const keys = await redis.keys(`${env.namespace}:throttle:*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
  } finally {
    redis.disconnect();
  }
});

/** A graphql-ws client from `address` (behind the gateway's trusted proxy: loopback); `connected` settles once the server took it or closed it (its close code). */
function socketFrom(gateway: GatewayProcess, address: string) {
  class ForwardedWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { 'x-forwarded-for': address, origin: gateway.url } });
    }
  }
  let settle!: (outcome: 'connected' | number) => void;
  const connected = new Promise<'connected' | number>((resolve) => (settle = resolve));
  const client = createClient({
    url: `${gateway.url.replace('http', 'ws')}/graphql`, webSocketImpl: ForwardedWebSocket, retryAttempts: 0, lazy: false, onNonLazyError: () => undefined,
    on: { connected: () => settle('connected'), closed: (event) => settle((event as { code: number }).code) },
  });
  return Object.assign(client, { connected });
}

/** The first error message a subscription gets (none reaches its data here: nobody is signed in). */
function subscribeOnce(client: Client): Promise<string | undefined> {
  const query = 'subscription { generationUpdated(id: "00000000-0000-4000-8000-000000000000") { id } }';
  return new Promise((resolve) => {
    client.subscribe({ query }, {
      next: (result) => resolve((result.errors as Array<{ message: string }> | undefined)?.[0]?.message),
      error: (error) => resolve(Array.isArray(error) ? (error as Array<{ message: string }>)[0]?.message : String(error)),
      complete: () => resolve(undefined),
    });
  });
}

test('one budget per address over every route and both gateways, WebSocket subscribes included', async () => {
  const client = { 'x-forwarded-for': '203.0.113.40' };
  const routes = ['/api/auth/me', '/api/auth/sessions', '/api/referrals/mine'];
  const http = [];
  for (let i = 0; i < 30; i += 1) http.push(await call(gateways[i % 2].url, 'GET', routes[i % routes.length], { headers: client }));
  expect(http.map((answer) => answer.status)).toEqual(Array(30).fill(401));
  // Each route is far from its own limit (600); the address's budget is one count over all of them.
  expect(http.map((answer) => answer.headers['x-ratelimit-remaining-address'])).toEqual(Array.from({ length: 30 }, (_, i) => String(Budget - 1 - i)));

  // The rest of the budget spent over the WebSocket: its connection counts one, and each subscribe
  // one (each refused for want of a session, but counted).
  const socket = socketFrom(gateways[0], '203.0.113.40');
  expect(await socket.connected).toBe('connected');
  for (let i = 0; i < Budget - 31; i += 1) expect(await subscribeOnce(socket)).toBe('Authentication Required');

  // Spent: every route on either gateway, and the WebSocket, are refused until the window ends.
  for (const [i, route] of routes.entries()) {
    const refused = await call(gateways[i % 2].url, 'GET', route, { headers: client });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ statusCode: 429, message: RateLimited });
  }
  expect(await subscribeOnce(socket)).toBe(RateLimited);
  await socket.dispose();
  // A new connection is closed with 4429.
  const refused = socketFrom(gateways[1], '203.0.113.40');
  expect(await refused.connected).toBe(4429);
  await refused.dispose();
  // Another address has its own budget.
  expect((await call(gateways[1].url, 'GET', '/api/auth/me', { headers: { 'x-forwarded-for': '203.0.113.41' } })).status).toBe(401);
}, 60_000);

test('a gateway holds at most CONNECTIONS_PER_ADDRESS WebSockets of one client (through the trusted proxy); one more is refused with 429 until one closes', async () => {
  const open = (address: string) => new Promise<WebSocket | number>((resolve) => {
    const ws = new WebSocket(`${gateways[0].url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
      headers: { 'x-forwarded-for': address, origin: gateways[0].url },
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => undefined);
  });
  const sockets: WebSocket[] = [];
  for (let i = 0; i < Connections; i += 1) sockets.push(await open('203.0.113.50') as WebSocket);
  expect(sockets.every((ws) => ws instanceof WebSocket)).toBe(true);
  expect(await open('203.0.113.50')).toBe(429);
  // Another client is let in.
  const other = await open('203.0.113.51');
  expect(other).toBeInstanceOf(WebSocket);

  const closed = once(sockets[0], 'close');
  sockets[0].close();
  await closed;
  // The server's side of the close follows the client's: the freed place is taken within a moment.
  let again: WebSocket | number = 429;
  while (again === 429) again = await open('203.0.113.50');
  expect(again).toBeInstanceOf(WebSocket);
  for (const ws of [...sockets.slice(1), other as WebSocket, again as WebSocket]) ws.close();
}, 60_000);
