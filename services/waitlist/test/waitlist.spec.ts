import { startServiceSuite, type ServiceSuite } from '@trendforge/testing';

describe('waitlist service over the bus', () => {
  let service: ServiceSuite;

  beforeAll(async () => {
    service = await startServiceSuite('waitlist', async (env) => {
      const [{ WaitlistModule }, { loadWaitlistConfig }] = await Promise.all([import('../src/waitlist.module.js'), import('../src/config.js')]);
      return WaitlistModule.forRoot(loadWaitlistConfig(env));
    });
  });

  afterAll(async () => {
    await service?.stop();
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
