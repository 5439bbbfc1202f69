import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import pg from 'pg';
import { createTestEnvironment, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { CatalogueMaxAgeMs } from '../src/catalogue/catalogue.js';
import { call, cookieOf, startGatewayProcess, type Answer, type GatewayProcess } from './support/gateway-process.js';
import { startGenerationServices, type GenerationServices } from './support/services.js';

/**
 * The catalogue the gateways serve from memory (catalogue/): two gateway replicas in front of the
 * real auth, billing, trends and waitlist services. A change is seen at once on the replica that
 * made it and, through the services' `catalogue.changed` notices, on the other within
 * CatalogueMaxAgeMs at worst; members' own parts never reach anyone else.
 */
let env: TestEnvironment;
let services: GenerationServices | undefined;
let waitlist: ServiceUnderTest | undefined;
let storageDir: string;
let one: GatewayProcess | undefined;
let other: GatewayProcess | undefined;
let database: pg.Client;

beforeAll(async () => {
  env = await createTestEnvironment('gw-catalogue');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-catalogue-'));
  const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  services = await startGenerationServices(env, serviceEnv);
  const [{ WaitlistModule }, { loadWaitlistConfig }] = (await Promise.all([
    import('../../services/waitlist/src/waitlist.module.js'), import('../../services/waitlist/src/config.js'),
  ])) as [{ WaitlistModule: { forRoot(config: unknown): DynamicModule } }, { loadWaitlistConfig(env: NodeJS.ProcessEnv): unknown }];
  waitlist = await startServiceUnderTest(WaitlistModule.forRoot(loadWaitlistConfig({ ...await services.envWithPort(), WAITLIST_JOINS_PER_IP: '1000' })), env.natsUrl);
  // The address budget above one route's limit (600), so both are seen.
  const gatewayEnv = { ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, RATE_LIMIT_PER_ADDRESS: String(AddressBudget) };
  [one, other] = await Promise.all([startGatewayProcess(gatewayEnv), startGatewayProcess(gatewayEnv)]);
  database = new pg.Client({ connectionString: env.db.url });
  await database.connect();
}, 180_000);

afterAll(async () => {
  await database?.end();
  await Promise.all([one?.close(), other?.close()]);
  await waitlist?.close();
  await services?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

/** Requests a minute per address over every route (RATE_LIMIT_PER_ADDRESS). */
const AddressBudget = 700;

let addressSeq = 0;
/** Each caller from its own address, so the per-address limits never get in the way. */
const address = () => `203.0.113.${(addressSeq += 1) % 250}`;
const get = (gateway: GatewayProcess | undefined, urlPath: string, headers: Record<string, string> = {}) =>
  call(gateway!.url, 'GET', urlPath, { headers: { 'x-forwarded-for': address(), ...headers } });
const graphql = (gateway: GatewayProcess | undefined, query: string, cookie?: string, variables?: Record<string, unknown>) =>
  call(gateway!.url, 'POST', '/graphql', { json: { query, variables }, cookie, headers: { 'x-forwarded-for': address() } });

async function member(role?: 'admin' | 'pro'): Promise<{ id: string; cookie: string }> {
  const name = `cat${randomUUID().slice(0, 8)}`;
  const answer = await call(one!.url, 'POST', '/api/auth/register', {
    json: { username: name, email: `${name}@example.com`, password: 'secret-pass' }, headers: { 'x-forwarded-for': address() },
  });
  expect(answer.status).toBe(201);
  if (role) await database.query('UPDATE billing.accounts SET role = $1 WHERE user_id = $2', [role, answer.body.id]);
  return { id: answer.body.id, cookie: cookieOf(answer) };
}

/** Reads until `check` holds, for at most the stated delay (and a little for the read itself). */
async function withinStatedDelay(read: () => Promise<Answer>, check: (answer: Answer) => boolean): Promise<Answer> {
  const deadline = Date.now() + CatalogueMaxAgeMs + 2_000;
  for (;;) {
    const answer = await read();
    if (check(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`still stale after ${CatalogueMaxAgeMs} ms: ${answer.raw.toString().slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads twice: the first may fill the cache through Nest, the second comes from the fast lane. */
const warm = async (gateway: GatewayProcess | undefined, urlPath: string) => {
  await get(gateway, urlPath);
  return get(gateway, urlPath);
};

type BoardRow = { slug: string; votes: number; voted: boolean };
const row = (answer: Answer, slug: string): BoardRow => (answer.body as BoardRow[]).find((trend) => trend.slug === slug)!;

test('a cached read: the same bytes from Nest and from the fast lane, a strong ETag, 304 on If-None-Match, the security headers', async () => {
  const first = await get(one, '/api/trends');
  const second = await get(one, '/api/trends');
  expect(first.status).toBe(200);
  expect(second.raw.equals(first.raw)).toBe(true);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
  for (const header of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy', 'x-ratelimit-limit']) {
    expect(second.headers[header]).toBe(first.headers[header]);
  }
  const notModified = await get(one, '/api/trends', { 'if-none-match': second.headers.etag as string });
  expect(notModified.status).toBe(304);
  expect(notModified.raw.length).toBe(0);

  for (const urlPath of ['/api/trends/slug/pixar', '/api/trends/pixar/style-options', '/api/waitlist/count', '/api/trends/voting']) {
    const [nest, fast] = [await get(one, urlPath), await get(one, urlPath)];
    expect([nest.status, fast.status]).toEqual([200, 200]);
    expect(fast.raw.equals(nest.raw)).toBe(true);
    expect((await get(one, urlPath, { 'if-none-match': fast.headers.etag as string })).status).toBe(304);
  }
  expect((await get(one, '/api/trends/slug/no-such-trend')).status).toBe(404);

  const query = '{ trends { slug name premium } }';
  const [apollo, cached] = [await graphql(one, query), await graphql(one, query)];
  expect(cached.status).toBe(200);
  expect(cached.raw.equals(apollo.raw)).toBe(true);
  expect(cached.body.data.trends.length).toBe(first.body.length);
});

test('the fast lane keeps the per-address limit: one count with Nest, 429 past it', async () => {
  const client = { 'x-forwarded-for': '198.51.100.7' };
  const statuses: number[] = [];
  for (let i = 0; i < 601; i++) statuses.push((await call(one!.url, 'GET', '/api/trends/elections', { headers: client })).status);
  expect(statuses.slice(0, 600).every((status) => status === 200)).toBe(true);
  expect(statuses[600]).toBe(429);
  // Another address is not affected.
  expect((await get(one, '/api/trends/elections')).status).toBe(200);
}, 60_000);

test("cached reads count in the address's budget over all routes, shared by the replicas", async () => {
  const client = { 'x-forwarded-for': '198.51.100.8' };
  const statuses: number[] = [];
  // Two routes, each below its own limit (600), together the whole budget.
  for (const urlPath of ['/api/trends', '/api/waitlist/count']) {
    for (let i = 0; i < AddressBudget / 2; i++) statuses.push((await call(one!.url, 'GET', urlPath, { headers: client })).status);
  }
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  // Spent by cached reads alone: a route Nest answers is refused.
  const refused = await call(one!.url, 'GET', '/api/auth/me', { headers: client });
  expect([refused.status, refused.body]).toEqual([429, { statusCode: 429, message: 'Too many requests. Please try again later.' }]);
  // The replica that heard so refuses cached reads at once; the other one (which counts them in
  // batches, without waiting for Redis) from the first answer to its batch on: long before the
  // route's own limit of 600.
  expect((await call(one!.url, 'GET', '/api/trends/elections', { headers: client })).status).toBe(429);
  let served = 0;
  while ((await call(other!.url, 'GET', '/api/trends/elections', { headers: client })).status === 200) served += 1;
  expect(served).toBeLessThan(600);
  expect((await call(other!.url, 'GET', '/api/trends/elections', { headers: client })).status).toBe(429);
}, 120_000);

test("an admin's edit is seen at once through the replica that made it, and within the stated delay through the other", async () => {
  const admin = await member('admin');
  for (const gateway of [one, other]) {
    await warm(gateway, '/api/trends');
    await warm(gateway, '/api/trends/slug/ghibli');
    await graphql(gateway, '{ trend(slug: "ghibli") { description } }');
  }
  const description = `Hand-painted skies ${randomUUID().slice(0, 6)}`;
  const edit = await call(one!.url, 'PATCH', '/api/trends/ghibli', { cookie: admin.cookie, json: { description }, headers: { 'x-forwarded-for': address() } });
  expect(edit.status).toBe(200);

  expect((await get(one, '/api/trends/slug/ghibli')).body.description).toBe(description);
  expect((await get(one, '/api/trends')).body.find((trend: { slug: string }) => trend.slug === 'ghibli').description).toBe(description);
  expect((await graphql(one, '{ trend(slug: "ghibli") { description } }')).body.data.trend.description).toBe(description);

  await withinStatedDelay(() => get(other, '/api/trends/slug/ghibli'), (answer) => answer.body.description === description);
  await withinStatedDelay(() => get(other, '/api/trends'), (answer) => answer.body.find((trend: { slug: string }) => trend.slug === 'ghibli').description === description);
  await withinStatedDelay(() => graphql(other, '{ trend(slug: "ghibli") { description } }'), (answer) => answer.body.data.trend.description === description);
}, 60_000);

test("a vote: the voter sees it at once, others see the count within the stated delay, and nobody else gets the voter's flag", async () => {
  const voter = await member();
  const bystander = await member();
  const boardQuery = '{ votingTrends { slug votes voted } }';
  const before = row(await warm(one, '/api/trends/voting'), 'barbie');
  await warm(other, '/api/trends/voting');
  await graphql(one, boardQuery);
  await graphql(one, boardQuery);

  expect((await call(one!.url, 'POST', '/api/trends/barbie/vote', { cookie: voter.cookie, headers: { 'x-forwarded-for': address() } })).status).toBe(201);

  // The voter, at once, over REST and GraphQL (on the replica that took the vote).
  expect(row(await get(one, '/api/trends/voting', { cookie: voter.cookie }), 'barbie')).toEqual(expect.objectContaining({ votes: before.votes + 1, voted: true }));
  const votersBoard = await graphql(one, boardQuery, voter.cookie);
  expect(votersBoard.body.data.votingTrends.find((trend: BoardRow) => trend.slug === 'barbie')).toEqual({ slug: 'barbie', votes: before.votes + 1, voted: true });

  // Visitors: the new count, never the voter's flag (the same GraphQL text right after the voter's).
  const visitors = await get(one, '/api/trends/voting');
  expect(row(visitors, 'barbie')).toEqual(expect.objectContaining({ votes: before.votes + 1, voted: false }));
  expect((visitors.body as BoardRow[]).every((trend) => !trend.voted)).toBe(true);
  const visitorsBoard = await graphql(one, boardQuery);
  expect(visitorsBoard.body.data.votingTrends.every((trend: BoardRow) => !trend.voted)).toBe(true);
  expect(visitorsBoard.body.data.votingTrends.find((trend: BoardRow) => trend.slug === 'barbie').votes).toBe(before.votes + 1);

  // The other replica: the count within the stated delay; another member sees it unvoted.
  await withinStatedDelay(() => get(other, '/api/trends/voting'), (answer) => row(answer, 'barbie').votes === before.votes + 1);
  expect(row(await get(other, '/api/trends/voting', { cookie: bystander.cookie }), 'barbie')).toEqual(expect.objectContaining({ votes: before.votes + 1, voted: false }));
  expect(row(await get(other, '/api/trends/voting', { cookie: voter.cookie }), 'barbie').voted).toBe(true);

  // Taking it back through the other replica: at once there, within the delay on the first.
  expect((await call(other!.url, 'DELETE', '/api/trends/barbie/vote', { cookie: voter.cookie, headers: { 'x-forwarded-for': address() } })).status).toBe(200);
  expect(row(await get(other, '/api/trends/voting', { cookie: voter.cookie }), 'barbie')).toEqual(expect.objectContaining({ votes: before.votes, voted: false }));
  await withinStatedDelay(() => get(one, '/api/trends/voting', { cookie: voter.cookie }), (answer) => !row(answer, 'barbie').voted && row(answer, 'barbie').votes === before.votes);
}, 60_000);

test('a favourite is the member’s own: seen at once by them through either replica, never by others', async () => {
  const fan = await member('pro');
  const someoneElse = await member('pro');
  await warm(one, '/api/trends');
  expect((await call(one!.url, 'POST', '/api/trends/pixar/favorite', { cookie: fan.cookie, headers: { 'x-forwarded-for': address() } })).status).toBe(201);
  for (const gateway of [one, other]) {
    expect((await get(gateway, '/api/trends/favorites', { cookie: fan.cookie })).body.map((trend: { slug: string }) => trend.slug)).toEqual(['pixar']);
    expect((await get(gateway, '/api/auth/me', { cookie: fan.cookie })).body.favoriteTrends).toEqual(['pixar']);
    expect((await get(gateway, '/api/trends/favorites', { cookie: someoneElse.cookie })).body).toEqual([]);
  }
  const publicList = await get(one, '/api/trends', { cookie: fan.cookie });
  expect(publicList.raw.includes('favorite')).toBe(false);
});

test('a waitlist join moves the count at once on the replica that took it, within the stated delay on the other', async () => {
  const before = (await warm(one, '/api/waitlist/count')).body.count as number;
  await warm(other, '/api/waitlist/count');
  await graphql(other, '{ waitlistCount }');
  const name = `Wait ${randomUUID().slice(0, 6)}`;
  const joined = await call(one!.url, 'POST', '/api/waitlist', { json: { name, email: `${randomUUID()}@example.com` }, headers: { 'x-forwarded-for': address() } });
  expect(joined.status).toBe(201);
  expect((await get(one, '/api/waitlist/count')).body.count).toBe(before + 1);
  await withinStatedDelay(() => get(other, '/api/waitlist/count'), (answer) => answer.body.count === before + 1);
  await withinStatedDelay(() => graphql(other, '{ waitlistCount }'), (answer) => answer.body.data.waitlistCount === before + 1);
});
