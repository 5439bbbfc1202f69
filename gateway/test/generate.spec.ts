import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Module, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { queueWorkerModule } from '@trendforge/platform';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { loadGenerationWorkerConfig } from '../../services/generation-worker/src/config.js';
import { GenerationProcessor, IMAGE_PROVIDER } from '../../services/generation-worker/src/generation.processor.js';
import { StudioProvider, type ImageProvider } from '../../services/generation-worker/src/providers.js';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startGenerationServices, type GenerationServices } from './support/services.js';

@Module({})
class GenerationWorkerUnderTest {}

/**
 * The studio engine; a render whose prompt has a gate here hands its image back only once the test
 * opens it. Every render sends its midpoint preview (the worker's own leaves it out of a render
 * quick to its midpoint, as most are on an idle machine).
 */
class GatedStudio implements ImageProvider {
  readonly engine = 'studio' as const;
  readonly gates = new Map<string, Promise<void>>();
  private readonly studio = new StudioProvider({ previewAfterMs: 0 });

  async render(...[job, ...rest]: Parameters<ImageProvider['render']>) {
    const image = await this.studio.render(job, ...rest);
    await this.gates.get(job.userPrompt);
    return image;
  }
}
const studio = new GatedStudio();

/**
 * POST /api/generate and the GraphQL `generate` mutation with idempotency keys, through the built
 * gateway against the real services and a generation worker (the offline studio engine).
 */
let env: TestEnvironment;
let services: GenerationServices | undefined;
let worker: INestApplicationContext | undefined;
let storageDir: string;
let gateway: GatewayProcess | undefined;
let base: string;

beforeAll(async () => {
  env = await createTestEnvironment('gw-generate');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-generate-'));
  const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  services = await startGenerationServices(env, serviceEnv);
  worker = await NestFactory.createApplicationContext(queueWorkerModule({
    module: GenerationWorkerUnderTest, name: 'generation-worker', config: loadGenerationWorkerConfig(await services.envWithPort()), consumer: GenerationProcessor,
    providers: [{ provide: IMAGE_PROVIDER, useValue: studio }],
  }), { logger: ['error'] });
  await worker.init();
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  base = gateway.url;
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await worker?.close();
  await services?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

async function member(): Promise<string> {
  const name = `gen${randomUUID().slice(0, 8)}`;
  const answer = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  expect(answer.status).toBe(201);
  return cookieOf(answer);
}
const usage = async (cookie: string) => (await call(base, 'GET', '/api/auth/me', { cookie })).body.monthlyUsage as number;
const generate = (cookie: string, headers: Record<string, string> = {}) =>
  call(base, 'POST', '/api/generate', { cookie, headers, json: { trendSlug: 'pixar', userPrompt: 'a fox astronaut' } });

test('POST /api/generate: the same Idempotency-Key is the same image and one charge, however often sent', async () => {
  const cookie = await member();
  const headers = { 'idempotency-key': randomUUID() };
  const answers = await Promise.all([generate(cookie, headers), generate(cookie, headers), generate(cookie, headers)]);
  expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
  const [first] = answers;
  expect(first.body).toEqual(expect.objectContaining({ imageUrl: expect.stringMatching(/^\/api\/images\/.+\/file\/result$/), caption: expect.any(String) }));
  expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  expect((await generate(cookie, headers)).body.id).toBe(first.body.id);
  expect(await usage(cookie)).toBe(1);

  // Without a key (or with another one) it is another generation.
  expect((await generate(cookie, { 'idempotency-key': randomUUID() })).body.id).not.toBe(first.body.id);
  expect(await usage(cookie)).toBe(2);
}, 60_000);

test('a malformed Idempotency-Key is a clear 400, and nothing is charged', async () => {
  const cookie = await member();
  const answer = await generate(cookie, { 'idempotency-key': 'k'.repeat(129) });
  expect(answer).toEqual(expect.objectContaining({ status: 400, body: { statusCode: 400, message: 'Idempotency-Key must be 1 to 128 printable characters' } }));
  expect(await usage(cookie)).toBe(0);
});

test('styleIntensity outside 1 to 10 is a clear 400, and nothing is charged', async () => {
  const cookie = await member();
  for (const styleIntensity of [0, 11, 7.5, '7']) {
    const answer = await call(base, 'POST', '/api/generate', { cookie, json: { trendSlug: 'pixar', userPrompt: 'a fox astronaut', styleIntensity } });
    expect(answer).toEqual(expect.objectContaining({ status: 400, body: expect.objectContaining({ message: 'styleIntensity must be a whole number from 1 to 10' }) }));
  }
  expect(await usage(cookie)).toBe(0);
});

test('Prefer: respond-async answers 202 at acceptance; the generation is then followed to its end', async () => {
  const cookie = await member();
  const accepted = await generate(cookie, { prefer: 'respond-async', 'idempotency-key': randomUUID() });
  expect(accepted.status).toBe(202);
  expect(accepted.headers['preference-applied']).toBe('respond-async');
  expect(accepted.body.generation).toEqual(expect.objectContaining({ id: accepted.body.id, status: expect.stringMatching(/queued|active/) }));
  let state = accepted.body.generation;
  for (let i = 0; i < 300 && state.status !== 'completed' && state.status !== 'failed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = (await call(base, 'GET', `/api/generations/${accepted.body.id}`, { cookie })).body;
  }
  expect(state).toEqual(expect.objectContaining({ status: 'completed', imageUrl: expect.any(String), etaSeconds: null }));
}, 60_000);

test('GraphQL generate: the same idempotencyKey argument is the same generation', async () => {
  const cookie = await member();
  const query = 'mutation G($input: GenerateInput!, $key: String) { generate(input: $input, idempotencyKey: $key) { id status position etaSeconds } }';
  const variables = { input: { trendSlug: 'pixar', userPrompt: 'a fox' }, key: randomUUID() };
  const send = () => call(base, 'POST', '/graphql', { cookie, json: { query, variables } });
  const [a, b] = await Promise.all([send(), send()]);
  expect(a.body.errors).toBeUndefined();
  expect(a.body.data.generate.id).toBe(b.body.data.generate.id);
  expect(await usage(cookie)).toBe(1);
});

test("GET /api/generations/:id/preview: the picture forming is its owner's only (the engine's midpoint JPEG, never cached), gone once the image is in", async () => {
  const [cookie, someoneElse] = [await member(), await member()];
  const userPrompt = `a fox astronaut ${randomUUID()}`;
  let open = () => undefined as void;
  studio.gates.set(userPrompt, new Promise<void>((resolve) => { open = resolve; }));
  try {
    const accepted = await call(base, 'POST', '/api/generate', { cookie, headers: { prefer: 'respond-async' }, json: { trendSlug: 'pixar', userPrompt } });
    const id = accepted.body.id as string;
    // The engine's preview is pushed while its image waits at the gate.
    let state = accepted.body.generation;
    for (let i = 0; i < 600 && !state.previewUrl; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call(base, 'GET', `/api/generations/${id}`, { cookie })).body;
    }
    expect(state).toEqual(expect.objectContaining({ status: 'active', previewUrl: `/api/generations/${id}/preview?n=1` }));
    const preview = await call(base, 'GET', state.previewUrl, { cookie });
    expect(preview.status).toBe(200);
    expect(preview.headers).toEqual(expect.objectContaining({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' }));
    expect(preview.raw.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await call(base, 'GET', state.previewUrl, { cookie: someoneElse })).status).toBe(404);
    expect((await call(base, 'GET', state.previewUrl)).status).toBe(401);

    open();
    for (let i = 0; i < 600 && state.status !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await call(base, 'GET', `/api/generations/${id}`, { cookie })).body;
    }
    expect(state).toEqual(expect.objectContaining({ status: 'completed', previewUrl: null, imageUrl: expect.any(String) }));
    expect((await call(base, 'GET', `/api/generations/${id}/preview`, { cookie })).status).toBe(404);
  } finally {
    open();
  }
}, 120_000);
