import { mayReadMetrics } from '../src/metrics/metrics.module.js';
import { auditedAction } from '../src/admin-queues/queue-actions.js';

describe('who may read the gateway\'s /api/metrics', () => {
  it('without METRICS_TOKEN: callers on loopback or private networks, not through a proxy', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:10.1.2.3', '172.20.0.5', '192.168.1.9', 'fd00::1']) {
      expect({ address, allowed: mayReadMetrics({}, address, '') }).toEqual({ address, allowed: true });
    }
    for (const address of ['203.0.113.9', '::ffff:8.8.8.8', '2001:db8::1', undefined]) {
      expect({ address, allowed: mayReadMetrics({}, address, '') }).toEqual({ address, allowed: false });
    }
    expect(mayReadMetrics({ 'x-forwarded-for': '198.51.100.7' }, '127.0.0.1', '')).toBe(false);
  });

  it('with METRICS_TOKEN: exactly the bearer token, from anywhere', () => {
    const token = 'a-long-metrics-token';
    expect(mayReadMetrics({ authorization: `Bearer ${token}` }, '203.0.113.9', token)).toBe(true);
    expect(mayReadMetrics({ authorization: 'Bearer wrong' }, '127.0.0.1', token)).toBe(false);
    expect(mayReadMetrics({}, '127.0.0.1', token)).toBe(false);
  });
});

describe('the queue dashboard\'s allowed actions', () => {
  it('names retries and removals of one job or of a state, and nothing else', () => {
    expect(auditedAction('PUT', '/api/queues/generation/abc/retry')).toEqual({ action: 'queue.job.retry', subject: 'generation/abc' });
    expect(auditedAction('PUT', '/api/queues/traits/abc/clean')).toEqual({ action: 'queue.job.remove', subject: 'traits/abc' });
    expect(auditedAction('PUT', '/api/queues/generation/retry/failed')).toEqual({ action: 'queue.jobs.retry', subject: 'generation/failed' });
    expect(auditedAction('PUT', '/api/queues/renders/clean/completed')).toEqual({ action: 'queue.jobs.remove', subject: 'renders/completed' });
    for (const [method, path] of [
      ['PUT', '/api/queues/generation/pause'], ['POST', '/api/queues/generation/add'], ['PUT', '/api/queues/generation/empty'],
      ['PUT', '/api/queues/generation/abc/update-data'], ['PUT', '/api/queues/unknown/abc/retry'], ['DELETE', '/api/queues/generation/abc/clean'],
    ]) {
      expect({ method, path, action: auditedAction(method, path) }).toEqual({ method, path, action: null });
    }
  });
});
