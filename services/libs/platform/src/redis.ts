import { Redis, type RedisOptions } from 'ioredis';

/** ioredis connection options from a redis:// URL (host, port, password, db). */
export function redisOptions(redisUrl: string): RedisOptions {
  const u = new URL(redisUrl);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

export function createRedis(redisUrl: string, extra: RedisOptions = {}): Redis {
  return new Redis({ ...redisOptions(redisUrl), ...extra });
}

/** The namespace every Redis name of this stack starts with (see BUS_NAMESPACE). */
export function busNamespace(): string {
  return process.env.BUS_NAMESPACE || 'tf';
}
