import { randomUUID } from 'node:crypto';
import { ShareTokenPattern } from '@trendforge/contracts';
import type { Bus } from '@trendforge/platform';
import { failureOf } from '@trendforge/testing';
import { ShareMessages } from '../src/share-links.service.js';
import { startImagesStack, type ImagesStack } from './support.js';

/** Public share links over the bus on the real schema: owner-only, one active per creation, revocable, rate-limited. */
describe('images service: share links', () => {
  let stack: ImagesStack;
  let bus: Bus;
  const LinksPerHour = 3;

  beforeAll(async () => {
    stack = await startImagesStack('images-share', { SHARE_LINKS_PER_HOUR: String(LinksPerHour) });
    ({ bus } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** A finished creation of `userId`, as the worker reports it. */
  async function creation(userId: string): Promise<string> {
    const { id } = await bus.send('images.generation.request', { userId, trendSlug: 'pixar', userPrompt: 'a fox' });
    await bus.send('images.generation.completed', {
      id, resultKey: `results/${userId}/${id}.png`, thumbnailKey: `thumbnails/${userId}/${id}.webp`, caption: 'Created in Pixar style with TrendForge', engine: 'studio',
    });
    return id;
  }

  test('the owner makes one link per creation (asked again, the same one); anyone with the token sees the creation', async () => {
    const owner = randomUUID();
    const id = await creation(owner);
    const [first, ...again] = await Promise.all([1, 2, 3].map(() => bus.send('images.shareLink.create', { id, userId: owner })));
    expect(first.token).toMatch(ShareTokenPattern);
    expect(again).toEqual([first, first]);
    expect(await bus.send('images.shareLink.get', { id, userId: owner })).toEqual(first);

    const shared = await bus.send('images.shareLink.resolve', { token: first.token });
    expect(shared).toEqual({
      token: first.token, trendName: 'Pixar', previewKey: `shares/${owner}/${id}-og.jpg`,
      creation: expect.objectContaining({ id, userId: owner, caption: 'Created in Pixar style with TrendForge' }),
    });
  });

  test("another member can neither make, read nor revoke a creation's link", async () => {
    const owner = randomUUID();
    const id = await creation(owner);
    const { token } = await bus.send('images.shareLink.create', { id, userId: owner });
    const stranger = randomUUID();
    for (const pattern of ['images.shareLink.create', 'images.shareLink.get', 'images.shareLink.revoke'] as const) {
      expect(await failureOf(bus.send(pattern, { id, userId: stranger }))).toEqual({ code: 'NOT_FOUND', message: 'Image Not Found' });
    }
    expect((await bus.send('images.shareLink.resolve', { token })).creation.id).toBe(id);
  });

  test('revoked, the token is gone for good; sharing again makes a new one', async () => {
    const owner = randomUUID();
    const id = await creation(owner);
    const { token } = await bus.send('images.shareLink.create', { id, userId: owner });
    expect(await bus.send('images.shareLink.revoke', { id, userId: owner })).toEqual({ revoked: true });
    expect(await bus.send('images.shareLink.revoke', { id, userId: owner })).toEqual({ revoked: true });
    expect(await failureOf(bus.send('images.shareLink.resolve', { token }))).toEqual({ code: 'NOT_FOUND', message: ShareMessages.notFound });
    expect(await failureOf(bus.send('images.shareLink.get', { id, userId: owner }))).toEqual({ code: 'NOT_FOUND', message: ShareMessages.noLink });

    const renewed = await bus.send('images.shareLink.create', { id, userId: owner });
    expect(renewed.token).not.toBe(token);
    expect((await bus.send('images.shareLink.resolve', { token: renewed.token })).creation.id).toBe(id);
  });

  test('unknown and malformed tokens are not found; deleting the creation ends its link', async () => {
    for (const token of ['x'.repeat(43), 'short', '../../etc/passwd', '']) {
      expect(await failureOf(bus.send('images.shareLink.resolve', { token }))).toEqual({ code: 'NOT_FOUND', message: ShareMessages.notFound });
    }
    const owner = randomUUID();
    const id = await creation(owner);
    const { token } = await bus.send('images.shareLink.create', { id, userId: owner });
    await bus.send('images.delete', { id, userId: owner });
    expect(await failureOf(bus.send('images.shareLink.resolve', { token }))).toEqual({ code: 'NOT_FOUND', message: ShareMessages.notFound });
  });

  test('a member makes at most SHARE_LINKS_PER_HOUR new links an hour; the links already made are still answered', async () => {
    const owner = randomUUID();
    const ids = [];
    for (let i = 0; i <= LinksPerHour; i++) ids.push(await creation(owner));
    const made = [];
    for (const id of ids.slice(0, LinksPerHour)) made.push(await bus.send('images.shareLink.create', { id, userId: owner }));
    expect(await failureOf(bus.send('images.shareLink.create', { id: ids[LinksPerHour], userId: owner }))).toEqual({ code: 'RATE_LIMITED', message: ShareMessages.tooMany });
    expect(await bus.send('images.shareLink.create', { id: ids[0], userId: owner })).toEqual(made[0]);
    // Another member has their own allowance.
    const other = randomUUID();
    expect((await bus.send('images.shareLink.create', { id: await creation(other), userId: other })).token).toMatch(ShareTokenPattern);
  });
});
