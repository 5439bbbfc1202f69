import { createTestDatabase, flushNamespace, startServiceUnderTest, testRedisUrl, uniqueNamespace, type ServiceUnderTest, type TestDatabase } from '@trendforge/testing';

describe('waitlist service over the bus', () => {
  const redisUrl = testRedisUrl();
  const namespace = uniqueNamespace("waitlist");
  let db: TestDatabase;
  let service: ServiceUnderTest;

  beforeAll(async () => {
    process.env.BUS_NAMESPACE = namespace;
    db = await createTestDatabase("waitlist");
    const { WaitlistModule } = await import('../src/waitlist.module.js');
    const { loadWaitlistConfig } = await import('../src/config.js');
    service = await startServiceUnderTest(WaitlistModule.forRoot(loadWaitlistConfig({ DATABASE_URL: db.url, REDIS_URL: redisUrl, BUS_NAMESPACE: namespace })), redisUrl);
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
    await flushNamespace(redisUrl, namespace);
  });

  test('counts the entries', async () => {
    expect(await service.bus.send('waitlist.count', {})).toEqual({ count: 0 });
    const { DataSource } = await import('typeorm');
    await service.app.get(DataSource).query(`INSERT INTO waitlist.entries (name, email, referral_code) VALUES ('Ada', 'ada@example.com', 'ABC234')`);
    expect(await service.bus.send('waitlist.count', {})).toEqual({ count: 1 });
  });

  test('answers its health check', async () => {
    expect(await service.bus.send('waitlist.health', {})).toEqual({ service: 'waitlist', status: 'up', details: { postgres: 'up', redis: 'up' } });
  });
});
