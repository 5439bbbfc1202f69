import { randomUUID } from 'node:crypto';
import type { Trend } from '@trendforge/contracts';
import type { Bus } from '@trendforge/platform';
import { eventually, startImagesStack, type ImagesStack } from './support.js';

/**
 * Acceptance reads trends from the images service's memory: a change the trends service announces
 * is honoured by the very next generation; one nobody announced within TREND_CACHE_MAX_AGE_MS.
 */
describe('images service: the trends acceptance keeps in memory', () => {
  let stack: ImagesStack;
  let bus: Bus;
  const adminId = randomUUID();
  /** A free trend that is not this week's free Trend of the Week. */
  let trend: Trend;

  beforeAll(async () => {
    stack = await startImagesStack('images-trend-cache', { TREND_CACHE_MAX_AGE_MS: '2000' });
    ({ bus } = stack);
    await bus.send('billing.setPlan', { userId: adminId, role: 'admin', actorId: randomUUID() });
    trend = (await bus.send('trends.list', {})).find((candidate) => candidate.available && !candidate.premium && !candidate.isWeeklyTrend)!;
  });

  afterAll(async () => {
    await stack?.close();
  });

  const generate = (userId: string) => bus.send('images.generation.request', { userId, trendSlug: trend.slug, userPrompt: 'a fox' });
  const creditsOf = async (userId: string) => (await bus.send('billing.account', { userId })).credits;

  test('a trend an admin turns premium, then unavailable, is charged, then refused, by the next generation', async () => {
    const userId = randomUUID();
    await generate(userId);
    expect(await creditsOf(userId)).toBe(3);

    await bus.send('trends.admin.update', { actorId: adminId, slug: trend.slug, changes: { premium: true, creditsRequired: 2 } });
    const premium = await generate(userId);
    expect(await stack.charge(premium.id)).toEqual({ credits: 2, refunded: false });
    expect(await creditsOf(userId)).toBe(1);

    await bus.send('trends.admin.update', { actorId: adminId, slug: trend.slug, changes: { available: false } });
    await expect(generate(userId)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: `${trend.name} is coming soon` });
    expect(await creditsOf(userId)).toBe(1);
  });

  test('a change nobody announced is honoured within TREND_CACHE_MAX_AGE_MS', async () => {
    const userId = randomUUID();
    await bus.send('trends.admin.update', { actorId: adminId, slug: trend.slug, changes: { available: true, premium: true, creditsRequired: 1 } });
    const first = await generate(userId);
    expect(await stack.charge(first.id)).toEqual({ credits: 1, refunded: false });

    // Straight into the trends table: no notice reaches the images service.
    await stack.sql('UPDATE "trends"."trends" SET "premium" = false WHERE "slug" = $1', [trend.slug]);
    const free = await eventually(async () => {
      // A new member each round: the rounds that still see the old price must not exhaust one.
      const generation = await generate(randomUUID());
      return { generation, charge: await stack.charge(generation.id) };
    }, ({ charge }) => charge?.credits === 0, { tries: 100, everyMs: 200 });
    expect(free.charge).toEqual({ credits: 0, refunded: false });
  });
});
