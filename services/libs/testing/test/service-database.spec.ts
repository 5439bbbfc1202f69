import pg from 'pg';
import { SERVICE_SCHEMAS } from '@trendforge/platform';
import { createServiceTestDatabase, testDatabaseAdminUrl } from '../src/index.js';

async function queryAs<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('createServiceTestDatabase', () => {
  it('gives each service its own role, reaching only its own schema, and drops the roles with the database', async () => {
    const database = await createServiceTestDatabase('service roles');
    const roles = SERVICE_SCHEMAS.map((schema) => `${database.name}_${schema}`);
    try {
      expect(await queryAs(database.serviceUrl('billing'), 'SELECT current_user AS me')).toEqual([{ me: `${database.name}_billing` }]);
      await queryAs(database.serviceUrl('billing'), 'CREATE TABLE "billing"."mine" ("id" int)');
      await expect(queryAs(database.serviceUrl('images'), 'SELECT * FROM "billing"."mine"')).rejects.toThrow(/permission denied/);
      // The test's own setup and checks stay the admin's.
      expect(await queryAs(database.url, 'SELECT count(*)::int AS n FROM "billing"."mine"')).toEqual([{ n: 0 }]);
    } finally {
      await database.drop();
    }
    expect(await queryAs(testDatabaseAdminUrl(), `SELECT rolname FROM pg_roles WHERE rolname IN (${roles.map((role) => `'${role}'`).join(', ')})`)).toEqual([]);
  });
});
