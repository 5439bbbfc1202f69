import { startServiceSuite, type ServiceSuite } from '@trendforge/testing';

describe('trends service over the bus', () => {
  let service: ServiceSuite;

  beforeAll(async () => {
    service = await startServiceSuite('trends', async (env) => {
      const [{ TrendsModule }, { loadTrendsConfig }] = await Promise.all([import('../src/trends.module.js'), import('../src/config.js')]);
      return TrendsModule.forRoot(loadTrendsConfig(env));
    });
  });

  afterAll(async () => {
    await service?.stop();
  });

  test('lists the seeded catalogue with every Trend field; ghibli costs 3 credits', async () => {
    const trends = await service.bus.send('trends.list', {});
    expect(trends.map((t) => t.slug)).toEqual(expect.arrayContaining(['pixar', 'collectible', 'barbie', 'ghibli']));
    const ghibli = trends.find((t) => t.slug === 'ghibli')!;
    expect(ghibli).toEqual(expect.objectContaining({
      premium: true, creditsRequired: 3, available: true,
      preview: '/images/previews/ghibli.jpg', image: '/static/images/real-examples/ghibli-example.jpg',
    }));
    expect(trends.filter((t) => t.isWeeklyTrend).map((t) => t.category)).toEqual(['Trend of the Week']);
    for (const trend of trends) expect(trend.promptTemplate).toContain('{subject}');
  });

  test('seeding again changes nothing and keeps counters', async () => {
    const { TrendsService } = await import('../src/trends.service.js');
    const before = await service.bus.send('trends.list', {});
    await service.app.get(TrendsService).countGeneration('pixar');
    await service.app.get(TrendsService).seed();
    const after = await service.bus.send('trends.list', {});
    expect(after.map((t) => t.id)).toEqual(before.map((t) => t.id));
    expect(after.find((t) => t.slug === 'pixar')!.generations).toBe(before.find((t) => t.slug === 'pixar')!.generations + 1);
  });

  test('an unknown slug is NOT_FOUND', async () => {
    await expect(service.bus.send('trends.bySlug', { slug: 'nope' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Trend not found' });
  });

  test('answers its health check', async () => {
    expect(await service.bus.send('trends.health', {})).toEqual({ service: 'trends', status: 'up', details: { postgres: 'up', redis: 'up' } });
  });
});
