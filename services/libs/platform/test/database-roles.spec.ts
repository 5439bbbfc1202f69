import { loginOf, loginsFromEnv, serviceRoleName, SERVICE_SCHEMAS, withLogin } from '../src/database-roles.js';

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
