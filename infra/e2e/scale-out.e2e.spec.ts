import pg from 'pg';
import { createTestBus } from '@trendforge/testing';
import { ApiMember, eventually, useE2EStack } from './harness.js';

/**
 * Two replicas of every service and two gateways on one stack (the prod overlay runs ×2, and every
 * rolling update runs two for a while): each request is handled by one replica, each event reaches
 * each consuming service once, and a consumer that is down gets its events when it is back.
 */
describe('scaled out: two replicas of every service and two gateways', () => {
  const suite = useE2EStack('scale');
  let sql: pg.Pool;
  let gateways: string[];

  beforeAll(async () => {
    sql = new pg.Pool({ connectionString: suite.stack.env.DATABASE_URL, max: 2 });
    // The suite's database is dropped at the end, with whatever idle connection is left.
    sql.on('error', () => undefined);
    const extras = await Promise.all(['auth', 'trends', 'images', 'billing', 'waitlist', 'gateway'].map((name) => suite.stack.spawnExtra(name as never)));
    const secondGateway = extras.at(-1)!;
    gateways = [suite.url, `http://127.0.0.1:${suite.stack.port(secondGateway)}`];
  }, 240_000);

  afterAll(async () => {
    await sql?.end();
  });

  const count = async (query: string, params: unknown[] = []) => Number((await sql.query<{ n: string }>(query, params)).rows[0].n);
  /** Member i talks to gateway i mod 2. */
  const register = (label: string, i: number) => ApiMember.register(gateways[i % 2], `${label}${i}`);

  test('sign-ups spread over both gateways and both auth replicas: no false "already exists"', async () => {
    const members = await Promise.all(Array.from({ length: 24 }, (_, i) => register('signup', i)));
    expect(new Set(members.map((m) => m.id)).size).toBe(24);
    // user.registered reached billing once per member: one account and one starter grant each.
    const ids = members.map((m) => m.id);
    await eventually('every account to be opened', async () => (await count('SELECT count(*) AS n FROM billing.accounts WHERE user_id = ANY($1)', [ids])) === 24);
    expect(await count(`SELECT count(*) AS n FROM billing.ledger WHERE kind = 'starter' AND user_id = ANY($1)`, [ids])).toBe(24);
  });

  test('one generate is one charge and one creation, whichever replicas take it', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => register('gen', i)));
    const answers = await Promise.all(members.map((member, i) =>
      member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: `a lighthouse number ${i}` }, 201)));
    const ids = members.map((m) => m.id);
    expect(answers.every((answer) => typeof answer.generatedImage === 'string')).toBe(true);
    expect(await count('SELECT count(*) AS n FROM images.generations WHERE user_id = ANY($1)', [ids])).toBe(8);
    expect(await count('SELECT count(*) AS n FROM images.creations WHERE user_id = ANY($1)', [ids])).toBe(8);
    expect(await count('SELECT count(*) AS n FROM billing.charges WHERE user_id = ANY($1) AND refunded_at IS NULL', [ids])).toBe(8);
    for (const member of members) expect((await member.json('GET', '/api/auth/me')).monthlyUsage).toBe(1);
    // generation.completed reached trends once per generation.
    await eventually('the trend count', async () =>
      (await count(`SELECT count(*) AS n FROM trends.counted_generations WHERE generation_id = ANY($1)`, [answers.map((a) => a.id)])) === 8);
  });

  test('a double click sent to both gateways with one idempotency key is one generation and one charge', async () => {
    const member = await register('double', 0);
    const twin = new ApiMember(gateways[1]);
    Object.assign(twin, { cookie: member.sessionCookie });
    const key = `click-${Date.now()}`;
    const send = (client: ApiMember) => client.request('POST', '/api/generate', { trendSlug: 'anime', userPrompt: 'a fox on a bicycle' }, { 'idempotency-key': key });
    const responses = await Promise.all([send(member), send(twin), send(member), send(twin)]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect(await count('SELECT count(*) AS n FROM billing.charges WHERE user_id = $1', [member.id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM images.creations WHERE user_id = $1', [member.id])).toBe(1);
  });

  test('votes through both gateways are counted once each, a repeated vote included', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => register('voter', i)));
    const before = (await members[0].json('GET', '/api/trends/voting')).find((trend: { slug: string }) => trend.slug === 'clay').votes;
    // Every member votes twice at once: the second is the same vote, not another.
    const answers = await Promise.all(members.flatMap((member) => [member.request('POST', '/api/trends/clay/vote'), member.request('POST', '/api/trends/clay/vote')]));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const stored = await count(`SELECT count(*) AS n FROM trends.votes v JOIN trends.trends t ON t.id = v.trend_id WHERE t.slug = 'clay' AND v.user_id = ANY($1)`, [members.map((m) => m.id)]);
    expect(stored).toBe(10);
    const after = (await members[1].json('GET', '/api/trends/voting')).find((trend: { slug: string }) => trend.slug === 'clay');
    expect(after.votes).toBe(before + 10);
  });

  test('a consuming service that is down gets the events published meanwhile once it is back', async () => {
    const billing = suite.stack.instances().filter((instance) => instance.name === 'billing' && instance.running).map((i) => i.instance);
    expect(billing).toHaveLength(2);
    await Promise.all(billing.map((instance) => suite.stack.stopInstance(instance)));

    // Registered straight over the bus: the gateway would ask billing for the new member's account.
    process.env.BUS_NAMESPACE = suite.stack.env.BUS_NAMESPACE;
    const client = await createTestBus(suite.stack.env.NATS_URL);
    const ids: string[] = [];
    try {
      for (let i = 0; i < 5; i += 1) {
        const suffix = `${Date.now().toString(36)}${i}`;
        const { user } = await client.bus.send('auth.register', { username: `offline_${suffix}`, email: `offline.${suffix}@example.com`, password: 'secret-pass' });
        ids.push(user.id);
      }
    } finally {
      await client.close();
    }
    expect(await count('SELECT count(*) AS n FROM billing.accounts WHERE user_id = ANY($1)', [ids])).toBe(0);

    await Promise.all(billing.map((instance) => suite.stack.restart(instance)));
    await eventually('the accounts to be opened from the waiting events', async () =>
      (await count('SELECT count(*) AS n FROM billing.accounts WHERE user_id = ANY($1)', [ids])) === 5);
    expect(await count(`SELECT count(*) AS n FROM billing.ledger WHERE kind = 'starter' AND user_id = ANY($1)`, [ids])).toBe(5);
  });

  test('a worker killed with SIGKILL mid-job comes back by itself and the job ends completed or refunded', async () => {
    const member = await register('crash', 1);
    const pending = member.request('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a kite over a stormy sea' });
    const workers = () => suite.stack.instances().filter((instance) => instance.name === 'generation-worker' && instance.running);
    const generation = await eventually('the generation to be accepted', async () =>
      (await sql.query<{ id: string; status: string }>('SELECT id, status FROM images.generations WHERE user_id = $1', [member.id])).rows[0]);
    for (const worker of workers()) await suite.stack.kill(worker.instance, 'SIGKILL');

    const response = await pending;
    expect([201, 202, 503]).toContain(response.status);
    const ended = await eventually('the generation to end', async () => {
      const state = await member.json('GET', `/api/generations/${generation.id}`);
      return ['completed', 'failed'].includes(state.status) ? state : undefined;
    }, 120_000);
    const charge = (await sql.query<{ refunded_at: Date | null }>('SELECT refunded_at FROM billing.charges WHERE generation_id = $1', [generation.id])).rows;
    expect(charge).toHaveLength(1);
    if (ended.status === 'completed') {
      expect(charge[0].refunded_at).toBeNull();
      expect(await count('SELECT count(*) AS n FROM images.creations WHERE id = $1', [generation.id])).toBe(1);
    } else {
      expect(charge[0].refunded_at).not.toBeNull();
    }
    await eventually('a generation worker to be running again', async () => workers().length > 0);
  });
});
