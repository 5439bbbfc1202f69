import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { StorageKeys, type Role } from '@trendforge/contracts';
import { LocalFolderStorage, type ObjectStorage } from '@trendforge/platform';
import { createTestEnvironment, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';
import { call, cookieOf, startGatewayProcess, type GatewayProcess } from './gateway-process.js';
import { startGenerationServices, type GenerationServices } from './services.js';

/** The creation side behind the built gateway: the generation services and the gateway on one local storage folder. */
export interface CreationStack {
  services: GenerationServices;
  storageDir: string;
  storage: LocalFolderStorage;
  base: string;
  /** Stops what started (also after a start that failed half-way) and removes the storage folder. */
  close(): Promise<void>;
}

/**
 * Starts the stack for the suite `name`. `servicesEnv` adds to the services' environment (limits);
 * `gatewayEnv` adds to the gateway's, given the storage folder (e.g. a built SPA kept in it).
 */
export async function startCreationStack(
  name: string,
  { servicesEnv = {}, gatewayEnv }: { servicesEnv?: NodeJS.ProcessEnv; gatewayEnv?: (storageDir: string) => Promise<Record<string, string>> } = {},
): Promise<CreationStack> {
  let env: TestEnvironment | undefined;
  let services: GenerationServices | undefined;
  let gateway: GatewayProcess | undefined;
  let storageDir: string | undefined;
  const close = async () => {
    await gateway?.close();
    await services?.close();
    await env?.close();
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  };
  try {
    env = await createTestEnvironment(`gw-${name}`);
    storageDir = await mkdtemp(path.join(os.tmpdir(), `tf-gw-${name}-`));
    const storage = new LocalFolderStorage(storageDir);
    await storage.ensureReady();
    const storageEnv = { STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
    services = await startGenerationServices(env, { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', ...storageEnv, ...servicesEnv });
    gateway = await startGatewayProcess({ ...env.env, ...storageEnv, ...(gatewayEnv ? await gatewayEnv(storageDir) : {}) });
    return { services, storageDir, storage, base: gateway.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Member {
  id: string;
  cookie: string;
}

/** A new member signed up through the gateway, on `role` (set in billing, the only writer of plans). */
export async function signUp(base: string, images: ServiceUnderTest, role: Role = 'free'): Promise<Member> {
  const name = `m${randomUUID().slice(0, 12).replace(/-/g, '')}`;
  const answer = await call(base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'secret-pass' } });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  if (role !== 'free') await images.bus.send('billing.setPlan', { userId: answer.body.id, role, actorId: randomUUID() });
  return { id: answer.body.id, cookie: cookieOf(answer) };
}

/**
 * A finished creation, as a generation worker leaves it: accepted by the images service, its
 * result (a small PNG of `colour`) and thumbnail stored, completion reported. Answers its id and PNG.
 */
export async function makeCreation(
  images: ServiceUnderTest, storage: ObjectStorage, userId: string,
  { trendSlug = 'pixar', prompt = 'a brave fox astronaut', colour = '#3366ff', caption = 'Created in Pixar style with TrendForge' }:
    { trendSlug?: string; prompt?: string; colour?: string; caption?: string } = {},
): Promise<{ id: string; png: Buffer }> {
  const { id } = await images.bus.send('images.generation.request', { userId, trendSlug, userPrompt: prompt });
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: colour } }).png().toBuffer();
  const resultKey = StorageKeys.result(userId, id);
  const thumbnailKey = StorageKeys.thumbnail(userId, id);
  await storage.put(resultKey, png, 'image/png');
  await storage.put(thumbnailKey, await sharp(png).resize(32).webp().toBuffer(), 'image/webp');
  await images.bus.send('images.generation.completed', { id, resultKey, thumbnailKey, caption, engine: 'studio' });
  return { id, png };
}
