import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { createPng, flushNamespace, testRedisUrl, uniqueNamespace } from '@trendforge/testing';
import { QueueName, type TraitsJob, type TraitsJobResult } from '@trendforge/contracts';

describe('traits worker', () => {
  const redisUrl = testRedisUrl();
  const namespace = uniqueNamespace('traits');
  let storageDir: string;
  let app: INestApplicationContext;

  beforeAll(async () => {
    process.env.BUS_NAMESPACE = namespace;
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-traits-'));
    const { TraitsWorkerModule } = await import('../src/worker.module.js');
    const { loadTraitsWorkerConfig } = await import('../src/config.js');
    const config = loadTraitsWorkerConfig({ REDIS_URL: redisUrl, BUS_NAMESPACE: namespace, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
    app = await NestFactory.createApplicationContext(TraitsWorkerModule.forRoot(config), { logger: ['error'] });
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await flushNamespace(redisUrl, namespace);
    await rm(storageDir, { recursive: true, force: true });
  });

  test('reads colour and light traits of a stored photo from the queue', async () => {
    const { createQueue, STORAGE } = await import('@trendforge/platform');
    const storage = app.get(STORAGE);
    await storage.put('originals/u1/warm.png', createPng({ width: 64, height: 64, color: [230, 150, 60] }), 'image/png');
    const queue = createQueue<TraitsJob, TraitsJobResult>(QueueName.traits, redisUrl);
    const events = new QueueEvents(QueueName.traits, { connection: { url: redisUrl }, prefix: namespace });
    try {
      await events.waitUntilReady();
      const job = await queue.add('analyse', { userId: 'u1', imageKey: 'originals/u1/warm.png' });
      const result = await job.waitUntilFinished(events, 20_000);
      expect(result).toEqual({ traits: ['warm tones', 'soft lighting', 'vivid colours', 'no face found'], dominantColour: '#e6963c', faces: 0 });
    } finally {
      await events.close();
      await queue.close();
    }
  });

  test('finds the face of a real photo: landmarks, age and gender presentation, expression, hair and eye colour', async () => {
    const { createQueue, STORAGE } = await import('@trendforge/platform');
    const storage = app.get(STORAGE);
    // A photo shipped inside @vladmandic/face-api (nothing downloaded).
    const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');
    await storage.put('originals/u2/people.jpg', await readFile(demo), 'image/jpeg');
    const queue = createQueue<TraitsJob, TraitsJobResult>(QueueName.traits, redisUrl);
    const events = new QueueEvents(QueueName.traits, { connection: { url: redisUrl }, prefix: namespace });
    try {
      await events.waitUntilReady();
      const job = await queue.add('analyse', { userId: 'u2', imageKey: 'originals/u2/people.jpg' });
      const result = (await job.waitUntilFinished(events, 60_000)) as TraitsJobResult & { faces: number; face: { landmarks: unknown[]; age: number; gender: string; expression: string; hairColour: string; eyeColour: string } };
      expect(result.faces).toBeGreaterThanOrEqual(2);
      expect(result.traits).toEqual(expect.arrayContaining(['face found']));
      expect(result.traits.some((t) => /presentation$/.test(t))).toBe(true);
      expect(result.traits.some((t) => /expression$/.test(t))).toBe(true);
      expect(result.face.landmarks).toHaveLength(68);
      expect(result.face.age).toBeGreaterThan(5);
      expect(['male', 'female']).toContain(result.face.gender);
      expect(result.face.hairColour).toMatch(/^#[0-9a-f]{6}$/);
      expect(result.face.eyeColour).toMatch(/^#[0-9a-f]{6}$/);
    } finally {
      await events.close();
      await queue.close();
    }
  });
});
