import { mkdtemp } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { DynamicModule } from '@nestjs/common';
import { createClient, type Client } from 'graphql-ws';
import { DataSource } from 'typeorm';
import WebSocket from 'ws';
import { createTestEnvironment, freePort, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { socketRequest } from '../src/graphql/websocket.js';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { stopTestStack } from './support/services.js';

const waitlistSources = '../../services/waitlist/src';

/**
 * GraphQL's own guards, on the built gateway with the real auth, billing, trends and waitlist
 * services: size limits before any resolver runs, no batches, rate limits per operation and per
 * client address (the tests name their address with X-Forwarded-For, honoured from loopback like
 * in production behind a proxy), a WebSocket that takes subscriptions only and only from our
 * own origin, and admin trend create/update checked like REST.
 */
let env: TestEnvironment;
let storageDir: string;
const services: ServiceUnderTest[] = [];
let billing: ServiceUnderTest;
let gateway: GatewayProcess;
let base: string;
let seq = 0;
let addresses = 0;
/** A client address of the test's own, so the per-address limits of one test do not spill into another. */
const freshAddress = () => `198.51.100.${(addresses += 1)}`;

beforeAll(async () => {
  env = await createTestEnvironment('gw-gql-limits');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-gql-limits-'));
  const serviceEnv = async () => ({ ...process.env, ...env.env, HEALTH_PORT: String(await freePort()), STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  const [{ AuthModule }, { loadAuthConfig }, { BillingModule }, { loadBillingConfig }, { TrendsModule }, { loadTrendsConfig }, waitlist] = await Promise.all([
    import('../../services/auth/src/auth.module.js'), import('../../services/auth/src/config.js'),
    import('../../services/billing/src/billing.module.js'), import('../../services/billing/src/config.js'),
    import('../../services/trends/src/trends.module.js'), import('../../services/trends/src/config.js'),
    // Loaded by path at run time (it lives outside this project's rootDir).
    Promise.all([import(`${waitlistSources}/waitlist.module.js`), import(`${waitlistSources}/config.js`)]) as Promise<
      [{ WaitlistModule: { forRoot(config: unknown): DynamicModule } }, { loadWaitlistConfig(env: NodeJS.ProcessEnv): unknown }]
    >,
  ]);
  services.push(await startServiceUnderTest(AuthModule.forRoot(loadAuthConfig(await serviceEnv())), env.natsUrl));
  billing = await startServiceUnderTest(BillingModule.forRoot(loadBillingConfig(await serviceEnv())), env.natsUrl);
  services.push(billing);
  services.push(await startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...await serviceEnv(), PREVIEW_WARMUP: 'false' })), env.natsUrl));
  const [{ WaitlistModule }, { loadWaitlistConfig }] = waitlist;
  services.push(await startServiceUnderTest(WaitlistModule.forRoot(loadWaitlistConfig(await serviceEnv())), env.natsUrl));
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, PUBLIC_ORIGINS: 'https://app.trendforge.example' });
  base = gateway.url;
}, 180_000);

afterAll(() => stopTestStack({ gateway, services, env, storageDir }), 60_000);

type GraphQLAnswer = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL data, checked by the assertions
  data?: any;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
};

async function graphql(query: string, variables: Record<string, unknown> = {}, options: { cookie?: string; address?: string } = {}): Promise<GraphQLAnswer> {
  const headers = options.address ? { 'x-forwarded-for': options.address } : undefined;
  const answer = await call(base, 'POST', '/graphql', { json: { query, variables }, cookie: options.cookie, headers });
  return { status: answer.status, ...answer.body };
}

const register = (address: string) => {
  seq += 1;
  return graphql('mutation($input: RegisterInput!) { register(input: $input) { id } }',
    { input: { username: `limits_${seq}`, email: `limits${seq}@example.com`, password: 'secret-pass' } }, { address });
};

describe('operation size', () => {
  test('12,000 aliases are refused while parsing, before any service is asked', async () => {
    const query = `{ ${Array.from({ length: 12_000 }, (_, i) => `t${i}: trends { slug }`).join(' ')} }`;
    const answer = await graphql(query);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(/^Syntax Error: Document contains more tha[nt] 2000 tokens\. Parsing aborted\.$/);
    // The trends service is still there for everyone else.
    expect((await graphql('{ trends { slug } }')).data.trends.length).toBeGreaterThan(0);
  });

  test('more than 10 aliases, more than 8 levels or too costly a selection: a validation error naming the limit', async () => {
    const aliases = await graphql(`{ ${Array.from({ length: 11 }, (_, i) => `t${i}: waitlistCount`).join(' ')} }`);
    expect([aliases.status, aliases.errors?.[0]?.extensions?.code]).toEqual([400, 'GRAPHQL_VALIDATION_FAILED']);
    expect(aliases.errors?.map((error) => error.message)).toContain('Syntax Error: Aliases limit of 10 exceeded, found 11.');

    const deep = await graphql('{ trends { a { b { c { d { e { f { g { h { i } } } } } } } } } }');
    expect(deep.status).toBe(400);
    expect(deep.errors?.map((error) => error.message)).toContain('Syntax Error: Query depth limit of 8 exceeded, found 10.');

    // Each list of 80 fields costs 2 + 1.5 × 80 (graphql-armor's defaults); ten of them are over 1,000.
    const fields = Array.from({ length: 80 }, () => 'slug').join(' ');
    const costly = await graphql(`{ ${Array.from({ length: 10 }, (_, i) => `t${i}: trends { ${fields} }`).join(' ')} }`);
    expect(costly.status).toBe(400);
    expect(costly.errors?.map((error) => error.message)).toContainEqual(expect.stringMatching(/^Syntax Error: Query Cost limit of 1000 exceeded, found \d+\.$/));
  });

  test('what the SPA asks passes the limits (frontend/src/features/generation/documents.ts)', async () => {
    const fields = 'fragment GenerationFields on Generation { id status progress position etaSeconds failureReason trendSlug prompt caption engine imageUrl thumbnailUrl previewUrl createdAt }';
    const answer = await graphql(`query Generation($id: ID!) { generation(id: $id) { ...GenerationFields } } ${fields}`, { id: '00000000-0000-4000-8000-000000000000' });
    // Past validation: the resolver answers (it wants a member).
    expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHORIZED']);
    expect((await graphql('{ trends { slug name description category premium creditsRequired } waitlistCount me { id } }')).errors).toBeUndefined();
  });

  test('batches are off: one operation per request', async () => {
    const answer = await call(base, 'POST', '/graphql', { json: [{ query: '{ waitlistCount }' }, { query: '{ waitlistCount }' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
  });
});

describe('rate limits over HTTP', () => {
  test('generate: 20 a minute per client, checked before the session like REST', async () => {
    const address = freshAddress();
    const generate = () => graphql('mutation { generate(input: { trendSlug: "pixar" }) { id } }', {}, { address });
    const codes = [];
    for (let i = 0; i < 20; i += 1) codes.push((await generate()).errors?.[0]?.extensions?.code);
    expect(codes).toEqual(Array(20).fill('UNAUTHORIZED'));
    const refused = await generate();
    expect(refused.errors?.[0]).toMatchObject({ message: 'Too many requests. Please try again later.', extensions: { code: 'RATE_LIMITED' } });
    // Another client is not affected.
    expect((await graphql('mutation { generate(input: { trendSlug: "pixar" }) { id } }', {}, { address: freshAddress() })).errors?.[0]?.extensions?.code)
      .toBe('UNAUTHORIZED');
  });

  test('generate: REST and GraphQL share one count per client (20 a minute in all, not 20 on each)', async () => {
    const address = freshAddress();
    const viaGraphql = () => graphql('mutation { generate(input: { trendSlug: "pixar" }) { id } }', {}, { address });
    const viaRest = () => call(base, 'POST', '/api/generate', { json: { trendSlug: 'pixar' }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 10; i += 1) {
      expect((await viaRest()).status).toBe(401);
      expect((await viaGraphql()).errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    }
    expect((await viaRest()).status).toBe(429);
    expect((await viaGraphql()).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  test("sign-ups and waitlist joins carry the client's address to the services' per-address limits (10 an hour)", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) expect((await register(address)).errors).toBeUndefined();
    expect((await register(address)).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect((await register(freshAddress())).errors).toBeUndefined();

    const join = () => {
      seq += 1;
      return graphql('mutation($input: JoinWaitlistInput!) { joinWaitlist(input: $input) { success } }',
        { input: { name: 'Ada Lovelace', email: `joiner${seq}@example.com` } }, { address });
    };
    for (let i = 0; i < 10; i += 1) expect((await join()).errors).toBeUndefined();
    expect((await join()).errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('malformed ids', () => {
  test('image, generation, toggleImageFavorite and deleteImage answer NOT_FOUND, before any service is asked', async () => {
    const address = freshAddress();
    seq += 1;
    const signedUp = await call(base, 'POST', '/api/auth/register', {
      json: { username: `ids_${seq}`, email: `ids${seq}@example.com`, password: 'secret-pass' }, headers: { 'x-forwarded-for': address },
    });
    const cookie = cookieOf(signedUp);
    const ask = async (query: string) => (await graphql(query, {}, { cookie, address })).errors?.[0];
    for (const id of ['not-a-uuid', "1' OR '1'='1", '00000000-0000-0000-0000-00000000000g']) {
      for (const [query, message] of [
        [`{ image(id: ${JSON.stringify(id)}) { id } }`, 'Image Not Found'],
        [`mutation { toggleImageFavorite(id: ${JSON.stringify(id)}) { id } }`, 'Image Not Found'],
        [`mutation { deleteImage(id: ${JSON.stringify(id)}) }`, 'Image Not Found'],
        [`{ generation(id: ${JSON.stringify(id)}) { id } }`, 'Generation not found'],
      ]) {
        expect(await ask(query)).toMatchObject({ message, extensions: { code: 'NOT_FOUND' } });
      }
    }
  });
});

describe('the WebSocket', () => {
  function socket(headers: Record<string, string> = {}): Client {
    class HeaderWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    }
    return createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: HeaderWebSocket, retryAttempts: 0, lazy: true });
  }

  /** The first thing the socket answers an operation: data, errors, or the close code. */
  function firstAnswer(client: Client, query: string, variables: Record<string, unknown> = {}) {
    return new Promise<{ data?: unknown; errors?: Array<{ message: string }>; closeCode?: number }>((resolve) => {
      client.subscribe({ query, variables }, {
        next: (result) => resolve({ data: result.data, errors: result.errors as Array<{ message: string }> | undefined }),
        error: (error) => resolve(Array.isArray(error) ? { errors: error } : { closeCode: (error as { code?: number }).code }),
        complete: () => undefined,
      });
    }).finally(() => client.dispose());
  }

  const SubscriptionsOnly = 'The WebSocket takes subscriptions only: send queries and mutations over HTTP (POST /graphql).';

  test('refuses a page on another origin (4403) and takes our own origins', async () => {
    const subscription = 'subscription { generationUpdated(id: "00000000-0000-4000-8000-000000000000") { id } }';
    expect(await firstAnswer(socket({ origin: 'https://evil.example' }), subscription)).toEqual({ closeCode: 4403 });
    // Allowed origins get as far as the resolver (which wants a member).
    for (const origin of ['https://app.trendforge.example', base]) {
      expect((await firstAnswer(socket({ origin }), subscription)).errors?.[0]?.message).toBe('Authentication Required');
    }
  });

  test('takes subscriptions only: register, login and queries are refused, and no account is made', async () => {
    const address = freshAddress();
    const form = { username: 'socket_signup', email: 'socket.signup@example.com', password: 'secret-pass' };
    const registered = await firstAnswer(socket({ 'x-forwarded-for': address }), 'mutation($input: RegisterInput!) { register(input: $input) { id } }', { input: form });
    expect(registered).toEqual({ errors: [expect.objectContaining({ message: SubscriptionsOnly })] });
    const login = await firstAnswer(socket(), 'mutation { login(input: { email: "socket.signup@example.com", password: "secret-pass" }) { id } }');
    expect(login.errors?.map((error) => error.message)).toEqual([SubscriptionsOnly]);
    expect((await firstAnswer(socket(), '{ waitlistCount }')).errors?.map((error) => error.message)).toEqual([SubscriptionsOnly]);
    // The account was never made: the same form registers over HTTP.
    const overHttp = await graphql('mutation($input: RegisterInput!) { register(input: $input) { email } }', { input: form }, { address });
    expect(overHttp.data).toEqual({ register: { email: form.email } });
  });

  test('the size limits hold on the socket too', async () => {
    const deep = await firstAnswer(socket(), 'subscription { generationUpdated(id: "x") { a { b { c { d { e { f { g { h { i } } } } } } } } } }');
    expect(deep.errors?.map((error) => error.message)).toContain('Syntax Error: Query depth limit of 8 exceeded, found 10.');
  });
});

describe('admin trends over GraphQL and REST, with the same checks', () => {
  async function admin() {
    const address = freshAddress();
    seq += 1;
    const answer = await call(base, 'POST', '/api/auth/register', {
      json: { username: `trend_admin_${seq}`, email: `trend.admin${seq}@example.com`, password: 'secret-pass' }, headers: { 'x-forwarded-for': address },
    });
    expect(answer.status).toBe(201);
    await billing.app.get(DataSource).query(`UPDATE billing.accounts SET role = 'admin' WHERE user_id = $1`, [answer.body.id]);
    return cookieOf(answer);
  }

  const trend = (slug: string) => ({
    slug, name: 'Sticker Sheet', description: 'Die-cut stickers of you', prompt: 'a sticker sheet',
    promptTemplate: 'a sticker sheet of {subject}', category: 'fun', creditsRequired: 2,
  });

  test('createTrend and updateTrend work over GraphQL', async () => {
    const cookie = await admin();
    const created = await graphql('mutation($input: NewTrendInput!) { createTrend(input: $input) { slug name creditsRequired } }',
      { input: { ...trend('gql-sticker'), styleOptions: [{ key: 'die_cut', label: 'Die Cut', description: 'White border' }], vibes: ['playful'] } }, { cookie });
    expect(created).toMatchObject({ data: { createTrend: { slug: 'gql-sticker', name: 'Sticker Sheet', creditsRequired: 2 } } });
    const updated = await graphql('mutation($changes: TrendChangesInput!) { updateTrend(slug: "gql-sticker", changes: $changes) { name premium } }',
      { changes: { name: 'Sticker Sheet II', premium: true } }, { cookie });
    expect(updated).toMatchObject({ data: { updateTrend: { name: 'Sticker Sheet II', premium: true } } });
  });

  test('a template without {subject} and an over-long name are refused alike over REST and GraphQL', async () => {
    const cookie = await admin();
    const badTemplate = { ...trend('bad-template'), promptTemplate: 'no subject here' };
    const rest = await call(base, 'POST', '/api/trends', { json: badTemplate, cookie });
    expect([rest.status, rest.body.message]).toEqual([400, 'promptTemplate must contain {subject}']);
    const gql = await graphql('mutation($input: NewTrendInput!) { createTrend(input: $input) { slug } }', { input: badTemplate }, { cookie });
    expect(gql.errors?.[0]).toMatchObject({ message: 'promptTemplate must contain {subject}', extensions: { code: 'BAD_REQUEST' } });

    const longName = { name: 'x'.repeat(81) };
    const restUpdate = await call(base, 'PATCH', '/api/trends/pixar', { json: longName, cookie });
    const gqlUpdate = await graphql('mutation($changes: TrendChangesInput!) { updateTrend(slug: "pixar", changes: $changes) { name } }', { changes: longName }, { cookie });
    expect(restUpdate.status).toBe(400);
    expect(gqlUpdate.errors?.[0]).toMatchObject({ message: restUpdate.body.message, extensions: { code: 'BAD_REQUEST' } });
  });
});

describe("the socket's client address", () => {
  const upgrade = (peer: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress: peer }, headers, connection: { remoteAddress: peer } }) as unknown as IncomingMessage;

  test('is the peer, or X-Forwarded-For when the peer is a trusted proxy (as Express computes req.ip)', () => {
    expect(socketRequest(upgrade('203.0.113.9', { 'x-forwarded-for': '198.51.100.1' })).ip).toBe('203.0.113.9');
    expect(socketRequest(upgrade('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).ip).toBe('198.51.100.1');
    expect(socketRequest(upgrade('10.0.0.5', { 'x-forwarded-for': '198.51.100.2, 10.0.0.7' })).ip).toBe('198.51.100.2');
  });
});
