import pg from 'pg';
import { loginOf, loginsFromEnv, provisionKeptServiceRoles, serviceRoleName, SERVICE_SCHEMAS, withLogin } from '../src/database-roles.js';

describe('service logins', () => {
  test('a role per service and database, as PostgreSQL keeps identifiers', () => {
    expect(serviceRoleName('trendforge', 'billing')).toBe('trendforge_billing');
    expect(serviceRoleName('TF-Stack.1', 'images')).toBe('tf_stack_1_images');
    expect(serviceRoleName('x'.repeat(70), 'auth')).toHaveLength(63);
  });

  test('a service URL carries its role and password, whatever characters the password holds', () => {
    const url = withLogin('postgres://postgres@127.0.0.1:5432/trendforge', 'trendforge_auth', 'p@ss:w/rd%');
    expect(url).toBe('postgres://trendforge_auth:p%40ss%3Aw%2Frd%25@127.0.0.1:5432/trendforge');
    expect(loginOf('auth', url)).toEqual({ schema: 'auth', role: 'trendforge_auth', password: 'p@ss:w/rd%' });
  });

  test('provisioning from the environment needs every service\'s URL with a role and a password', () => {
    const env = Object.fromEntries(SERVICE_SCHEMAS.map((schema) => [`${schema.toUpperCase()}_DATABASE_URL`, `postgres://tf_${schema}:pw-${schema}@db:5432/trendforge`]));
    expect(loginsFromEnv(env).map(({ schema, role }) => `${schema}:${role}`)).toEqual(SERVICE_SCHEMAS.map((schema) => `${schema}:tf_${schema}`));
    expect(() => loginsFromEnv({ ...env, WAITLIST_DATABASE_URL: undefined })).toThrow('WAITLIST_DATABASE_URL is required');
    expect(() => loginsFromEnv({ ...env, BILLING_DATABASE_URL: 'postgres://db:5432/trendforge' })).toThrow('must name its role and password');
  });
});

/** A database of this test's own on the local server (the admin's: a superuser), dropped with its roles. */
async function scratchDatabase() {
  const serverUrl = process.env.TEST_DATABASE_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tf_test_kept_logins_${Date.now().toString(36)}_${process.pid}`;
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`CREATE DATABASE ${server.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    server,
    async drop() {
      await server.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
      await server.query(`DROP DATABASE IF EXISTS ${server.escapeIdentifier(name)}`);
      for (const schema of SERVICE_SCHEMAS) await server.query(`DROP ROLE IF EXISTS ${server.escapeIdentifier(serviceRoleName(name, schema))}`);
      await server.end();
    },
  };
}

describe('a launcher\'s logins', () => {
  test('launchers sharing a database get the same logins, and a later one leaves the running roles\' passwords alone', async () => {
    const scratch = await scratchDatabase();
    try {
      const first = await provisionKeptServiceRoles(scratch.url);
      const verifiers = async () => (await scratch.server.query<{ rolname: string; rolpassword: string }>(
        'SELECT rolname, rolpassword FROM pg_authid WHERE rolname = ANY($1) ORDER BY rolname', [first.map((login) => login.role)])).rows;
      expect(first.map(({ schema }) => schema)).toEqual([...SERVICE_SCHEMAS]);
      expect(new Set(first.map(({ password }) => password)).size).toBe(SERVICE_SCHEMAS.length);
      const before = await verifiers();
      expect(before.every(({ rolpassword }) => rolpassword?.startsWith('SCRAM-SHA-256$'))).toBe(true);
      // Two more launchers at once (replicas starting together), then one later (a second npm start).
      const together = await Promise.all([provisionKeptServiceRoles(scratch.url), provisionKeptServiceRoles(scratch.url)]);
      const later = await provisionKeptServiceRoles(scratch.url);
      for (const logins of [...together, later]) expect(logins).toEqual(first);
      // The stored verifiers (salted anew by any ALTER ... PASSWORD) are the first launcher's.
      expect(await verifiers()).toEqual(before);
    } finally {
      await scratch.drop();
    }
  }, 30_000);

  test('no service role can read the kept passwords', async () => {
    const scratch = await scratchDatabase();
    try {
      const [auth] = await provisionKeptServiceRoles(scratch.url);
      const asAuth = new pg.Client({ connectionString: withLogin(scratch.url, auth.role, auth.password) });
      await asAuth.connect();
      try {
        await expect(asAuth.query('SELECT * FROM "trendforge_provisioning"."service_logins"')).rejects.toThrow(/permission denied/);
      } finally {
        await asAuth.end();
      }
    } finally {
      await scratch.drop();
    }
  }, 30_000);
});
