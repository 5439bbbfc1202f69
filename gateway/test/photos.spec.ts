import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createClient } from 'graphql-ws';
import sharp from 'sharp';
import WebSocket from 'ws';
import { manyFacesNote, PhotoMessages, type PhotoView } from '@trendforge/contracts';
import { createTestEnvironment, type TestEnvironment } from '@trendforge/testing';
import { loadTraitsWorkerConfig } from '../../services/traits-worker/src/config.js';
import { TraitsWorkerModule } from '../../services/traits-worker/src/worker.module.js';
import { TRAITS_QUEUE, type TraitsQueue } from '../../services/images/src/photos.service.js';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startGenerationServices, type GenerationServices } from './support/services.js';

/**
 * Creation photos through the built gateway, with the real images service and a real
 * traits-worker: checked by decoding, stored without metadata and owner-only, analysed through
 * the traits queue, the traits pushed over graphql-ws and answered by POST /api/extract-traits.
 */
let env: TestEnvironment;
let services: GenerationServices | undefined;
let traitsWorker: INestApplicationContext | undefined;
let storageDir: string;
let gateway: GatewayProcess | undefined;
let base: string;
let face: Buffer;

const require = createRequire(import.meta.url);
const demoPhoto = (n: number) => readFile(path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`));

beforeAll(async () => {
  env = await createTestEnvironment('gw-photos');
  storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-gw-photos-'));
  const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
  services = await startGenerationServices(env, serviceEnv);
  gateway = await startGatewayProcess({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  base = gateway.url;
  face = await demoPhoto(1);
}, 180_000);

afterAll(async () => {
  await gateway?.close();
  await traitsWorker?.close();
  await services?.close();
  await env?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
}, 60_000);

async function startTraitsWorker() {
  traitsWorker = await NestFactory.createApplicationContext(TraitsWorkerModule.forRoot(loadTraitsWorkerConfig(await services!.envWithPort())), { logger: ['error'] });
  await traitsWorker.init();
}

async function member(): Promise<string> {
  const name = `ph${randomUUID().slice(0, 8)}`;
  const answer = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  expect(answer.status).toBe(201);
  return cookieOf(answer);
}

const upload = (cookie: string, data: Buffer, filename = 'me.jpg', type = 'image/jpeg') =>
  call(base, 'POST', '/api/photos', { cookie, multipart: { filename, type, data } });

/** Follows photoUpdated(id) over graphql-ws with the member's cookie until the analysis ends. */
/** Follows a photo over graphql-ws: `first` is the state it starts from, `seen` every state until the analysis ends. */
function followPhoto(cookie: string, id: string): { first: Promise<PhotoView>; seen: Promise<PhotoView[]> } {
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: { cookie } });
    }
  }
  const client = createClient({ url: `${base.replace('http', 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0 });
  const seen: PhotoView[] = [];
  let first!: (photo: PhotoView) => void;
  const firstSeen = new Promise<PhotoView>((resolve) => (first = resolve));
  const ended = new Promise<PhotoView[]>((resolve, reject) => {
    client.subscribe<{ photoUpdated: PhotoView }>(
      { query: 'subscription($id: ID!) { photoUpdated(id: $id) { id url status traits faces note failureReason createdAt } }', variables: { id } },
      {
        next: ({ data, errors }) => {
          if (errors?.length) reject(new Error(errors.map((e) => e.message).join('; ')));
          if (!data) return;
          seen.push(data.photoUpdated);
          first(data.photoUpdated);
          if (data.photoUpdated.status !== 'analyzing') resolve(seen);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(seen),
      },
    );
  }).finally(() => void client.dispose());
  return { first: Promise.race([firstSeen, ended.then((all) => all[0])]), seen: ended };
}

/** A PNG whose header says 20000 × 20000 pixels (a decompression bomb), only a few hundred bytes long. */
function hugePngHeader(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

test('refusals by content, with the spec texts: 20 MB, a text file named .jpg, a 20000 × 20000 PNG; the gateway stays healthy', async () => {
  const cookie = await member();
  const big = await upload(cookie, Buffer.alloc(20 * 1024 * 1024, 1));
  expect(big).toEqual(expect.objectContaining({ status: 413, body: { statusCode: 413, message: PhotoMessages.tooLarge } }));
  const text = await upload(cookie, Buffer.from('just some words, not a picture\n'.repeat(40)), 'me.jpg', 'image/jpeg');
  expect(text).toEqual(expect.objectContaining({ status: 400, body: { statusCode: 400, message: PhotoMessages.invalidType } }));
  const bomb = await upload(cookie, hugePngHeader(), 'big.png', 'image/png');
  expect(bomb).toEqual(expect.objectContaining({ status: 413, body: { statusCode: 413, message: PhotoMessages.tooManyPixels(20_000, 20_000) } }));
  // A GIF decodes but is not one of the accepted types.
  const gif = await upload(cookie, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).gif().toBuffer(), 'a.gif', 'image/gif');
  expect(gif.status).toBe(400);
  expect((await call(base, 'GET', '/readyz')).status).toBe(200);
  // Signed out: no upload at all.
  expect((await upload('', face)).status).toBe(401);
});

test('a stored photo has its EXIF orientation applied and no metadata left (EXIF, GPS); it is its owner\'s only', async () => {
  const cookie = await member();
  // A 600 × 400 landscape tagged "rotate 90°" (a phone held upright), with camera and GPS tags.
  const tagged = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c08040' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Snap 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
  expect((await sharp(tagged).metadata()).exif).toBeDefined();
  const answer = await upload(cookie, tagged);
  expect(answer.status).toBe(201);
  const photo = answer.body as PhotoView;
  expect(photo).toEqual(expect.objectContaining({ id: expect.any(String), url: `/api/photos/${photo.id}/file`, status: 'analyzing' }));

  const file = await call(base, 'GET', photo.url, { cookie });
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toBe('image/jpeg');
  const stored = await sharp(file.raw).metadata();
  expect([stored.width, stored.height]).toEqual([400, 600]);
  expect(stored.exif).toBeUndefined();
  expect(stored.orientation).toBeUndefined();
  expect(file.raw.includes(Buffer.from('PhoneCo'))).toBe(false);

  const stranger = await member();
  expect((await call(base, 'GET', photo.url, { cookie: stranger })).status).toBe(404);
  expect((await call(base, 'GET', `/api/photos/${photo.id}`, { cookie: stranger })).status).toBe(404);
  // The same bytes again are the same photo (a double click is one upload, one analysis).
  expect((await upload(cookie, tagged)).body.id).toBe(photo.id);
});

test('traits come from traits-worker only: pushed over graphql-ws, read by GET, answered by both forms of POST /api/extract-traits', async () => {
  const cookie = await member();
  const uploaded = (await upload(cookie, face)).body as PhotoView;
  expect(uploaded.status).toBe('analyzing');
  // No traits-worker yet: the photo waits in the queue, nobody else detects faces. Its job is
  // there, waiting, and no worker serves the queue: nothing can have analysed it.
  const following = followPhoto(cookie, uploaded.id);
  expect((await following.first).status).toBe('analyzing');
  const traitsQueue = services!.images.app.get<TraitsQueue>(TRAITS_QUEUE);
  expect(await traitsQueue.getJobState(uploaded.id)).toBe('waiting');
  expect(await traitsQueue.getWorkersCount()).toBe(0);
  expect((await call(base, 'GET', `/api/photos/${uploaded.id}`, { cookie })).body.status).toBe('analyzing');

  await startTraitsWorker();
  const seen = await following.seen;
  expect(seen[0].status).toBe('analyzing');
  const done = seen.at(-1)!;
  // sample1 shows three people: the largest face is used, and the member is told.
  expect(done).toEqual(expect.objectContaining({ id: uploaded.id, status: 'done', faces: 3, note: manyFacesNote(3) }));
  expect(done.traits.length).toBeGreaterThan(0);
  expect((await call(base, 'GET', `/api/photos/${uploaded.id}`, { cookie })).body).toEqual(done);

  const json = await call(base, 'POST', '/api/extract-traits', { cookie, json: { imageUrl: uploaded.url, trendName: 'Pixar', trendSlug: 'pixar' } });
  expect(json.status).toBe(200);
  expect(json.body.traits).toBe(done.traits.join(', '));

  const multipart = await call(base, 'POST', '/api/extract-traits', { cookie, multipart: { field: 'image', filename: 'me.jpg', type: 'image/jpeg', data: await demoPhoto(3) } });
  expect(multipart.status).toBe(200);
  expect(multipart.body.traits).toEqual(expect.arrayContaining([expect.any(String)]));
  expect(multipart.body).toEqual(expect.objectContaining({ status: 'done', faces: expect.any(Number), photoId: expect.any(String) }));

  // Someone else's photo URL is not a way in.
  const stranger = await member();
  expect((await call(base, 'POST', '/api/extract-traits', { cookie: stranger, json: { imageUrl: uploaded.url } })).status).toBe(404);
  expect((await call(base, 'POST', '/api/extract-traits', { cookie: stranger, json: { imageUrl: 'https://elsewhere.example/me.jpg' } })).status).toBe(400);
}, 120_000);

test("another member's photo in a generate request is 404 and charges nothing", async () => {
  const owner = await member();
  const photo = (await upload(owner, face)).body as PhotoView;
  const stranger = await member();
  const before = (await call(base, 'GET', '/api/auth/me', { cookie: stranger })).body.monthlyUsage;
  const answer = await call(base, 'POST', '/api/generate', {
    cookie: stranger,
    headers: { prefer: 'respond-async' },
    json: { trendSlug: 'pixar', userPrompt: 'me as a hero', photoId: photo.id, personalization: 'black hair, glasses' },
  });
  expect(answer).toEqual(expect.objectContaining({ status: 404, body: { statusCode: 404, message: PhotoMessages.notFound } }));
  const byUrl = await call(base, 'POST', '/api/generate', {
    cookie: stranger, headers: { prefer: 'respond-async' }, json: { trendSlug: 'pixar', userPrompt: 'me as a hero', photoUrl: photo.url },
  });
  expect(byUrl.status).toBe(404);
  expect((await call(base, 'GET', '/api/auth/me', { cookie: stranger })).body.monthlyUsage).toBe(before);
});
