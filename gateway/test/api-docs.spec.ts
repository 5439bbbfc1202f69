import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildSchema } from 'graphql';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { call, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { stopTestStack } from './support/services.js';

/**
 * The committed API documents (gateway/openapi.json and gateway/schema.graphql) are what the built
 * gateway produces: a REST or GraphQL change without `npm run docs:api -w @trendforge/gateway` fails
 * here. The running gateway serves the same OpenAPI document at /api/docs outside production only.
 */
const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = (name: string) => readFile(path.join(gatewayDir, name), 'utf8');
const regenerate = 'the committed file is out of date: run `npm run docs:api -w @trendforge/gateway`';

let env: TestEnvironment;
let dir: string;
let storageEnv: Record<string, string>;
let gateway: GatewayProcess | undefined;

beforeAll(async () => {
  env = await createTestEnvironment('gw-api-docs');
  dir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-api-docs-'));
  await mkdir(path.join(dir, 'storage'));
  storageEnv = { STORAGE_DRIVER: 'local', STORAGE_DIR: path.join(dir, 'storage') };
  gateway = await startGatewayProcess({ ...env.env, ...storageEnv });
}, 120_000);

afterAll(() => stopTestStack({ gateway, services: [], env, storageDir: dir }), 60_000);

test('the built gateway writes exactly the committed openapi.json and schema.graphql', async () => {
  const outDir = path.join(dir, 'docs');
  await mkdir(outDir);
  await promisify(execFile)(process.execPath, [path.join(gatewayDir, 'dist/api-docs-cli.js'), outDir], {
    env: { ...process.env, ...env.env, ...storageEnv, LOG_LEVEL: 'warn' },
  });
  for (const name of ['openapi.json', 'schema.graphql']) {
    const written = await readFile(path.join(outDir, name), 'utf8');
    expect({ file: name, matches: written === (await committed(name)) || regenerate }).toEqual({ file: name, matches: true });
  }
});

test('GET /api/docs-json: the running gateway serves the committed document; /api/docs is the interactive page', async () => {
  const json = await call(gateway!.url, 'GET', '/api/docs-json');
  expect(json.status).toBe(200);
  expect(json.body).toEqual(JSON.parse(await committed('openapi.json')));
  // Admin paths are documented as needing the session cookie.
  expect(json.body.paths['/api/admin/members/{userId}/plan'].put.security).toEqual([{ session: [] }]);
  const page = await call(gateway!.url, 'GET', '/api/docs');
  expect([page.status, String(page.headers['content-type'])]).toEqual([200, expect.stringMatching(/^text\/html/)]);
});

test("the running GraphQL schema has the committed SDL's types and operations", async () => {
  const sdl = buildSchema(await committed('schema.graphql'));
  const query = '{ __schema { types { name } queryType { fields { name } } mutationType { fields { name } } } }';
  const answer = await call(gateway!.url, 'POST', '/graphql', { json: { query } });
  expect(answer.status).toBe(200);
  const running = answer.body.data.__schema;
  const names = (list: { name: string }[]) => list.map((item) => item.name).sort();
  expect(names(running.types)).toEqual(Object.keys(sdl.getTypeMap()).sort());
  expect(names(running.queryType.fields)).toEqual(Object.keys(sdl.getQueryType()!.getFields()).sort());
  expect(names(running.mutationType.fields)).toEqual(Object.keys(sdl.getMutationType()!.getFields()).sort());
});

test('NODE_ENV=production: nothing is mounted at /api/docs, and GraphQL neither answers introspection nor suggests field names', async () => {
  const production = await startGatewayProcess({ ...env.env, ...storageEnv, NODE_ENV: 'production' });
  try {
    expect((await call(production.url, 'GET', '/api/docs')).status).toBe(404);
    expect((await call(production.url, 'GET', '/api/docs-json')).status).toBe(404);
    const introspection = await call(production.url, 'POST', '/graphql', { json: { query: '{ __schema { queryType { name } } }' } });
    expect(introspection.body.data?.__schema).toBeUndefined();
    expect(JSON.stringify(introspection.body.errors)).toMatch(/introspection/i);
    // A near miss of an admin mutation is refused without naming it.
    const nearMiss = await call(production.url, 'POST', '/graphql', { json: { query: 'mutation { adminSetPlann }' } });
    expect(nearMiss.body.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(nearMiss.body)).not.toMatch(/Did you mean/);
  } finally {
    await production.close();
  }
}, 120_000);
