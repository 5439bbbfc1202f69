import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/** Redis for integration suites: env TEST_REDIS_URL, else the local server. */
export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
}

/**
 * A short prefix unique to one suite, e.g. `t-auth-3f9a1c0e` (also valid as a BUS_NAMESPACE). Use it as the key prefix of every
 * Redis user in the suite (BullMQ `prefix`, session keys, ...) and pass it to flushNamespace after.
 */
export function uniqueNamespace(label: string): string {
  const safe =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 16) || 'suite';
  return `t-${safe}-${randomBytes(4).toString('hex')}`;
}

/** Escapes Redis glob metacharacters so the prefix is matched literally. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (char) => `\\${char}`);
}

/**
 * Deletes every key `<prefix>:*` with SCAN + UNLINK (never FLUSHALL/FLUSHDB: other suites and
 * developers share the server). Returns how many keys were deleted.
 */
export async function flushNamespace(redisUrl: string, prefix: string): Promise<number> {
  if (!prefix || !prefix.trim()) throw new Error('flushNamespace needs a non-empty prefix');
  // One-shot client: no reconnect loop (it would outlive a failed call and keep Jest alive).
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5000,
  });
  redis.on('error', () => undefined); // surfaced through the rejected commands below
  try {
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(
        `Redis is not reachable at ${redisUrl}: ${(error as Error).message}. ` +
          'Start it with: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
        { cause: error },
      );
    }
    const match = `${escapeGlob(prefix)}:*`;
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    // disconnect() on an already-closed client arms a 2 s timer that is never cleared (ioredis quirk).
    if (redis.status !== 'end') redis.disconnect();
  }
}
