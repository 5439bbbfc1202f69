import { ConfigError, coreEnv, databaseEnv, loadConfig, storageEnv } from '../src/config.js';
import { asServiceError, ServiceError } from '../src/bus.js';
import { TimeoutError } from 'rxjs';
import { TemporarilyUnavailable } from '@trendforge/contracts';

describe('configuration at boot', () => {
  const schema = coreEnv.and(databaseEnv).and(storageEnv);

  test('a valid environment gets its defaults', () => {
    const config = loadConfig(schema, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tf', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp/x' });
    expect(config).toMatchObject({ REDIS_URL: 'redis://127.0.0.1:6379', BUS_NAMESPACE: 'tf', LOG_LEVEL: 'info', STORAGE_DIR: '/tmp/x' });
  });

  test('a missing or bad variable is named in a clear message', () => {
    expect(() => loadConfig(schema, { DATABASE_URL: 'mysql://x', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp' }))
      .toThrow(new ConfigError('Invalid configuration:\n  DATABASE_URL: must be a URL starting with postgres:// or postgresql://'));
    expect(() => loadConfig(schema, { STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp' })).toThrow(/DATABASE_URL: is required/);
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://h/db', STORAGE_DRIVER: 's3' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig(schema, { DATABASE_URL: 'postgres://h/db', STORAGE_DRIVER: 'local', STORAGE_DIR: '/t', BUS_NAMESPACE: 'a:b' })).toThrow(/BUS_NAMESPACE/);
  });
});

describe('bus errors', () => {
  test('a service error body keeps its code and message across the wire', () => {
    const error = asServiceError({ code: 'PAYMENT_REQUIRED', message: 'You need 3 credits' }, 'billing.charge');
    expect(error).toBeInstanceOf(ServiceError);
    expect([error.code, error.message]).toEqual(['PAYMENT_REQUIRED', 'You need 3 credits']);
  });

  test('a silent service is "briefly unavailable" (Retry-After), naming the service for the logs', () => {
    const error = asServiceError(new TimeoutError(), 'trends.list');
    expect(error).toMatchObject({ code: 'UNAVAILABLE', ...TemporarilyUnavailable, detail: 'trends service did not answer in time' });
  });
});
