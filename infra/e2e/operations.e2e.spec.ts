import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { startFakeOpenAI } from '@trendforge/testing';
import { ApiMember, eventually, useE2EStack } from './harness.js';

/**
 * Operations (issue 18): under a burst of generations every process's /metrics shows it (bus
 * latencies, queue depth and times, renders, HTTP), the admin queue dashboard shows the jobs to an
 * admin only, and its actions are limited to retry/remove and audited. Request ids cross the bus.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** Sum of the samples of `name` whose labels include `labels` (Prometheus text format). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  let seen = false;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      total += Number(match[3]);
      seen = true;
    }
  }
  return seen ? total : Number.NaN;
}

describe('operations: metrics, queue dashboard, request ids', () => {
  const suite = useE2EStack('ops', { childEnv: { LOG_LEVEL: 'info' } });
  const burst = 6;
  let admin: ApiMember & { id: string };
  let members: (ApiMember & { id: string })[];
  /** The burst's generation ids (= their job ids). */
  const ids: string[] = [];
  const metricsOf = async (instance: string) => {
    const url = instance === 'gateway' ? `${suite.url}/api/metrics` : `http://127.0.0.1:${suite.stack.port(instance)}/metrics`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    admin = await ApiMember.register(suite.url, 'opsadmin');
    members = await Promise.all(Array.from({ length: burst / 2 }, (_, i) => ApiMember.register(suite.url, `opsmember${i}`)));
    // Billing opens the account from the registration event: appoint the admin once it exists.
    await eventually('the admin to be appointed', async () => {
      await run(process.execPath, [path.join(root, 'services/billing/dist/main.js'), '--grant-admin', admin.id], { env: { ...process.env, ...suite.stack.env } });
      return true;
    });
  }, 120_000);

  it('answers visitors 401 and members 403 on the queue dashboard, its API and the metrics behind a proxy', async () => {
    const visitor = new ApiMember(suite.url);
    expect((await visitor.request('GET', '/api/admin/queues')).status).toBe(401);
    expect((await visitor.request('GET', '/api/admin/queues/api/queues')).status).toBe(401);
    expect((await members[0].request('GET', '/api/admin/queues')).status).toBe(403);
    expect((await members[0].request('GET', '/api/admin/queues/api/queues')).status).toBe(403);
    expect((await members[0].request('PUT', '/api/admin/queues/api/queues/generation/x/retry')).status).toBe(403);
    const page = await admin.request('GET', '/api/admin/queues');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('TrendForge queues');
    // Through a proxy (X-Forwarded-For) the gateway's metrics are not for the public.
    expect((await visitor.request('GET', '/api/metrics', undefined, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(403);
  });

  it('shows a burst of generations in every process\'s metrics and on the dashboard', async () => {
    // Workers stopped: the burst waits in the queue, where the metrics and the board must see it.
    await suite.stack.stopInstance('generation-worker');
    await Promise.all(members.flatMap((member, m) => [0, 1].map(async (n) => {
      const response = await member.request('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: `a lantern festival ${m}-${n}` }, { prefer: 'respond-async' });
      expect(response.status).toBe(202);
      ids.push((await response.json()).id);
    })).map((sent) => sent));
    expect(ids).toHaveLength(burst);

    await eventually('the images service to report the queued burst', async () => {
      const text = await metricsOf('images');
      const queued = sample(text, 'tf_queue_jobs', { queue: 'generation', state: 'waiting' }) + sample(text, 'tf_queue_jobs', { queue: 'generation', state: 'prioritized' });
      return queued === burst;
    });
    // Free plans' jobs wait without a priority, paid plans' with one: the board lists both.
    const listed: string[] = [];
    for (const status of ['waiting', 'prioritized']) {
      const board = await admin.json('GET', `/api/admin/queues/api/queues?activeQueue=generation&status=${status}&page=1`);
      const generation = board.queues.find((queue: { name: string }) => queue.name === 'generation');
      expect(generation.counts.waiting + (generation.counts.prioritized ?? 0)).toBe(burst);
      listed.push(...generation.jobs.map((job: { id: string }) => job.id));
    }
    expect(listed.sort()).toEqual([...ids].sort());

    await suite.stack.restart('generation-worker');
    await Promise.all(members.map((member) => eventually('the burst to finish', async () => {
      const { items } = await member.json('GET', '/api/images/page?limit=10');
      return items.length === 2;
    }, 120_000)));

    const gateway = await metricsOf('gateway');
    expect(sample(gateway, 'tf_http_request_duration_seconds_count', { method: 'POST', route: '/api/generate', status: '202' })).toBe(burst);
    expect(sample(gateway, 'tf_bus_request_duration_seconds_count', { pattern: 'images.generation.request', side: 'client', outcome: 'ok' })).toBe(burst);

    const images = await metricsOf('images');
    expect(sample(images, 'tf_bus_request_duration_seconds_count', { pattern: 'images.generation.request', side: 'server', outcome: 'ok' })).toBe(burst);
    expect(sample(images, 'tf_bus_request_duration_seconds_count', { pattern: 'images.generation.completed', side: 'server' })).toBeGreaterThanOrEqual(burst);
    expect(sample(images, 'tf_queue_jobs', { queue: 'generation', state: 'waiting' })).toBe(0);

    const worker = await metricsOf('generation-worker');
    expect(sample(worker, 'tf_render_duration_seconds_count', { trend: 'pixar', engine: 'studio' })).toBe(burst);
    expect(sample(worker, 'tf_queue_job_wait_seconds_count', { queue: 'generation' })).toBe(burst);
    expect(sample(worker, 'tf_queue_job_duration_seconds_count', { queue: 'generation', outcome: 'completed' })).toBe(burst);
    // They waited while the worker was down: the wait histogram's sum says so.
    expect(sample(worker, 'tf_queue_job_wait_seconds_sum', { queue: 'generation' })).toBeGreaterThan(0);
    expect(sample(worker, 'tf_bus_request_duration_seconds_count', { pattern: 'images.generation.started', side: 'client', outcome: 'ok' })).toBe(burst);

    const billing = await metricsOf('billing');
    expect(sample(billing, 'tf_bus_request_duration_seconds_count', { side: 'server' })).toBeGreaterThanOrEqual(burst);

    for (const instance of ['gateway', 'auth', 'trends', 'images', 'billing', 'waitlist', 'generation-worker', 'traits-worker']) {
      const text = await metricsOf(instance);
      expect(sample(text, 'tf_process_cpu_user_seconds_total', { service: instance })).toBeGreaterThan(0);
      expect(sample(text, 'tf_nodejs_eventloop_lag_p99_seconds', { service: instance })).toBeGreaterThanOrEqual(0);
    }
  }, 240_000);

  it('allows admins only retrying and removing jobs, audited, and from this origin only', async () => {
    const jobId = ids[0];
    // Anything else the board could do (adding, pausing, emptying a queue) is refused.
    expect((await admin.request('PUT', '/api/admin/queues/api/queues/generation/pause')).status).toBe(403);
    expect((await admin.request('POST', '/api/admin/queues/api/queues/generation/add', { name: 'x', data: {} })).status).toBe(403);
    // The origin check applies to its writes.
    expect((await admin.request('PUT', `/api/admin/queues/api/queues/generation/${jobId}/clean`, undefined, { origin: 'https://evil.example' })).status).toBe(403);

    // A finished generation retried runs again without a second render or charge (the worker finds it completed).
    const retried = await admin.request('PUT', `/api/admin/queues/api/queues/generation/${ids[1]}/retry`);
    expect(retried.status).toBe(204);
    const removed = await admin.request('PUT', `/api/admin/queues/api/queues/generation/${jobId}/clean`);
    expect(removed.status).toBe(204);
    const client = new pg.Client({ connectionString: suite.stack.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT actor_id, action, trend_slug FROM "trends"."audit_log" WHERE action LIKE 'queue.%' ORDER BY id`);
      expect(rows).toEqual([
        { actor_id: admin.id, action: 'queue.job.retry', trend_slug: `generation/${ids[1]}` },
        { actor_id: admin.id, action: 'queue.job.remove', trend_slug: `generation/${jobId}` },
      ]);
    } finally {
      await client.end();
    }
    const board = await admin.json('GET', '/api/admin/queues/api/queues?activeQueue=generation&status=completed&page=1');
    const listed = board.queues.find((queue: { name: string }) => queue.name === 'generation').jobs.map((job: { id: string }) => job.id);
    expect(listed).not.toContain(jobId);
    await eventually('the retried generation to complete again', async () => {
      const again = await admin.json('GET', '/api/admin/queues/api/queues?activeQueue=generation&status=completed&page=1');
      return again.queues.find((queue: { name: string }) => queue.name === 'generation').jobs.some((job: { id: string }) => job.id === ids[1]);
    });
    // Still one creation each: nothing rendered or charged twice.
    const { items } = await members[0].json('GET', '/api/images/page?limit=10');
    expect(items).toHaveLength(2);
  });

  it('echoes the request id and carries it across the bus into the service\'s log lines', async () => {
    const requestId = `ops-${Date.now()}`;
    // A failed sign-in: auth writes a line about it while handling the gateway's bus request.
    const response = await new ApiMember(suite.url).request('POST', '/api/auth/login', { email: 'nobody.ops@example.com', password: 'wrong-pass' }, { 'x-request-id': requestId });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const generated = await new ApiMember(suite.url).request('GET', '/api/auth/me');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // GraphQL operations are timed by name and outcome.
    expect(await members[1].graphql('query OpsMe { me { id } }')).toEqual({ me: { id: members[1].id } });
    await expect(members[1].graphql('query OpsBroken { me { noSuchField } }')).rejects.toThrow();
    const gateway = await metricsOf('gateway');
    expect(sample(gateway, 'tf_graphql_operation_duration_seconds_count', { operation: 'OpsMe', type: 'query', outcome: 'ok' })).toBe(1);
    expect(sample(gateway, 'tf_graphql_operation_duration_seconds_count', { operation: 'anonymous', type: 'invalid', outcome: 'error' })).toBeGreaterThanOrEqual(1);
    await eventually('the request id in the gateway\'s and auth\'s log lines', async () =>
      suite.stack.logs('gateway', 400).some((line) => line.includes(`"requestId":"${requestId}"`))
      && suite.stack.logs('auth', 400).some((line) => line.includes(`"requestId":"${requestId}"`) && line.includes('login failed')), 10_000);
  });

  it('lets a generation worker told to stop (scale-in, SIGTERM) finish the job in hand before it exits', async () => {
    const openai = await startFakeOpenAI();
    try {
      // A render that takes seconds, so that the signal arrives mid-job.
      openai.setLatency(6_000);
      const worker = await suite.stack.spawnExtra('generation-worker', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.baseURL });
      // Only this worker takes the job (the stack's own one is stopped).
      await suite.stack.stopInstance('generation-worker');
      const member = await ApiMember.register(suite.url, 'opsdrain');
      const accepted = await member.request('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a lighthouse keeper at dusk' }, { prefer: 'respond-async' });
      expect(accepted.status).toBe(202);
      const { id } = await accepted.json();
      await eventually('the model to be asked', async () => openai.requests.some((request) => request.path === '/v1/images/generations'));

      const exit = await suite.stack.kill(worker, 'SIGTERM', { restart: false });
      // Nest re-raises the signal once its shutdown hooks are done; SIGKILL would mean the launcher gave up waiting.
      expect(exit).toEqual({ code: null, signal: 'SIGTERM' });
      // It exited after finishing (the render took seconds): the generation is complete, rendered once, charged once.
      const state = await member.json('GET', `/api/generations/${id}`);
      expect(state.status).toBe('completed');
      expect(openai.requests.filter((request) => request.path === '/v1/images/generations')).toHaveLength(1);
      expect((await member.json('GET', '/api/auth/me')).monthlyUsage).toBe(1);
    } finally {
      await openai.close();
      await suite.stack.restart('generation-worker');
    }
  }, 120_000);
});
