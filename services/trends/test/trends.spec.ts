import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueueEvents } from 'bullmq';
import type { DataSource } from 'typeorm';
import { CatalogueSlugs, TrendStyleFlags, type Role } from '@trendforge/contracts';
import { busNamespace, queueConnection, type Bus } from '@trendforge/platform';
import { createTestEnvironment, eventually, failureOf, startServiceUnderTest, type ServiceUnderTest, type TestEnvironment } from '@trendforge/testing';

/** A clock the tests move by hand (no sleeping across week boundaries). */
const clock = { at: new Date('2026-03-04T12:00:00Z'), now() { return new Date(this.at); } };

describe('trends service: catalogue, favourites, votes and the weekly election', () => {
  let environment: TestEnvironment;
  let storageDir: string;
  let trends: ServiceUnderTest;
  let billing: ServiceUnderTest;
  let bus: Bus;
  let db: DataSource;

  const member = async (role: Role) => {
    const userId = randomUUID();
    if (role !== 'free') await bus.send('billing.setPlan', { userId, role, actorId: randomUUID() });
    return userId;
  };

  beforeAll(async () => {
    environment = await createTestEnvironment('trends');
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-trends-'));
    const env = { ...process.env, ...environment.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir, PREVIEW_WARMUP: 'false' };
    const [{ TrendsModule }, { loadTrendsConfig }, { BillingModule }, { loadBillingConfig }, { DataSource: DS }] = await Promise.all([
      import('../src/trends.module.js'), import('../src/config.js'),
      import('../../billing/src/billing.module.js'), import('../../billing/src/config.js'),
      import('typeorm'),
    ]);
    [trends, billing] = await Promise.all([
      startServiceUnderTest(TrendsModule.forRoot(loadTrendsConfig({ ...env, DATABASE_URL: environment.db.serviceUrl('trends') }), { clock }), environment.natsUrl),
      startServiceUnderTest(BillingModule.forRoot(loadBillingConfig({ ...env, DATABASE_URL: environment.db.serviceUrl('billing') })), environment.natsUrl),
    ]);
    bus = trends.bus;
    db = trends.app.get(DS);
  });

  afterAll(async () => {
    await Promise.all([trends, billing].filter(Boolean).map((s) => s.close()));
    await environment?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  describe('catalogue', () => {
    test('holds the 18 slugs of trend-looks with every Trend field; pixar is weekly and ghibli costs 3', async () => {
      const list = await bus.send('trends.list', {});
      expect(list.map((t) => t.slug).sort()).toEqual([...CatalogueSlugs].sort());
      for (const trend of list) {
        expect(Object.keys(trend).sort()).toEqual([
          'available', 'category', 'creditsRequired', 'description', 'generations', 'id', 'image', 'isWeeklyTrend', 'name',
          'premium', 'preview', 'previewImage', 'prompt', 'promptTemplate', 'slug', 'verified',
        ]);
        expect(trend.promptTemplate).toContain('{subject}');
        expect(trend.preview).toBe(`/images/previews/${trend.slug}.jpg`);
        expect(trend.image).toBe(`/static/images/real-examples/${trend.slug}-example.jpg`);
        expect(trend.name && trend.description && trend.prompt && trend.category).toBeTruthy();
      }
      expect(list.filter((t) => t.isWeeklyTrend).map((t) => [t.slug, t.category])).toEqual([['pixar', 'Trend of the Week']]);
      expect(list.find((t) => t.slug === 'ghibli')).toEqual(expect.objectContaining({ premium: true, creditsRequired: 3 }));
    });

    test('style options are exactly the flags trend-looks lists, each with a label and a description', async () => {
      for (const slug of CatalogueSlugs) {
        const answer = await bus.send('trends.styleOptions', { slug });
        expect(Object.keys(answer.styleOptions)).toEqual([...TrendStyleFlags[slug]]);
        for (const option of Object.values(answer.styleOptions)) expect(option.label && option.description).toBeTruthy();
        expect(answer.vibes.length).toBeGreaterThan(0);
        expect(typeof answer.personalizationSupported).toBe('boolean');
      }
    });

    test('seeding again changes nothing, keeps counters and never overwrites an admin edit', async () => {
      const { TrendsService } = await import('../src/trends.service.js');
      const snapshot = () => db.query(`SELECT * FROM "trends"."trends" ORDER BY slug`);
      await trends.app.get(TrendsService).countGeneration(randomUUID(), 'comic');
      const admin = await member('admin');
      await bus.send('trends.admin.update', { actorId: admin, slug: 'clay', changes: { description: 'Edited by an admin' } });
      const before = await snapshot();
      await trends.app.get(TrendsService).seed();
      await trends.app.get(TrendsService).seed();
      expect(await snapshot()).toEqual(before);
      expect((await bus.send('trends.bySlug', { slug: 'clay' })).description).toBe('Edited by an admin');
      expect((await bus.send('trends.bySlug', { slug: 'comic' })).generations).toBe(1);
    });

    test('an unknown slug is NOT_FOUND everywhere', async () => {
      const userId = await member('pro');
      for (const call of [
        () => bus.send('trends.bySlug', { slug: 'nope' }),
        () => bus.send('trends.styleOptions', { slug: 'nope' }),
        () => bus.send('trends.vote', { userId, slug: 'nope' }),
        () => bus.send('trends.favorite.add', { userId, slug: 'nope' }),
        () => bus.send('trends.preview', { slug: '../etc', kind: 'preview' }),
      ]) {
        expect(await failureOf(call())).toEqual({ code: 'NOT_FOUND', message: 'Trend not found' });
      }
    });

    test('a completed generation (images service event) counts for its trend, once however often it is delivered', async () => {
      const count = async (slug: string) => (await bus.send('trends.bySlug', { slug })).generations;
      const [animeBefore, pixarBefore] = [await count('anime'), await count('pixar')];
      const event = { generationId: randomUUID(), userId: randomUUID(), trendSlug: 'anime' };
      // Twice under one id (deduplicated by the stream and the consumer), once under another (the handler's own idempotency).
      await bus.publish('generation.completed', event, `generation.completed:${event.generationId}`);
      await bus.publish('generation.completed', event, `generation.completed:${event.generationId}`);
      await bus.publish('generation.completed', event, `replayed:${event.generationId}`);
      // The consumer handles one subject's events in order: once this later one counted, the three above are done.
      const marker = { generationId: randomUUID(), userId: randomUUID(), trendSlug: 'pixar' };
      await bus.publish('generation.completed', marker, `generation.completed:${marker.generationId}`);
      await eventually('the later event counted', async () => (await count('pixar')) !== pixarBefore);
      expect(await count('pixar')).toBe(pixarBefore + 1);
      expect(await count('anime')).toBe(animeBefore + 1);
    });
  });

  describe('favourites', () => {
    test('a free or basic member gets the Pro Feature answer', async () => {
      for (const role of ['free', 'basic'] as const) {
        const userId = await member(role);
        expect(await failureOf(bus.send('trends.favorite.add', { userId, slug: 'pixar' })))
          .toEqual({ code: 'FORBIDDEN', message: 'Upgrade to Pro to save favorite trends' });
        expect((await failureOf(bus.send('trends.favoriteTrends', { userId }))).code).toBe('FORBIDDEN');
        expect(await bus.send('trends.favorites', { userId })).toEqual([]);
      }
    });

    test('pro and pro_unlimited members add, list and remove favourites', async () => {
      for (const role of ['pro', 'pro_unlimited'] as const) {
        const userId = await member(role);
        await bus.send('trends.favorite.add', { userId, slug: 'ghibli' });
        await bus.send('trends.favorite.add', { userId, slug: 'anime' });
        await bus.send('trends.favorite.add', { userId, slug: 'ghibli' });
        expect(await bus.send('trends.favorites', { userId })).toEqual(['ghibli', 'anime']);
        expect((await bus.send('trends.favoriteTrends', { userId })).map((t) => t.slug).sort()).toEqual(['anime', 'ghibli']);
        expect(await bus.send('trends.favorite.remove', { userId, slug: 'ghibli' })).toEqual({ slug: 'ghibli', favorite: false });
        expect(await bus.send('trends.favorites', { userId })).toEqual(['anime']);
      }
    });
  });

  describe('votes', () => {
    test('200 concurrent vote/unvote requests from 50 members leave every count equal to the stored votes', async () => {
      const members = Array.from({ length: 50 }, () => randomUUID());
      const slugs = ['pixar', 'barbie', 'comic', 'pixel', 'clay'];
      // 210 at once on a busy machine: each may wait for the others longer than a member's request would.
      const patient = 60_000;
      const calls = Array.from({ length: 200 }, (_, i) => {
        const userId = members[i % 50];
        const slug = slugs[(i * 7) % slugs.length];
        return i % 3 === 2 ? bus.send('trends.unvote', { userId, slug }, patient) : bus.send('trends.vote', { userId, slug }, patient);
      });
      // The same member also races the same toggle on one trend.
      calls.push(...Array.from({ length: 10 }, (_, i) => bus.send(i % 2 ? 'trends.unvote' : 'trends.vote', { userId: members[0], slug: 'pixar' }, patient)));
      await Promise.all(calls);

      const stored: { slug: string; n: string }[] = await db.query(
        `SELECT t.slug, count(v.user_id) AS n FROM "trends"."trends" t
           LEFT JOIN "trends"."votes" v ON v.trend_id = t.id AND v.week = '2026-03-02' GROUP BY t.slug`,
      );
      const board = await bus.send('trends.voting', {});
      expect(board.map((t) => [t.slug, t.votes]).sort()).toEqual(stored.map((r) => [r.slug, Number(r.n)]).sort());
      expect(board.reduce((sum, t) => sum + t.votes, 0)).toBeGreaterThan(0);
      const duplicates = await db.query(`SELECT user_id, trend_id, week FROM "trends"."votes" GROUP BY 1, 2, 3 HAVING count(*) > 1`);
      expect(duplicates).toEqual([]);
      // Each member's own flags agree with the rows too.
      for (const userId of members.slice(0, 5)) {
        const mine: { slug: string }[] = await db.query(
          `SELECT t.slug FROM "trends"."votes" v JOIN "trends"."trends" t ON t.id = v.trend_id WHERE v.user_id = $1`, [userId]);
        const flagged = (await bus.send('trends.voting', { userId })).filter((t) => t.voted).map((t) => t.slug);
        expect(flagged.sort()).toEqual(mine.map((r) => r.slug).sort());
      }
      await db.query(`DELETE FROM "trends"."votes"`);
    });

    test('voting twice counts once; unvoting answers the lower count', async () => {
      const userId = randomUUID();
      expect(await bus.send('trends.vote', { userId, slug: 'renaissance' })).toEqual(expect.objectContaining({ slug: 'renaissance', votes: 1, voted: true }));
      expect(await bus.send('trends.vote', { userId, slug: 'renaissance' })).toEqual(expect.objectContaining({ votes: 1, voted: true }));
      expect(await bus.send('trends.unvote', { userId, slug: 'renaissance' })).toEqual(expect.objectContaining({ votes: 0, voted: false }));
    });
  });

  describe('the weekly election', () => {
    const weekly = async () => (await bus.send('trends.list', {})).filter((t) => t.isWeeklyTrend).map((t) => t.slug);

    test('is a repeatable BullMQ job that makes the ended week\'s most-voted trend next week\'s Trend of the Week', async () => {
      const { ElectionScheduler, ElectionSchedulerId, ElectionCron } = await import('../src/election.scheduler.js');
      const scheduler = trends.app.get(ElectionScheduler);
      const schedulers = await scheduler.queue.getJobSchedulers();
      expect(schedulers.map((s) => [s.key, s.pattern])).toEqual([[ElectionSchedulerId, ElectionCron]]);

      clock.at = new Date('2026-03-11T10:00:00Z'); // Wednesday of the week starting 2026-03-09
      const voters = Array.from({ length: 5 }, () => randomUUID());
      // anime and comic tie on 3; anime reaches 3 first. cyberpunk has 2.
      for (const userId of voters.slice(0, 3)) await bus.send('trends.vote', { userId, slug: 'anime' });
      for (const userId of voters.slice(0, 3)) await bus.send('trends.vote', { userId, slug: 'comic' });
      for (const userId of voters.slice(3)) await bus.send('trends.vote', { userId, slug: 'cyberpunk' });
      expect(await weekly()).toEqual(['pixar']);

      clock.at = new Date('2026-03-15T23:59:59Z'); // still the same week: nothing decided yet
      expect((await bus.send('trends.voting', {})).find((t) => t.slug === 'anime')!.votes).toBe(3);

      clock.at = new Date('2026-03-16T00:00:01Z'); // Monday: the week has ended
      const events = new QueueEvents('trends-election', { connection: queueConnection(environment.redisUrl), prefix: busNamespace() });
      await events.waitUntilReady();
      const job = await scheduler.queue.add('elect', {});
      const result = await job.waitUntilFinished(events, 30_000);
      await events.close();

      expect(result).toEqual(expect.objectContaining({ week: '2026-03-09', winner: 'anime', votes: 3 }));
      expect(await weekly()).toEqual(['anime']);
      const anime = await bus.send('trends.bySlug', { slug: 'anime' });
      expect([anime.category, anime.isWeeklyTrend]).toEqual(['Trend of the Week', true]);
      expect((await bus.send('trends.bySlug', { slug: 'pixar' })).category).toBe('Free');
      // The new week starts with an empty board; the election is kept.
      expect((await bus.send('trends.voting', {})).every((t) => t.votes === 0)).toBe(true);
      expect((await bus.send('trends.elections', {}))[0]).toEqual(expect.objectContaining({ week: '2026-03-09', winner: 'anime' }));
      // Running it again in the same week decides nothing new.
      const { ElectionService } = await import('../src/election.service.js');
      expect(await trends.app.get(ElectionService).electEndedWeek()).toEqual(expect.objectContaining({ winner: 'anime' }));
    });

    test('a week without votes keeps the weekly trend; an admin can set it and a free member cannot', async () => {
      const { ElectionService } = await import('../src/election.service.js');
      clock.at = new Date('2026-03-23T08:00:00Z');
      expect(await trends.app.get(ElectionService).electEndedWeek()).toEqual(expect.objectContaining({ week: '2026-03-16', winner: null, votes: 0 }));
      expect(await weekly()).toEqual(['anime']);

      const free = await member('free');
      expect(await failureOf(bus.send('trends.admin.setWeekly', { actorId: free, slug: 'clay' })))
        .toEqual({ code: 'FORBIDDEN', message: 'Only admins can manage trends' });
      const admin = await member('admin');
      expect(await bus.send('trends.admin.setWeekly', { actorId: admin, slug: 'clay' })).toEqual(expect.objectContaining({ isWeeklyTrend: true, category: 'Trend of the Week' }));
      expect(await weekly()).toEqual(['clay']);
      const audit = await db.query(`SELECT action, trend_slug FROM "trends"."audit_log" WHERE actor_id = $1`, [admin]);
      expect(audit).toEqual([{ action: 'trend.weekly', trend_slug: 'clay' }]);
    });
  });

  describe('admin', () => {
    test('creates and edits trends (validated, audited); others are refused', async () => {
      const admin = await member('admin');
      const pro = await member('pro');
      const input = {
        slug: 'sticker', name: 'Sticker Pack', description: 'Die-cut sticker of you', prompt: 'A die-cut sticker',
        promptTemplate: 'A die-cut sticker of {subject}', category: 'New',
      };
      expect((await failureOf(bus.send('trends.admin.create', { actorId: pro, trend: input }))).code).toBe('FORBIDDEN');
      expect(await failureOf(bus.send('trends.admin.create', { actorId: admin, trend: { ...input, promptTemplate: 'no placeholder' } })))
        .toEqual({ code: 'BAD_REQUEST', message: 'promptTemplate must contain {subject}' });
      const created = await bus.send('trends.admin.create', { actorId: admin, trend: input });
      expect(created).toEqual(expect.objectContaining({ slug: 'sticker', premium: false, creditsRequired: 0, available: true, generations: 0 }));
      expect((await failureOf(bus.send('trends.admin.create', { actorId: admin, trend: input }))).code).toBe('CONFLICT');
      const edited = await bus.send('trends.admin.update', { actorId: admin, slug: 'sticker', changes: { premium: true, creditsRequired: 2 } });
      expect([edited.premium, edited.creditsRequired]).toEqual([true, 2]);
      const audit = await db.query(`SELECT action FROM "trends"."audit_log" WHERE actor_id = $1 ORDER BY id`, [admin]);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['trend.created', 'trend.updated']);
    });
  });

  describe('preview images', () => {
    /** generation-worker's `renders` consumer, in this process: it renders what the service asks for. */
    let rendersWorker: import('@nestjs/common').INestApplicationContext | undefined;

    beforeAll(async () => {
      const [{ NestFactory }, { RendersWorkerModule }, { loadGenerationWorkerConfig }] = await Promise.all([
        import('@nestjs/core'), import('../../generation-worker/src/renders.processor.js'), import('../../generation-worker/src/config.js'),
      ]);
      const config = loadGenerationWorkerConfig({ ...process.env, ...environment.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
      rendersWorker = await NestFactory.createApplicationContext(RendersWorkerModule.forRoot(config), { logger: ['error'] });
      await rendersWorker.init();
    });

    afterAll(() => rendersWorker?.close());

    test('are rendered by generation-worker once per engine version, as JPEG in storage, then served from there', async () => {
      const [{ PreviewsService }, { STORAGE }, { STUDIO_ENGINE_VERSION }] = await Promise.all([
        import('../src/previews.service.js'), import('@trendforge/platform'), import('@trendforge/imaging/engine-version'),
      ]);
      const storage: import('@trendforge/platform').ObjectStorage = trends.app.get(STORAGE);
      // The first render starts the render thread (engine, fonts): on a busy machine, more than a request's 10 s.
      const first = await bus.send('trends.preview', { slug: 'pixel', kind: 'preview' }, 60_000);
      expect(STUDIO_ENGINE_VERSION).toMatch(/^[0-9a-f]{16}$/);
      expect(first.key).toMatch(new RegExp(`^previews/1-${STUDIO_ENGINE_VERSION}/pixel-preview-[0-9a-f]{8}\\.jpg$`));
      const bytes = await storage.get(first.key);
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      await storage.put(first.key, Buffer.from('marker'), 'image/jpeg');
      // A second ask (even from a fresh service state) finds the stored image and renders nothing.
      trends.app.get(PreviewsService)['known'].clear();
      expect(await bus.send('trends.preview', { slug: 'pixel', kind: 'preview' })).toEqual(first);
      expect((await storage.get(first.key)).toString()).toBe('marker');
      const example = await bus.send('trends.preview', { slug: 'pixel', kind: 'example' });
      expect(example.key).not.toBe(first.key);
      expect((await storage.get(example.key)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    });
  });
});
