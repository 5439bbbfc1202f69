import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ShareTokenPattern } from '@trendforge/contracts';
import type { LocalFolderStorage } from '@trendforge/platform';
import { makeCreation, signUp, startCreationStack, type CreationStack, type Member } from './support/creations.js';
import { call } from './support/gateway-process.js';

/**
 * Public share links through the built gateway against the real services: the owner creates
 * (once), reads and revokes a creation's link; anyone opens /s/<token> without signing in and
 * gets a server-rendered page with Open Graph and Twitter tags, the image and a 1200×630 preview
 * (kept in storage after the first request); revoked or unknown, all of it is 404.
 */
let stack: CreationStack | undefined;
let storage: LocalFolderStorage;
let base: string;
const LinksPerHour = 4;

beforeAll(async () => {
  stack = await startCreationStack('share', {
    servicesEnv: { SHARE_LINKS_PER_HOUR: String(LinksPerHour) },
    // With a built SPA, as in production: its fallback must leave /s/ to the gateway.
    // The public origin the tags' absolute URLs start with, whatever Host a request brings.
    gatewayEnv: async (storageDir) => ({ SPA_DIR: await fakeSpa(storageDir), PUBLIC_ORIGIN: 'https://trendforge.example' }),
  });
  ({ storage, base } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.close();
}, 60_000);

/** A built SPA of one file, in the storage folder (removed with it). */
async function fakeSpa(storageDir: string): Promise<string> {
  const dir = path.join(storageDir, 'spa');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root">the SPA shell</div>');
  return dir;
}

const member = (role?: Parameters<typeof signUp>[2]) => signUp(base, stack!.services.images, role);
const creation = (userId: string, caption?: string) => makeCreation(stack!.services.images, storage, userId, { caption, colour: '#ff8800' });
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('share links', () => {
  let owner: Member;

  beforeAll(async () => {
    owner = await member('pro');
  });

  test('the owner creates one link per creation (asked again, the same one), reads it and revokes it', async () => {
    const { id } = await creation(owner.id);
    const created = await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: owner.cookie });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ token: expect.stringMatching(ShareTokenPattern), url: `/s/${created.body.token}` });
    expect((await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: owner.cookie })).body).toEqual(created.body);
    expect((await call(base, 'GET', `/api/images/${id}/share-link`, { cookie: owner.cookie })).body).toEqual(created.body);

    expect((await call(base, 'DELETE', `/api/images/${id}/share-link`, { cookie: owner.cookie })).body).toEqual({ revoked: true });
    const gone = await call(base, 'GET', `/api/images/${id}/share-link`, { cookie: owner.cookie });
    expect([gone.status, gone.body.message]).toEqual([404, 'This image has no share link']);
  });

  test("another member's creation is not found for every link route; signed out is a 401", async () => {
    const { id } = await creation(owner.id);
    await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: owner.cookie });
    const stranger = await member();
    for (const method of ['POST', 'GET', 'DELETE']) {
      const answer = await call(base, method, `/api/images/${id}/share-link`, { cookie: stranger.cookie });
      expect([method, answer.status, answer.body.message]).toEqual([method, 404, 'Image Not Found']);
      expect((await call(base, method, `/api/images/${id}/share-link`)).status).toBe(401);
    }
    // Still the owner's active link.
    expect((await call(base, 'GET', `/api/images/${id}/share-link`, { cookie: owner.cookie })).status).toBe(200);
  });

  test('the public page: server-rendered, no sign-in, every value escaped, with Open Graph and Twitter tags', async () => {
    const caption = 'Me & my "fox" <script>alert(1)</script>';
    const { id, png } = await creation(owner.id, caption);
    const { token } = (await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: owner.cookie })).body;

    // A forged Host (and forwarded host) never makes the tags' URLs: they start with PUBLIC_ORIGIN.
    const page = await call(base, 'GET', `/s/${token}`, { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'attacker.example', host: 'attacker.example' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const html = page.raw.toString('utf8');
    expect(html).not.toContain('the SPA shell');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<p>Me &amp; my &quot;fox&quot; &lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(html).toContain('<h1>Pixar</h1>');
    expect(html).toContain('<a href="/">Create your own</a>');
    expect(html).toContain(`<img src="/s/${token}/image.png"`);
    expect({
      title: metaOf(html, 'og:title'), description: metaOf(html, 'og:description'), image: metaOf(html, 'og:image'), url: metaOf(html, 'og:url'),
      width: metaOf(html, 'og:image:width'), height: metaOf(html, 'og:image:height'), card: metaOf(html, 'twitter:card'), twitterImage: metaOf(html, 'twitter:image'),
    }).toEqual({
      title: 'Pixar style on TrendForge', description: 'Me &amp; my &quot;fox&quot; &lt;script&gt;alert(1)&lt;/script&gt;',
      image: `https://trendforge.example/s/${token}/preview.jpg`, url: `https://trendforge.example/s/${token}`,
      width: '1200', height: '630', card: 'summary_large_image', twitterImage: `https://trendforge.example/s/${token}/preview.jpg`,
    });

    const image = await call(base, 'GET', `/s/${token}/image.png`);
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/png']);
    expect(image.raw.equals(png)).toBe(true);

    const preview = await call(base, 'GET', `/s/${token}/preview.jpg`);
    expect(await sharp(preview.raw).metadata()).toEqual(expect.objectContaining({ format: 'jpeg', width: 1200, height: 630 }));
    // Made once, then served from storage: the same bytes, and the stored file is what goes out.
    const kept = await storage.get(`shares/${owner.id}/${id}-og.jpg`);
    expect(kept.equals(preview.raw)).toBe(true);
    expect((await call(base, 'GET', `/s/${token}/preview.jpg`)).raw.equals(kept)).toBe(true);
  });

  test('revoked or unknown: the page is a 404 page (HTML), the image and preview 404 too', async () => {
    // A member of their own: the links above count against the owner's hourly limit.
    const sharer = await member();
    const { id } = await creation(sharer.id);
    const { token } = (await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: sharer.cookie })).body;
    expect((await call(base, 'GET', `/s/${token}`)).status).toBe(200);
    await call(base, 'DELETE', `/api/images/${id}/share-link`, { cookie: sharer.cookie });

    for (const gone of [token, 'A'.repeat(43), 'not-a-token']) {
      const page = await call(base, 'GET', `/s/${gone}`);
      expect([page.status, page.headers['content-type']]).toEqual([404, expect.stringMatching(/^text\/html/)]);
      expect(page.raw.toString('utf8')).toContain('Link not found');
      for (const file of ['image.png', 'preview.jpg']) expect((await call(base, 'GET', `/s/${gone}/${file}`)).status).toBe(404);
    }
    // Sharing again gives a new link; the old one stays dead.
    const renewed = (await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: sharer.cookie })).body;
    expect(renewed.token).not.toBe(token);
    expect((await call(base, 'GET', `/s/${renewed.token}`)).status).toBe(200);
    expect((await call(base, 'GET', `/s/${token}`)).status).toBe(404);
  });

  test('link creation is rate-limited per member', async () => {
    const busy = await member();
    const ids = [];
    for (let i = 0; i <= LinksPerHour; i++) ids.push((await creation(busy.id)).id);
    for (const id of ids.slice(0, LinksPerHour)) expect((await call(base, 'POST', `/api/images/${id}/share-link`, { cookie: busy.cookie })).status).toBe(201);
    const refused = await call(base, 'POST', `/api/images/${ids[LinksPerHour]}/share-link`, { cookie: busy.cookie });
    expect([refused.status, refused.body.message]).toEqual([429, 'You have created too many share links. Please try again in an hour.']);
  });
});
