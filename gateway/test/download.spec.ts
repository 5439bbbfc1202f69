import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import type { GenerationJob } from '@trendforge/contracts';
import { createQueue, LocalFolderStorage } from '@trendforge/platform';
import { renderTrend } from '@trendforge/imaging';
import { createTestEnvironment, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startGenerationServices, type GenerationServices } from './support/services.js';

/**
 * Downloads through the gateway against the real auth, billing, trends and images services: the
 * stored result as an attachment, and the 4K export rendered again from the creation's stored
 * inputs by generation-worker's `renders` consumer (here in the test's process) — for its owner
 * only. The gateway runs built, in a child process (support/gateway-process.ts).
 */
let env: TestEnvironment;
let services: GenerationServices | undefined;
let images: ServiceUnderTest;
let rendersWorker: INestApplicationContext | undefined;
let queue: Queue<GenerationJob>;
let storageDir: string;
let storage: LocalFolderStorage;
let gateway: GatewayProcess | undefined;
let base: string;

beforeAll(async () => {
  env = await createTestEnvironment('gw-download');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-download-'));
  storage = new LocalFolderStorage(storageDir);
  await storage.ensureReady();
  const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  const [{ RendersWorkerModule }, { loadGenerationWorkerConfig }] = await Promise.all([
    import('../../services/generation-worker/src/renders.processor.js'), import('../../services/generation-worker/src/config.js'),
  ]);
  services = await startGenerationServices(env, serviceEnv);
  images = services.images;
  rendersWorker = await NestFactory.createApplicationContext(RendersWorkerModule.forRoot(loadGenerationWorkerConfig(serviceEnv)), { logger: ['error'] });
  await rendersWorker.init();
  queue = createQueue('generation', env.redisUrl);
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  base = gateway.url;
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await queue?.close();
  await rendersWorker?.close();
  await services?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

let seq = 0;
async function member(): Promise<{ id: string; cookie: string }> {
  seq += 1;
  const answer = await call(base, 'POST', '/api/auth/register', { json: { username: `downloader_${seq}`, email: `downloader${seq}@example.com`, password: 'secret-pass' } });
  expect(answer.status).toBe(201);
  return { id: answer.body.id, cookie: cookieOf(answer) };
}

/** A finished creation, made as the generation worker makes it: the queued job rendered at its preset. */
async function creation(userId: string): Promise<{ id: string; result: Buffer }> {
  const generation = await images.bus.send('images.generation.request', {
    userId, trendSlug: 'pixar', userPrompt: 'a brave fox astronaut', vibe: 'dreamy', aspect: '1:1', styleOptions: { exaggerated_eyes: true },
  });
  const job = (await queue.getJob(generation.id))!.data;
  const { png } = await renderTrend({
    trendSlug: job.trendSlug, trendName: job.trendName, prompt: job.userPrompt, seed: job.seed, aspect: job.aspect, styleOptions: job.styleOptions, vibe: job.vibe,
  });
  const resultKey = `results/${userId}/${generation.id}.png`;
  const thumbnailKey = `thumbnails/${userId}/${generation.id}.webp`;
  await storage.put(resultKey, png, 'image/png');
  await storage.put(thumbnailKey, await sharp(png).resize(64).webp().toBuffer(), 'image/webp');
  await images.bus.send('images.generation.completed', { id: generation.id, resultKey, thumbnailKey, caption: 'Created in Pixar style with TrendForge', engine: 'studio' });
  return { id: generation.id, result: png };
}

describe('downloads', () => {
  let owner: { id: string; cookie: string };
  let stranger: { id: string; cookie: string };
  let made: { id: string; result: Buffer };

  beforeAll(async () => {
    [owner, stranger] = [await member(), await member()];
    // 4K downloads are for the Basic plan and above (gallery.spec.ts: a free member is refused).
    await images.bus.send('billing.setPlan', { userId: owner.id, role: 'basic', actorId: randomUUID() });
    made = await creation(owner.id);
  }, 60_000);

  test('without a size: the stored result as an attachment with a readable file name', async () => {
    const answer = await call(base, 'GET', `/api/images/${made.id}/download`, { cookie: owner.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="trendforge-pixar-a-brave-fox-astronaut-\d{8}-\d{6}\.png"$/);
    expect(answer.raw.equals(made.result)).toBe(true);
  });

  test('size=4k: the same creation rendered again at 3840 px, the same bytes every time', async () => {
    const first = await call(base, 'GET', `/api/images/${made.id}/download?size=4k`, { cookie: owner.cookie });
    expect(first.status).toBe(200);
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="trendforge-pixar-a-brave-fox-astronaut-\d{8}-\d{6}-4k\.png"$/);
    const meta = await sharp(first.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 3840, 3840]);

    // It is this creation (not another seed or trend): scaled down, it matches the stored result closely.
    const small = await sharp(first.raw).resize(256, 256).raw().toBuffer();
    const stored = await sharp(made.result).resize(256, 256).raw().toBuffer();
    let diff = 0;
    for (let i = 0; i < small.length; i++) diff += Math.abs(small[i] - stored[i]);
    expect(diff / small.length).toBeLessThan(12);

    // Rendered again from scratch (the kept export removed), the bytes are identical, for downloads at once too.
    await storage.delete(`exports/${owner.id}/${made.id}-4k.png`);
    const again = await Promise.all(['4K', '4k', '4k'].map((size) => call(base, 'GET', `/api/images/${made.id}/download?size=${size}`, { cookie: owner.cookie })));
    for (const second of again) {
      expect(second.status).toBe(200);
      expect(second.raw.equals(first.raw)).toBe(true);
    }
  }, 120_000);

  test("another member's creation is not found, with or without a size; strangers get nothing", async () => {
    for (const query of ['', '?size=4k']) {
      const answer = await call(base, 'GET', `/api/images/${made.id}/download${query}`, { cookie: stranger.cookie });
      expect([answer.status, answer.body?.message]).toEqual([404, 'Image Not Found']);
      expect((await call(base, 'GET', `/api/images/${made.id}/download${query}`)).status).toBe(401);
    }
    expect((await call(base, 'GET', '/api/images/not-a-uuid/download', { cookie: owner.cookie })).status).toBe(404);
  });

  test('an unknown size is refused', async () => {
    const answer = await call(base, 'GET', `/api/images/${made.id}/download?size=8k`, { cookie: owner.cookie });
    expect([answer.status, answer.body?.message]).toEqual([400, 'size must be 4k or left out']);
  });
});
