import { loadTraitsWorkerConfig } from '../src/config.js';

describe('traits-worker config', () => {
  const env = { REDIS_URL: 'redis://127.0.0.1:6379', NATS_URL: 'nats://127.0.0.1:4222', STORAGE_DRIVER: 'local', STORAGE_DIR: '/tmp/tf-traits-config' };

  test('the analysis models warm up at start by default, not under NODE_ENV=test', () => {
    expect(loadTraitsWorkerConfig({ ...env, NODE_ENV: 'production' }).ANALYSIS_WARMUP).toBe(true);
    expect(loadTraitsWorkerConfig({ ...env, NODE_ENV: 'test' }).ANALYSIS_WARMUP).toBe(false);
  });

  test('ANALYSIS_WARMUP decides when set, and anything but true or false is refused', () => {
    expect(loadTraitsWorkerConfig({ ...env, NODE_ENV: 'production', ANALYSIS_WARMUP: 'false' }).ANALYSIS_WARMUP).toBe(false);
    expect(loadTraitsWorkerConfig({ ...env, NODE_ENV: 'test', ANALYSIS_WARMUP: 'true' }).ANALYSIS_WARMUP).toBe(true);
    expect(() => loadTraitsWorkerConfig({ ...env, ANALYSIS_WARMUP: 'yes' })).toThrow(/ANALYSIS_WARMUP/);
  });
});
