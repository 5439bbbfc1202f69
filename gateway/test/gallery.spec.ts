import yauzl from 'yauzl';
import { Export4kRefusal, PageQueryMessages, type ImagePageView } from '@trendforge/contracts';
import type { LocalFolderStorage } from '@trendforge/platform';
import { makeCreation, signUp, startCreationStack, type CreationStack, type Member } from './support/creations.js';
import { call } from './support/gateway-process.js';

/**
 * The gallery through the built gateway against the real auth, billing, trends and images
 * services: pages with filters (REST and GraphQL), 4K downloads by plan, and the ZIP of chosen
 * creations — each for the caller's own creations only.
 */
let stack: CreationStack | undefined;
let storage: LocalFolderStorage;
let base: string;

beforeAll(async () => {
  stack = await startCreationStack('gallery');
  ({ storage, base } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.close();
}, 60_000);

const member = (role?: Parameters<typeof signUp>[2]) => signUp(base, stack!.services.images, role);
const creation = (userId: string, options?: Parameters<typeof makeCreation>[3]) => makeCreation(stack!.services.images, storage, userId, options);
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/images/page and imagesPage', () => {
  let owner: Member;
  const made: string[] = [];

  beforeAll(async () => {
    owner = await member('pro');
    for (const trendSlug of ['pixar', 'ghibli', 'pixar', 'comic', 'pixar']) made.push((await creation(owner.id, { trendSlug })).id);
    // Someone else's creations never show.
    const other = await member();
    await creation(other.id);
  }, 60_000);

  async function pages(query: string, cookie = owner.cookie): Promise<ImagePageView[]> {
    const all: ImagePageView[] = [];
    let cursor: string | null = null;
    do {
      const answer = await call(base, 'GET', `/api/images/page?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { cookie });
      expect(answer.status).toBe(200);
      all.push(answer.body);
      cursor = answer.body.nextCursor;
    } while (cursor && all.length < 20);
    return all;
  }

  test('newest first, a page at a time, every creation once, as the ImageView the grid reads', async () => {
    const all = await pages('limit=2');
    expect(all.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(all.at(-1)!.nextCursor).toBeNull();
    expect(all.flatMap((page) => page.items.map((item) => item.id))).toEqual([...made].reverse());
    expect(all[0].items[0]).toEqual({
      id: made[4], prompt: 'a brave fox astronaut', trendId: 'pixar', generatedImage: `/api/images/${made[4]}/file/result`,
      thumbnail: `/api/images/${made[4]}/file/thumbnail`, originalImage: null, caption: 'Created in Pixar style with TrendForge', engine: 'studio',
      isFavorite: false, createdAt: expect.any(String),
    });
    // 24 by default.
    expect((await call(base, 'GET', '/api/images/page', { cookie: owner.cookie })).body.items).toHaveLength(5);
  });

  test('filters: trend, favourites, inclusive UTC days', async () => {
    await call(base, 'POST', `/api/images/${made[1]}/favorite`, { cookie: owner.cookie });
    await call(base, 'POST', `/api/images/${made[2]}/favorite`, { cookie: owner.cookie });
    const ids = async (query: string) => (await pages(`limit=1&${query}`)).flatMap((page) => page.items.map((item) => item.id));
    expect(await ids('trendId=pixar')).toEqual([made[4], made[2], made[0]]);
    expect(await ids('favorites=true')).toEqual([made[2], made[1]]);
    expect(await ids('favorites=true&trendId=ghibli')).toEqual([made[1]]);
    expect(await ids(`from=${today()}&to=${today()}`)).toEqual([...made].reverse());
    expect(await ids('from=2020-01-01&to=2020-12-31')).toEqual([]);
    expect(await ids('favorites=false&trendId=comic')).toEqual([made[3]]);
  });

  test('a bad limit, cursor or date is a 400 with a clear message; signed out is a 401', async () => {
    const bad = async (query: string) => {
      const answer = await call(base, 'GET', `/api/images/page?${query}`, { cookie: owner.cookie });
      return [answer.status, answer.body?.message];
    };
    for (const limit of ['0', '101', 'abc', '2.5', '-1']) expect(await bad(`limit=${limit}`)).toEqual([400, PageQueryMessages.limit]);
    expect(await bad('cursor=not-a-cursor')).toEqual([400, PageQueryMessages.cursor]);
    expect(await bad('from=2025-13-01')).toEqual([400, PageQueryMessages.date('from')]);
    expect(await bad('to=yesterday')).toEqual([400, PageQueryMessages.date('to')]);
    expect(await bad('from=2025-05-02&to=2025-05-01')).toEqual([400, PageQueryMessages.range]);
    expect(await bad('favorites=yes')).toEqual([400, PageQueryMessages.favorites]);
    expect((await call(base, 'GET', '/api/images/page')).status).toBe(401);
    // The route is not taken for an image id.
    expect((await call(base, 'GET', '/api/images/page', { cookie: owner.cookie })).status).toBe(200);
  });

  test('GraphQL imagesPage pages the same way and names bad arguments', async () => {
    const query = 'query($first: Int, $after: String, $trendId: String, $favoritesOnly: Boolean, $from: String, $to: String) {'
      + ' imagesPage(first: $first, after: $after, trendId: $trendId, favoritesOnly: $favoritesOnly, from: $from, to: $to) { items { id trendId thumbnail } nextCursor } }';
    const graphql = async (variables: Record<string, unknown>) => (await call(base, 'POST', '/graphql', { json: { query, variables }, cookie: owner.cookie })).body;
    const first = await graphql({ first: 3 });
    expect(first.data.imagesPage.items.map((item: { id: string }) => item.id)).toEqual([made[4], made[3], made[2]]);
    const second = await graphql({ first: 3, after: first.data.imagesPage.nextCursor });
    expect(second.data.imagesPage).toEqual({ items: [made[1], made[0]].map((id, i) => ({ id, trendId: ['ghibli', 'pixar'][i], thumbnail: `/api/images/${id}/file/thumbnail` })), nextCursor: null });
    expect((await graphql({ trendId: 'ghibli', favoritesOnly: true, from: today(), to: today() })).data.imagesPage.items).toEqual([expect.objectContaining({ id: made[1] })]);
    const refused = await graphql({ first: 500 });
    expect(refused.errors[0]).toEqual(expect.objectContaining({ message: PageQueryMessages.limit, extensions: expect.objectContaining({ code: 'BAD_REQUEST' }) }));
  });
});

describe('4K downloads by plan', () => {
  test('a free member gets 403 with the plan message; a stranger still gets 404, whatever the plan', async () => {
    const free = await member();
    const { id } = await creation(free.id);
    const answer = await call(base, 'GET', `/api/images/${id}/download?size=4k`, { cookie: free.cookie });
    expect([answer.status, answer.body]).toEqual([403, { statusCode: 403, message: Export4kRefusal }]);
    expect(Export4kRefusal).toBe('4K downloads are available on the Basic plan and above');
    // The plain download stays for everyone.
    expect((await call(base, 'GET', `/api/images/${id}/download`, { cookie: free.cookie })).status).toBe(200);
    const stranger = await member('pro');
    expect((await call(base, 'GET', `/api/images/${id}/download?size=4k`, { cookie: stranger.cookie })).status).toBe(404);
  });
});

/** The entries of a ZIP: name and bytes, in order. */
function unzip(zip: Buffer): Promise<Array<{ name: string; data: Buffer }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const entries: Array<{ name: string; data: Buffer }> = [];
      archive.on('entry', (entry: yauzl.Entry) => archive.openReadStream(entry, (streamError, stream) => {
        if (streamError || !stream) return reject(streamError);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          archive.readEntry();
        });
      }));
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

describe('GET /api/images/archive', () => {
  let owner: Member;
  let a: { id: string; png: Buffer };
  let b: { id: string; png: Buffer };
  let c: { id: string; png: Buffer };

  beforeAll(async () => {
    owner = await member('basic');
    a = await creation(owner.id, { colour: '#ff0000' });
    b = await creation(owner.id, { colour: '#00ff00' });
    c = await creation(owner.id, { trendSlug: 'ghibli', prompt: 'a quiet valley', colour: '#0000ff' });
  }, 60_000);

  test("streams the chosen creations' PNGs as one ZIP, named like single downloads and unique", async () => {
    const answer = await call(base, 'GET', `/api/images/archive?ids=${c.id},${a.id},${b.id}`, { cookie: owner.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="trendforge-creations-\d{8}-\d{6}\.zip"$/);
    const entries = await unzip(answer.raw);
    expect(entries.map((entry) => entry.data)).toEqual([c.png, a.png, b.png]);
    const [ghibli, fox, otherFox] = entries.map((entry) => entry.name);
    expect(ghibli).toMatch(/^trendforge-ghibli-a-quiet-valley-\d{8}-\d{6}\.png$/);
    expect(fox).toMatch(/^trendforge-pixar-a-brave-fox-astronaut-\d{8}-\d{6}\.png$/);
    // Two creations of the same second keep apart by a number.
    expect(otherFox).toMatch(/^trendforge-pixar-a-brave-fox-astronaut-\d{8}-\d{6}(-2)?\.png$/);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(3);
  });

  test("another member's id anywhere in the list is a 404 and nothing is streamed", async () => {
    const stranger = await member();
    const theirs = await creation(stranger.id);
    const answer = await call(base, 'GET', `/api/images/archive?ids=${a.id},${theirs.id}`, { cookie: owner.cookie });
    expect([answer.status, answer.headers['content-type'], answer.body?.message]).toEqual([404, expect.stringMatching(/^application\/json/), 'Image Not Found']);
    expect((await call(base, 'GET', `/api/images/archive?ids=${a.id}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  test('no ids, a malformed id or more than 100 are a 400; signed out is a 401', async () => {
    const tooMany = Array.from({ length: 101 }, () => a.id).join(',');
    for (const ids of ['', 'nope', `${a.id},`, tooMany]) {
      const answer = await call(base, 'GET', `/api/images/archive?ids=${ids}`, { cookie: owner.cookie });
      expect([answer.status, answer.body?.message]).toEqual([400, 'ids must list 1 to 100 image ids, separated by commas']);
    }
    expect((await call(base, 'GET', `/api/images/archive?ids=${a.id}`)).status).toBe(401);
  });
});
