import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_TEST_DATABASE_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Databases older than this, named by createTestDatabase, are left over from crashed runs. */
export const STALE_TEST_DATABASE_AGE_MS = 6 * 60 * 60 * 1000;

const NAME_PREFIX = 'tf_test_';
/** tf_test_<label>_<creation time, ms, base36>_<6 hex>; the time lets the sweeper judge age. */
const NAME_PATTERN = /^tf_test_[a-z0-9_]*_([0-9a-z]{8,9})_([0-9a-f]{6})$/;

export interface TestDatabase {
  /** Connection URL of the new database (same server and credentials as the admin URL). */
  url: string;
  name: string;
  /** Terminates every connection to the database and drops it. Idempotent. */
  drop(): Promise<void>;
}

/** The admin connection URL: env TEST_DATABASE_ADMIN_URL, else the local server's `postgres` database. */
export function testDatabaseAdminUrl(): string {
  return process.env.TEST_DATABASE_ADMIN_URL || DEFAULT_TEST_DATABASE_ADMIN_URL;
}

/** Label → identifier-safe fragment (`Auth Service!` → `auth_service`). */
function sanitizeLabel(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 24) || 'suite'
  );
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = testDatabaseAdminUrl();
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    const where = new URL(adminUrl).host;
    throw new Error(
      `PostgreSQL is not reachable at ${where} (TEST_DATABASE_ADMIN_URL): ${(error as Error).message}. ` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  // Refuse new connections first so a pool reconnecting in the background cannot win the race.
  await client.query(`ALTER DATABASE ${quoteIdentifier(name)} WITH ALLOW_CONNECTIONS false`).catch((error: { code?: string }) => {
    if (error.code !== '3D000') throw error; // invalid_catalog_name: already gone
  });
  await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)}`);
}

/**
 * Drops databases named by createTestDatabase that are older than `olderThanMs` (crashed runs never
 * dropped theirs). Only names matching the exact test pattern are touched. Returns the dropped names.
 */
export async function sweepStaleTestDatabases(olderThanMs = STALE_TEST_DATABASE_AGE_MS): Promise<string[]> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${NAME_PREFIX}%`,
    ]);
    const cutoff = Date.now() - olderThanMs;
    const stale = rows
      .map((row) => row.datname)
      .filter((name) => {
        const match = NAME_PATTERN.exec(name);
        return match !== null && parseInt(match[1], 36) < cutoff;
      });
    const dropped: string[] = [];
    for (const name of stale) {
      try {
        await dropDatabase(client, name);
        dropped.push(name);
      } catch {
        // Another run may be sweeping the same database at the same time; never fail a suite for it.
      }
    }
    return dropped;
  });
}

let sweepOnce: Promise<unknown> | undefined;

/**
 * Creates an empty, uniquely named database (`tf_test_<label>_<time>_<random>`) for one test suite
 * on the server of TEST_DATABASE_ADMIN_URL. The first call in a process also sweeps stale
 * databases left by crashed runs. Call `drop()` in afterAll.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  sweepOnce ??= sweepStaleTestDatabases().catch(() => undefined);
  await sweepOnce;

  const name = `${NAME_PREFIX}${sanitizeLabel(label)}_${Date.now().toString(36).padStart(8, '0')}_${randomBytes(3).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${quoteIdentifier(name)}`));

  let dropped: Promise<void> | undefined;
  return {
    name,
    url: databaseUrl(testDatabaseAdminUrl(), name),
    drop: () => (dropped ??= withAdmin((client) => dropDatabase(client, name))),
  };
}
