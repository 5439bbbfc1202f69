import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, sweepStaleTestDatabases, testDatabaseAdminUrl, type TestDatabase } from '../src/index.js';

async function adminQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: testDatabaseAdminUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const databaseExists = async (name: string) =>
  (await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name])).length === 1;

describe('createTestDatabase', () => {
  const created: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(created.map((database) => database.drop()));
  });

  it('creates a real, empty, uniquely named database that a suite can use', async () => {
    const database = await createTestDatabase('Images Service!');
    created.push(database);
    expect(database.name).toMatch(/^tf_test_images_service_[0-9a-z]{8}_[0-9a-f]{6}$/);
    expect(await databaseExists(database.name)).toBe(true);
    expect(new URL(database.url).pathname).toBe(`/${database.name}`);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
      expect(rows[0].db).toBe(database.name);
      await client.query('CREATE TABLE creations (id uuid PRIMARY KEY, title text NOT NULL)');
      await client.query("INSERT INTO creations VALUES ('6f1c2a9e-4a57-4cf3-9d7e-1f0a2b3c4d5e', 'doll box')");
      const titles = await client.query<{ title: string }>('SELECT title FROM creations');
      expect(titles.rows).toEqual([{ title: 'doll box' }]);
    } finally {
      await client.end();
    }
  });

  it('gives every call its own database', async () => {
    const [a, b] = await Promise.all([createTestDatabase('same'), createTestDatabase('same')]);
    created.push(a, b);
    expect(a.name).not.toBe(b.name);
    expect(a.url).not.toBe(b.url);
  });

  it('drop() removes the database even with connections still open, and is idempotent', async () => {
    const database = await createTestDatabase('drop');
    const lingering = new pg.Client({ connectionString: database.url });
    lingering.on('error', () => undefined); // it will be terminated
    await lingering.connect();
    try {
      await database.drop();
      expect(await databaseExists(database.name)).toBe(false);
      await expect(lingering.query('SELECT 1')).rejects.toThrow();
      await expect(database.drop()).resolves.toBeUndefined();
    } finally {
      await lingering.end().catch(() => undefined);
    }
  });
});

describe('sweepStaleTestDatabases', () => {
  const hex = () => randomBytes(3).toString('hex');
  const stamp = (msAgo: number) => (Date.now() - msAgo).toString(36).padStart(8, '0');
  const old = `tf_test_crashed_run_${stamp(7 * 3600_000)}_${hex()}`;
  const fresh = `tf_test_running_${stamp(60_000)}_${hex()}`;
  const foreign = `tf_test_not_ours_${hex()}`; // does not follow the naming scheme: never touched

  beforeAll(async () => {
    for (const name of [old, fresh, foreign]) await adminQuery(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    for (const name of [old, fresh, foreign]) await adminQuery(`DROP DATABASE IF EXISTS "${name}"`);
  });

  it('drops only test databases older than the cutoff', async () => {
    const dropped = await sweepStaleTestDatabases();
    expect(dropped).toContain(old);
    expect(dropped).not.toContain(fresh);
    expect(dropped).not.toContain(foreign);
    expect(await databaseExists(old)).toBe(false);
    expect(await databaseExists(fresh)).toBe(true);
    expect(await databaseExists(foreign)).toBe(true);
  });
});
