import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { StorageKeys, type Role } from '@trendforge/contracts';
import type { ObjectStorage } from '@trendforge/platform';
import type { ServiceUnderTest } from '@trendforge/testing';
import { call, cookieOf } from './gateway-process.js';

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
