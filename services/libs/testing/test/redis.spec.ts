import { Redis } from 'ioredis';
import { flushNamespace, freePort, testRedisUrl, uniqueNamespace } from '../src/index.js';

describe('uniqueNamespace', () => {
  it('is short, readable and unique', () => {
    const a = uniqueNamespace('Auth Service');
    const b = uniqueNamespace('Auth Service');
    expect(a).toMatch(/^t-auth-service-[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    expect(uniqueNamespace('a*b?[c]').includes('*')).toBe(false);
  });
});

describe('flushNamespace', () => {
  let redis: Redis;
  const other = uniqueNamespace('other');

  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    await flushNamespace(testRedisUrl(), other);
    redis.disconnect();
  });

  it('deletes every key under <prefix>: (across many SCAN pages) and nothing else', async () => {
    const ns = uniqueNamespace('flush');
    const pipeline = redis.pipeline();
    for (let i = 0; i < 2500; i++) pipeline.set(`${ns}:session:${i}`, 'x');
    pipeline.hset(`${ns}:bull:generation:1`, 'data', '{}');
    pipeline.set(`${other}:keep`, 'x');
    pipeline.set(`${ns}-sibling:keep`, 'x'); // shares the text but not the `<prefix>:` boundary
    await pipeline.exec();
    try {
      expect(await flushNamespace(testRedisUrl(), ns)).toBe(2501);
      expect(await redis.exists(`${ns}:session:0`, `${ns}:session:2499`, `${ns}:bull:generation:1`)).toBe(0);
      expect(await redis.exists(`${other}:keep`, `${ns}-sibling:keep`)).toBe(2);
      expect(await flushNamespace(testRedisUrl(), ns)).toBe(0);
    } finally {
      await redis.del(`${ns}-sibling:keep`);
    }
  });

  it('matches the prefix literally (glob characters are escaped)', async () => {
    const ns = `${uniqueNamespace('glob')}*`;
    const lookalike = `${ns.slice(0, -1)}zz`;
    await redis.set(`${ns}:1`, 'x');
    await redis.set(`${lookalike}:1`, 'x');
    try {
      expect(await flushNamespace(testRedisUrl(), ns)).toBe(1);
      expect(await redis.exists(`${lookalike}:1`)).toBe(1);
    } finally {
      await redis.del(`${ns}:1`, `${lookalike}:1`);
    }
  });

  it('refuses an empty prefix', async () => {
    await expect(flushNamespace(testRedisUrl(), '')).rejects.toThrow(/non-empty prefix/);
  });

  it('explains an unreachable server', async () => {
    const port = await freePort();
    await expect(flushNamespace(`redis://127.0.0.1:${port}`, 't:x')).rejects.toThrow(/Redis is not reachable/);
  });
});
