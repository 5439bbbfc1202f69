import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { TemporarilyUnavailable } from '@trendforge/contracts';
import { createTestDatabase, freePort, PostgresFront } from '@trendforge/testing';
import { ApiMember, eventually, pickForgeStyle, useE2EStack } from './harness.js';

/** A server process of the test's own (Redis with AOF, NATS with JetStream) that can be restarted on the same port. */
class OwnServer {
  private child?: ChildProcess;

  constructor(private readonly binary: string, private readonly args: string[], private readonly port: number) {}

  async start(): Promise<void> {
    this.child = spawn(this.binary, this.args, { stdio: 'ignore' });
    await eventually(`${path.basename(this.binary)} on ${this.port}`, () => new Promise<boolean>((resolve) => {
      import('node:net').then(({ connect }) => {
        const socket = connect(this.port, '127.0.0.1');
        socket.once('connect', () => { socket.destroy(); resolve(true); });
        socket.once('error', () => resolve(false));
      });
    }), 20_000);
  }

  /** SIGTERM (Redis writes its AOF, NATS its stream store), then the same server again after `downMs`. */
  async restart(downMs: number): Promise<void> {
    await this.stop();
    await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.start();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const redisPort = await freePort();
const natsPort = await freePort();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tf-faults-'));
const redis = new OwnServer('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--appendonly', 'yes', '--save', '', '--dir', dataDir], redisPort);
const nats = new OwnServer('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', path.join(dataDir, 'nats')], natsPort);
await Promise.all([redis.start(), nats.start()]);
// The stack's database behind a front that can play a PostgreSQL restart (the shared server is never restarted).
const database = await createTestDatabase('faults-pg');
const postgres = await PostgresFront.start(database.url);

/**
 * The faults ops meet: Redis (with AOF) and NATS restarting, a service, a worker and a gateway
 * killed with SIGKILL, all during a burst of generations. Every accepted generation ends completed
 * or failed and refunded, none twice, and the launcher brings the killed processes back. Then
 * PostgreSQL restarting while a member clicks Generate in Chromium.
 */
describe('faults during a burst of generations', () => {
  const suite = useE2EStack('faults', {
    databaseUrl: postgres.url,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    // The REST call answers 202 soon; the test follows each generation to its end.
    childEnv: { GENERATE_WAIT_MS: '1000' },
  });
  let sql: pg.Pool;

  beforeAll(() => {
    sql = new pg.Pool({ connectionString: suite.stack.env.DATABASE_URL, max: 2 });
    sql.on('error', () => undefined);
  });

  afterAll(async () => {
    await sql?.end();
    await Promise.all([redis.stop(), nats.stop()]);
    await rm(dataDir, { recursive: true, force: true });
    postgres.comeBack();
    await postgres.close();
    await database.drop();
  });

  test('every accepted generation ends completed or refunded, exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 10 }, (_, i) => ApiMember.register(suite.url, `burst${i}`)));
    // Free members have 5 generations a month; four rounds stay within it.
    const accepted: Array<{ member: ApiMember; id: string }> = [];
    const refused: string[] = [];
    const fire = async (round: number) => {
      await Promise.all(members.map(async (member, i) => {
        // Each member from an address of its own (a header only; the gateway trusts its loopback
        // proxy), as real traffic is: the per-address generate limit is not what is tested here.
        const response = await member.request('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: `a paper lantern ${round}-${i}` }, { 'x-forwarded-for': `192.0.2.${i + 1}` });
        const body = await response.json().catch(() => ({}));
        if (response.status === 201 || response.status === 202) accepted.push({ member, id: body.id });
        else refused.push(`round ${round}: ${response.status} ${JSON.stringify(body)}`);
      }));
    };
    /** Processes come back by themselves within seconds: the deep health check says when. */
    const recovered = () => eventually('the stack to be healthy again', async () => (await fetch(`${suite.url}/api/health`)).ok, 60_000);

    await fire(1);
    await redis.restart(3000);
    await recovered();
    await fire(2);
    await nats.restart(3000);
    await recovered();
    await fire(3);
    const images = suite.stack.instances().find((instance) => instance.name === 'images')!.instance;
    const worker = suite.stack.instances().find((instance) => instance.name === 'generation-worker')!.instance;
    await Promise.all([suite.stack.kill(images, 'SIGKILL'), suite.stack.kill(worker, 'SIGKILL'), suite.stack.kill('gateway', 'SIGKILL')]);
    // The launcher restarts what was killed.
    await recovered();
    await fire(4);

    expect(refused).toEqual([]);
    expect(accepted).toHaveLength(40);
    const ended = await eventually('every accepted generation to end', async () => {
      const { rows } = await sql.query<{ id: string; user_id: string; status: string }>('SELECT id, user_id, status FROM images.generations');
      return rows.length > 0 && rows.every((row) => row.status === 'completed' || row.status === 'failed') ? rows : undefined;
    }, 240_000);

    const ids = new Set(ended.map((row) => row.id));
    for (const { id } of accepted) expect(ids.has(id)).toBe(true);
    const charges = (await sql.query<{ generation_id: string; refunded_at: Date | null }>('SELECT generation_id, refunded_at FROM billing.charges')).rows;
    const creations = new Set((await sql.query<{ id: string }>('SELECT id FROM images.creations')).rows.map((row) => row.id));
    const chargeOf = new Map(charges.map((charge) => [charge.generation_id, charge]));
    for (const generation of ended) {
      const charge = chargeOf.get(generation.id);
      expect({ id: generation.id, charged: Boolean(charge) }).toEqual({ id: generation.id, charged: true });
      if (generation.status === 'completed') {
        expect({ id: generation.id, refunded: charge!.refunded_at !== null, created: creations.has(generation.id) })
          .toEqual({ id: generation.id, refunded: false, created: true });
      } else {
        expect({ id: generation.id, refunded: charge!.refunded_at !== null, created: creations.has(generation.id) })
          .toEqual({ id: generation.id, refunded: true, created: false });
      }
    }
    // Charges that were not accepted (a request that failed mid-way) were given back too.
    for (const charge of charges) {
      if (!ids.has(charge.generation_id)) expect({ id: charge.generation_id, refunded: charge.refunded_at !== null }).toEqual({ id: charge.generation_id, refunded: true });
    }
    // The ledger balances: each member's usage is their completed generations.
    for (const member of members) {
      const me = await member.json('GET', '/api/auth/me');
      const completed = ended.filter((row) => row.status === 'completed' && row.user_id === member.id).length;
      expect(me.monthlyUsage).toBe(completed);
    }
  }, 600_000);

  test('a PostgreSQL restart while a member clicks Generate: the Forge says so, tries again with the same key, and ends with one image and one charge', async () => {
    const member = await ApiMember.register(suite.url, 'restart');
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = member.sessionCookie.split('=');
    await context.addCookies([{ name, value, url: suite.url }]);
    const page = await context.newPage();
    try {
      await pickForgeStyle(page, suite.url, 'pixar');
      await page.getByTestId('prompt-input').fill('a lighthouse keeper in a storm');

      await postgres.goDown();
      await page.getByTestId('generate-button').click();
      // The member is told, in plain words, while the same request is sent again.
      await page.getByTestId('toast').getByText(TemporarilyUnavailable.message).waitFor();
      postgres.comeBack();

      await page.getByTestId('result-image').waitFor({ timeout: 180_000 });
      const rows = await eventually('the generation and its charge', async () => {
        const generations = (await sql.query<{ id: string; status: string }>('SELECT id, status FROM images.generations WHERE user_id = $1', [member.id])).rows;
        const charges = (await sql.query<{ generation_id: string; refunded_at: Date | null }>('SELECT generation_id, refunded_at FROM billing.charges WHERE user_id = $1', [member.id])).rows;
        return { generations, charges };
      });
      expect(rows.generations).toEqual([{ id: expect.any(String), status: 'completed' }]);
      expect(rows.charges).toEqual([{ generation_id: rows.generations[0].id, refunded_at: null }]);
    } finally {
      postgres.comeBack();
      await context.close();
    }
  }, 300_000);
});
