import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TemporarilyUnavailable } from '@trendforge/contracts';
import { createTestEnvironment, PostgresFront, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startGenerationServices, type GenerationServices } from './support/services.js';

/**
 * PostgreSQL restarting under the services (played on the suite's own database through a TCP
 * front: its connections terminated with 57P01, new ones refused with 57P03, then back), through
 * the built gateway: REST answers 503 with Retry-After and a plain text, GraphQL the same text with
 * code UNAVAILABLE, status 503 and Retry-After, and the same request with the same
 * Idempotency-Key, sent again once the database is back, is one generation and one charge.
 */
let env: TestEnvironment;
let front: PostgresFront | undefined;
let services: GenerationServices | undefined;
let gateway: GatewayProcess | undefined;
let storageDir: string;
let base: string;
let sql: pg.Client;

beforeAll(async () => {
  env = await createTestEnvironment('gw-db-restart');
  front = await PostgresFront.start(env.db.url);
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-db-restart-'));
  const storage = { STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  services = await startGenerationServices(env, { ...process.env, ...env.env, DATABASE_URL: front.url, REGISTRATIONS_PER_IP: '1000', ...storage });
  gateway = await startGatewayProcess({ ...env.env, DATABASE_URL: front.url, ...storage });
  base = gateway.url;
}, 180_000);

afterAll(async () => {
  front?.comeBack();
  await sql?.end();
  await gateway?.close();
  await services?.close();
  await front?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

const input = { trendSlug: 'pixar', userPrompt: 'a lighthouse in the rain' };
const generateRest = (cookie: string, key: string) =>
  call(base, 'POST', '/api/generate', { cookie, json: input, headers: { 'idempotency-key': key, prefer: 'respond-async' } });
const mutation = 'mutation G($input: GenerateInput!, $key: String) { generate(input: $input, idempotencyKey: $key) { id status } }';
const generateGraphQL = (cookie: string, key: string) =>
  call(base, 'POST', '/graphql', { cookie, json: { query: mutation, variables: { input, key } }, headers: { accept: 'application/graphql-response+json, application/json;q=0.9' } });

test('a database restart is 503 with Retry-After and a plain text, then the same key is one generation and one charge', async () => {
  const name = `dbr${randomUUID().slice(0, 8)}`;
  const registered = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  expect(registered.status).toBe(201);
  const cookie = cookieOf(registered);
  const key = randomUUID();

  await front!.goDown();
  const rest = await generateRest(cookie, key);
  expect({ status: rest.status, retryAfter: rest.headers['retry-after'], body: rest.body }).toEqual({
    status: 503,
    retryAfter: String(TemporarilyUnavailable.retryAfterSeconds),
    body: { statusCode: 503, message: TemporarilyUnavailable.message },
  });
  const graphql = await generateGraphQL(cookie, key);
  // GraphQL answers are 200 with the status in the error's extensions (NestJS keeps them 200 for clients).
  expect({ status: graphql.status, retryAfter: graphql.headers['retry-after'], errors: graphql.body.errors }).toEqual({
    status: 200,
    retryAfter: String(TemporarilyUnavailable.retryAfterSeconds),
    errors: [expect.objectContaining({
      message: TemporarilyUnavailable.message,
      extensions: { code: 'UNAVAILABLE', status: 503, retryAfterSeconds: TemporarilyUnavailable.retryAfterSeconds },
    })],
  });

  front!.comeBack();
  // What a client told "Retry-After" does: the same request with the same key, until it is accepted.
  let accepted = await generateRest(cookie, key);
  for (let i = 0; i < 100 && accepted.status === 503; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    accepted = await generateRest(cookie, key);
  }
  expect(accepted.status).toBe(202);
  const again = await generateGraphQL(cookie, key);
  expect(again.status).toBe(200);
  expect(again.body.data.generate.id).toBe(accepted.body.id);

  sql = new pg.Client({ connectionString: env.db.url });
  await sql.connect();
  const generations = await sql.query('SELECT id FROM images.generations WHERE idempotency_key = $1', [key]);
  expect(generations.rows).toEqual([{ id: accepted.body.id }]);
  const charges = await sql.query('SELECT generation_id FROM billing.charges WHERE generation_id = $1', [accepted.body.id]);
  expect(charges.rowCount).toBe(1);
}, 120_000);
