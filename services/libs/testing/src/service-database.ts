import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { provisionServiceRoles, SERVICE_SCHEMAS, serviceRoleName, type ServiceLogin, type ServiceSchema, withLogin } from '@trendforge/platform';
import { createTestDatabase, testDatabaseAdminUrl, type TestDatabase } from './database.js';

/** A suite's database with each service's own role, as `npm start`, compose and k8s provision them. */
export interface ServiceTestDatabase extends TestDatabase {
  /** The database as `service`'s role: what the service's code connects with. `url` stays the admin's, for the test's own setup and checks. */
  serviceUrl(service: ServiceSchema): string;
}

/**
 * createTestDatabase, then platform's provisioning (database-roles.ts) with passwords made for the
 * suite: a role per service (`<database>_<service>`) owning its schema and nothing else. `drop()`
 * drops the roles with the database.
 */
export async function createServiceTestDatabase(label: string): Promise<ServiceTestDatabase> {
  const db = await createTestDatabase(label);
  const logins: ServiceLogin[] = SERVICE_SCHEMAS.map((schema) => ({ schema, role: serviceRoleName(db.name, schema), password: randomBytes(12).toString('hex') }));
  const dropAll = async () => {
    await db.drop();
    const admin = new pg.Client({ connectionString: testDatabaseAdminUrl(), connectionTimeoutMillis: 5000 });
    await admin.connect();
    try {
      for (const { role } of logins) await admin.query(`DROP ROLE IF EXISTS ${admin.escapeIdentifier(role)}`);
    } finally {
      await admin.end();
    }
  };
  try {
    await provisionServiceRoles(db.url, logins);
  } catch (error) {
    await dropAll().catch(() => undefined);
    throw error;
  }
  let dropped: Promise<void> | undefined;
  return {
    ...db,
    serviceUrl(service) {
      const { role, password } = logins.find((login) => login.schema === service)!;
      return withLogin(db.url, role, password);
    },
    drop: () => (dropped ??= dropAll()),
  };
}
