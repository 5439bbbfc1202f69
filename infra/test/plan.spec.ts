import { databaseOf, type InfraFacts, planInfrastructure, planStorage, postgresUrl, withDatabase } from '../src/plan.js';

const nothing: InfraFacts = {
  localPostgres: 'absent',
  localRedis: 'absent',
  embeddedPostgres: { available: false, reason: 'package missing' },
  redisServerBinary: null,
  localNats: 'absent',
  natsServerBinary: null,
  busyPorts: [],
};

/** A plan that must work; NATS is the local one unless the facts say otherwise. */
function ok(facts: Partial<InfraFacts>) {
  const plan = planInfrastructure({ ...nothing, localNats: 'usable', ...facts });
  if (!plan.ok) throw new Error(`expected a plan, got: ${plan.message}`);
  return plan;
}

describe('planInfrastructure', () => {
  it('uses DATABASE_URL and REDIS_URL when set, whatever else is there', () => {
    const plan = ok({
      databaseUrl: 'postgres://u:p@db.example:5432/trendforge',
      redisUrl: 'redis://cache.example:6379',
      localPostgres: 'usable',
      localRedis: 'usable',
      embeddedPostgres: { available: true },
      redisServerBinary: '/usr/bin/redis-server',
    });
    expect(plan.postgres).toEqual({ source: 'env', url: 'postgres://u:p@db.example:5432/trendforge' });
    expect(plan.redis).toEqual({ source: 'env', url: 'redis://cache.example:6379' });
  });

  it('prefers servers on localhost over embedded ones', () => {
    const plan = ok({
      localPostgres: 'usable',
      localPostgresUser: 'postgres',
      localRedis: 'usable',
      embeddedPostgres: { available: true },
      redisServerBinary: '/usr/bin/redis-server',
    });
    expect(plan.postgres).toEqual({ source: 'local', url: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(plan.redis).toEqual({ source: 'local', url: 'redis://127.0.0.1:6379' });
  });

  it('keeps the local password that worked in the URL', () => {
    const plan = ok({ localPostgres: 'usable', localPostgresUser: 'me', localPostgresPassword: 's3cr@t', localRedis: 'usable' });
    expect(plan.postgres.url).toBe('postgres://me:s3cr%40t@127.0.0.1:5432/postgres');
  });

  it('starts embedded servers on the default ports when nothing runs locally', () => {
    const plan = ok({ embeddedPostgres: { available: true }, redisServerBinary: '/usr/bin/redis-server' });
    expect(plan.postgres).toMatchObject({ source: 'embedded', port: 5432 });
    expect(plan.redis).toEqual({ source: 'embedded', port: 6379, binary: '/usr/bin/redis-server', url: 'redis://127.0.0.1:6379' });
  });

  it('moves the embedded servers to 5433 / 6380 when the default ports are held by servers that refuse us', () => {
    const plan = ok({
      localPostgres: 'unusable',
      localPostgresError: 'password authentication failed',
      localRedis: 'unusable',
      localRedisError: '-NOAUTH Authentication required.',
      embeddedPostgres: { available: true },
      redisServerBinary: '/usr/local/bin/redis-server',
    });
    expect(plan.postgres).toMatchObject({ source: 'embedded', port: 5433 });
    expect(plan.postgres.url).toBe('postgres://postgres:postgres@127.0.0.1:5433/postgres');
    expect(plan.redis).toMatchObject({ source: 'embedded', port: 6380 });
    expect(plan.notes.join('\n')).toMatch(/5432 answers but refused user postgres \(password authentication failed\)/);
    expect(plan.notes.join('\n')).toMatch(/6379 is taken/);
  });

  it('skips every busy candidate port', () => {
    const plan = ok({ embeddedPostgres: { available: true }, redisServerBinary: '/r', busyPorts: [5432, 5433, 6379] });
    expect(plan.postgres).toMatchObject({ port: 5434 });
    expect(plan.redis).toMatchObject({ port: 6380 });
  });

  it('mixes sources: env PostgreSQL with an embedded Redis', () => {
    const plan = ok({ databaseUrl: 'postgresql://x@h/db', redisServerBinary: '/usr/bin/redis-server' });
    expect(plan.postgres.source).toBe('env');
    expect(plan.redis.source).toBe('embedded');
  });

  it('stops with a message naming what is missing and how to provide it', () => {
    const plan = planInfrastructure(nothing);
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.missing).toEqual(['postgres', 'redis', 'nats']);
    expect(plan.message).toMatch(/^TrendForge cannot start: PostgreSQL, Redis and NATS missing\./);
    expect(plan.message).toMatch(/NATS: none available[\s\S]*nothing listens on 127\.0\.0\.1:4222[\s\S]*no nats-server on the PATH/);
    expect(plan.message).toMatch(/NATS_URL=nats:\/\//);
    expect(plan.message).toMatch(/apt-get install nats-server/);
    expect(plan.message).toMatch(/-js -sd /);
    expect(plan.message).toMatch(/DATABASE_URL=postgres:\/\//);
    expect(plan.message).toMatch(/embedded PostgreSQL could not be loaded \(package missing\)/);
    expect(plan.message).toMatch(/no redis-server on the PATH/);
    expect(plan.message).toMatch(/apt-get install redis-server/);
    expect(plan.message).toMatch(/REDIS_URL=redis:\/\//);
  });

  it('reports only Redis when PostgreSQL and NATS are fine', () => {
    const plan = planInfrastructure({ ...nothing, localPostgres: 'usable', localNats: 'usable' });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.missing).toEqual(['redis']);
    expect(plan.message).toMatch(/^TrendForge cannot start: Redis missing\./);
    expect(plan.message).not.toMatch(/PostgreSQL: none available/);
    expect(plan.message).not.toMatch(/NATS: none available/);
  });

  it('reports PostgreSQL when the embedded one is unavailable even though Redis and NATS can be started', () => {
    const plan = planInfrastructure({ ...nothing, redisServerBinary: '/usr/bin/redis-server', natsServerBinary: '/usr/sbin/nats-server' });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.missing).toEqual(['postgres']);
  });
});

describe('planInfrastructure: NATS', () => {
  const withPgAndRedis: Partial<InfraFacts> = { localPostgres: 'usable', localRedis: 'usable' };

  it('uses NATS_URL when set, whatever runs locally', () => {
    const plan = ok({ ...withPgAndRedis, natsUrl: 'nats://bus.example:4222', localNats: 'usable', natsServerBinary: '/usr/sbin/nats-server' });
    expect(plan.nats).toEqual({ source: 'env', url: 'nats://bus.example:4222' });
  });

  it('prefers a NATS with JetStream on 127.0.0.1:4222 over starting one', () => {
    const plan = ok({ ...withPgAndRedis, localNats: 'usable', natsServerBinary: '/usr/sbin/nats-server' });
    expect(plan.nats).toEqual({ source: 'local', url: 'nats://127.0.0.1:4222' });
  });

  it('starts nats-server from the PATH when nothing answers on 4222 (its port comes from the OS at start)', () => {
    const plan = ok({ ...withPgAndRedis, localNats: 'absent', natsServerBinary: '/usr/sbin/nats-server' });
    expect(plan.nats).toEqual({ source: 'embedded', binary: '/usr/sbin/nats-server' });
    expect(plan.notes).toEqual([]);
  });

  it('starts its own when 4222 holds a NATS it cannot use, and says why', () => {
    const plan = ok({
      ...withPgAndRedis,
      localNats: 'unusable',
      localNatsError: 'NATS 2.9.10 without JetStream (start it with -js)',
      natsServerBinary: '/usr/sbin/nats-server',
    });
    expect(plan.nats.source).toBe('embedded');
    expect(plan.notes.join('\n')).toMatch(/4222 is taken but is not a NATS server with JetStream[\s\S]*without JetStream[\s\S]*set NATS_URL/);
  });

  it('stops naming only NATS when it alone is missing, with what 4222 said', () => {
    const plan = planInfrastructure({ ...nothing, ...withPgAndRedis, localNats: 'unusable', localNatsError: 'it requires authentication' });
    expect(plan.ok).toBe(false);
    if (plan.ok) return;
    expect(plan.missing).toEqual(['nats']);
    expect(plan.message).toMatch(/^TrendForge cannot start: NATS missing\./);
    expect(plan.message).toMatch(/4222 is not a NATS server with JetStream that accepts us \(it requires authentication\)/);
    expect(plan.message).toMatch(/apt-get install nats-server/);
  });
});

describe('URL helpers', () => {
  it('replaces and reads the database of a URL', () => {
    const url = withDatabase('postgres://u:p@h:5432/postgres?sslmode=require', 'tf_e2e');
    expect(url).toBe('postgres://u:p@h:5432/tf_e2e?sslmode=require');
    expect(databaseOf(url)).toBe('tf_e2e');
    expect(databaseOf('postgres://u@h:5432')).toBe('');
  });

  it('builds URLs with escaped credentials', () => {
    expect(postgresUrl({ user: 'a b', password: 'p:w/%', port: 5433, database: 'x' })).toBe('postgres://a%20b:p%3Aw%2F%25@127.0.0.1:5433/x');
  });
});

describe('planStorage', () => {
  it('uses the local folder without S3_ENDPOINT', () => {
    expect(planStorage({}, '/repo/.data/storage')).toEqual({ STORAGE_DRIVER: 'local', STORAGE_DIR: '/repo/.data/storage' });
    expect(planStorage({ STORAGE_DIR: '/elsewhere' }, '/d')).toEqual({ STORAGE_DRIVER: 'local', STORAGE_DIR: '/elsewhere' });
  });

  it('uses S3 when S3_ENDPOINT is set, with the documented defaults', () => {
    expect(planStorage({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 'b' }, '/d')).toEqual({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY: 'a',
      S3_SECRET_KEY: 'b',
      S3_BUCKET: 'trendforge',
      S3_REGION: 'us-east-1',
    });
  });
});
