import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PageQueryMessages as PageMessages, type Creation, type CreationPageQuery } from '@trendforge/contracts';
import type { Bus } from '@trendforge/platform';
import { failureOf } from '@trendforge/testing';
import { startImagesStack, type ImagesStack } from './support.js';

/**
 * The gallery's pages over the bus (`images.page`) on the real schema: newest first by keyset,
 * every creation exactly once across pages (ties on created_at included), the filters, the
 * errors, and `images.getMany` for the ZIP download.
 */
describe('images service: gallery pages', () => {
  let stack: ImagesStack;
  let bus: Bus;

  beforeAll(async () => {
    stack = await startImagesStack('images-pages');
    ({ bus } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Creations as completed generations leave them, at chosen times (microseconds included). */
  async function insert(userId: string, rows: Array<{ at: string; trend?: string; favorite?: boolean }>): Promise<string[]> {
    const ids: string[] = [];
    for (const row of rows) {
      const id = randomUUID();
      const trend = row.trend ?? 'pixar';
      await stack.sql(
        `INSERT INTO "images"."generations" ("id", "user_id", "trend_slug", "prompt", "user_prompt", "status", "created_at")
         VALUES ($1, $2, $3, 'a fox', 'a fox', 'completed', $4)`, [id, userId, trend, row.at]);
      await stack.sql(
        `INSERT INTO "images"."creations" ("id", "user_id", "trend_slug", "prompt", "caption", "engine", "result_key", "thumbnail_key", "is_favorite", "created_at")
         VALUES ($1, $2, $3, 'a fox', 'Created in Pixar style with TrendForge', 'studio', $4, $5, $6, $7)`,
        [id, userId, trend, `results/${userId}/${id}.png`, `thumbnails/${userId}/${id}.webp`, row.favorite ?? false, row.at]);
      ids.push(id);
    }
    return ids;
  }

  /** Every page of a query, following nextCursor to the end. */
  async function allPages(query: Omit<CreationPageQuery, 'cursor'>): Promise<Creation[][]> {
    const pages: Creation[][] = [];
    let cursor: string | undefined;
    do {
      const page = await bus.send('images.page', { ...query, cursor });
      pages.push(page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages.length < 100);
    return pages;
  }

  test('newest first, every creation once across pages, ties on created_at broken by id, the last page says so', async () => {
    const userId = randomUUID();
    // Three share one instant (down to the microsecond); two differ only in microseconds.
    const times = [
      '2025-03-01T10:00:00.000001Z', '2025-03-01T10:00:00.000002Z', '2025-03-02T09:00:00.000000Z', '2025-03-02T09:00:00.000000Z',
      '2025-03-02T09:00:00.000000Z', '2025-03-03T08:00:00.000000Z', '2025-03-04T08:00:00.000000Z',
    ];
    const ids = await insert(userId, times.map((at) => ({ at })));
    await insert(randomUUID(), [{ at: '2025-03-02T09:00:00Z' }]); // someone else's, never shown

    const pages = await allPages({ userId, limit: 3 });
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const seen = pages.flat();
    expect(seen.every((c) => c.userId === userId)).toBe(true);
    // Newest first to the microsecond; the same instant by id, descending (the fixed-width times sort as text).
    const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
    const expected = ids.map((id, i) => [times[i], id] as const).sort(([at1, id1], [at2, id2]) => descending(at1, at2) || descending(id1, id2));
    expect(seen.map((c) => c.id)).toEqual(expected.map(([, id]) => id));

    // Exactly a page's worth: no empty page after it.
    expect(await allPages({ userId, limit: 7 })).toEqual([seen]);
    // The default page is 24.
    expect((await bus.send('images.page', { userId })).items).toHaveLength(7);
  });

  test('filters by trend, favourites and inclusive UTC days, alone and together, across pages', async () => {
    const userId = randomUUID();
    const [, ghibliFav, , , lateFav] = await insert(userId, [
      { at: '2025-04-01T00:00:00Z', trend: 'pixar' },
      { at: '2025-04-01T23:59:59.999999Z', trend: 'ghibli', favorite: true },
      { at: '2025-04-02T12:00:00Z', trend: 'ghibli' },
      { at: '2025-04-03T00:00:00Z', trend: 'pixar', favorite: true },
      { at: '2025-04-05T12:00:00Z', trend: 'ghibli', favorite: true },
    ]);
    const ids = async (query: { trendId?: string; favoritesOnly?: boolean; from?: string; to?: string }) =>
      (await allPages({ userId, limit: 1, ...query })).flat().map((c) => c.trendSlug + '@' + c.createdAt.slice(0, 10));

    expect(await ids({ trendId: 'ghibli' })).toEqual(['ghibli@2025-04-05', 'ghibli@2025-04-02', 'ghibli@2025-04-01']);
    expect(await ids({ favoritesOnly: true })).toEqual(['ghibli@2025-04-05', 'pixar@2025-04-03', 'ghibli@2025-04-01']);
    // Both ends inclusive: the whole of April 1st (to its last microsecond) and of April 2nd.
    expect(await ids({ from: '2025-04-01', to: '2025-04-02' })).toEqual(['ghibli@2025-04-02', 'ghibli@2025-04-01', 'pixar@2025-04-01']);
    expect(await ids({ from: '2025-04-03' })).toEqual(['ghibli@2025-04-05', 'pixar@2025-04-03']);
    expect(await ids({ to: '2025-04-01' })).toEqual(['ghibli@2025-04-01', 'pixar@2025-04-01']);
    expect(await ids({ trendId: 'ghibli', favoritesOnly: true, from: '2025-04-01', to: '2025-04-04' })).toEqual(['ghibli@2025-04-01']);
    expect(await ids({ trendId: 'clay' })).toEqual([]);
    expect((await bus.send('images.page', { userId, favoritesOnly: true, limit: 2 })).items.map((c) => c.id)).toEqual([lateFav, expect.any(String)]);
    expect((await bus.send('images.page', { userId, trendId: 'ghibli', to: '2025-04-01' })).items.map((c) => c.id)).toEqual([ghibliFav]);
  });

  test('refuses a bad limit, cursor or date with a clear message', async () => {
    const userId = randomUUID();
    const bad = (message: string) => ({ code: 'BAD_REQUEST', message });
    for (const limit of [0, 101, 2.5, -1]) expect(await failureOf(bus.send('images.page', { userId, limit }))).toEqual(bad(PageMessages.limit));
    const forged = [Buffer.from('not-a-date|x').toString('base64url'), 'not base64!', Buffer.from(`2025-01-01T00:00:00.000000Z|${randomUUID()}|x`).toString('base64url')];
    for (const cursor of forged) expect(await failureOf(bus.send('images.page', { userId, cursor }))).toEqual(bad(PageMessages.cursor));
    expect(await failureOf(bus.send('images.page', { userId, from: '2025-02-30' }))).toEqual(bad(PageMessages.date('from')));
    expect(await failureOf(bus.send('images.page', { userId, to: '03/04/2025' }))).toEqual(bad(PageMessages.date('to')));
    expect(await failureOf(bus.send('images.page', { userId, from: '2025-04-02', to: '2025-04-01' }))).toEqual(bad(PageMessages.range));
    expect(await failureOf(bus.send('images.page', { userId, trendId: 'Robert"); DROP TABLE' }))).toEqual(bad(PageMessages.trend));
  });

  test("getMany: the member's own creations in the order asked; anyone else's makes it not found", async () => {
    const userId = randomUUID();
    const [a, b, c] = await insert(userId, [{ at: '2025-05-01T00:00:00Z' }, { at: '2025-05-02T00:00:00Z' }, { at: '2025-05-03T00:00:00Z' }]);
    const [theirs] = await insert(randomUUID(), [{ at: '2025-05-01T00:00:00Z' }]);
    expect((await bus.send('images.getMany', { ids: [c, a, b, a], userId })).map((creation) => creation.id)).toEqual([c, a, b]);
    expect(await failureOf(bus.send('images.getMany', { ids: [a, theirs], userId }))).toEqual({ code: 'NOT_FOUND', message: 'Image Not Found' });
    expect(await failureOf(bus.send('images.getMany', { ids: [], userId }))).toEqual({ code: 'BAD_REQUEST', message: 'Choose 1 to 100 images' });
    expect(await failureOf(bus.send('images.getMany', { ids: ['nope'], userId }))).toEqual({ code: 'BAD_REQUEST', message: 'Choose 1 to 100 images' });
  });

  test('the page query can walk the member index in page order, from the cursor on (no sort, no whole-table scan)', async () => {
    // With a handful of rows the planner may rightly prefer a scan; switched off, what remains shows the index fits the query.
    const plan = await stack.images.app.get(DataSource).transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query(
        `EXPLAIN SELECT * FROM "images"."creations" c WHERE c.user_id = $1 AND (c.created_at, c.id) < ($2::timestamptz, $3::uuid)
         ORDER BY c.created_at DESC, c.id DESC LIMIT 25`, [randomUUID(), '2025-01-01T00:00:00Z', randomUUID()]) as Promise<Array<{ 'QUERY PLAN': string }>>;
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Cond: \(\(user_id = .*ROW\(created_at, id\) < ROW/s);
    expect(text).toMatch(/creations_user_page_idx/);
    expect(text).not.toMatch(/Sort/);
  });
});
