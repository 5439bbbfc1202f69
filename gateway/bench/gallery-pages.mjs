#!/usr/bin/env node
/**
 * Gallery pages benchmark: GET /api/images/page through the real gateway (built, in its own
 * process) and the real auth, billing, trends and images services, for a member with 5,000
 * creations among 25,000 in all. Run after a build with `npm run bench` (or, from gateway/,
 * `npm run bench`); it needs PostgreSQL, Redis and NATS like the tests (DESIGN.md section 6) and
 * uses a database of its own, dropped at the end.
 *
 * 1. the creations are inserted straight into the images schema (SQL, as the service's migrations
 *    made it), spread over two months, some favourites, four trends; then ANALYZE;
 * 2. the member's first page (24) and a late page (about the 150th, reached by following
 *    nextCursor, as infinite scrolling does) are each asked RUNS times (200) one after another,
 *    then a favourites page and a trend page; the same late page also straight over the bus
 *    (`images.page` on NATS), which shows what the gateway adds;
 * 3. prints p50 / p95 / max per case and the plan PostgreSQL picks for the late page.
 *
 * Keyset pagination makes a late page cost what the first one does: the verdict compares their
 * p50 (late within 2× of first, on a machine shared with other work) and the plan must use the
 * member's page index without a sort. Options (env): RUNS (200), CREATIONS (5000).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createTestEnvironment, freePort, startServiceUnderTest } from '@trendforge/testing';

const RUNS = Number(process.env.RUNS ?? 200);
const CREATIONS = Number(process.env.CREATIONS ?? 5000);
const OTHERS = 4;
const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);

// Every request its own client address (X-Forwarded-For, trusted from loopback), so the per-IP limits see many clients.
let client = 0;
const address = () => { client += 1; return `10.77.${Math.floor(client / 250) % 250}.${(client % 250) + 1}`; };

async function http(base, method, urlPath, { cookie, json } = {}) {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: { 'x-forwarded-for': address(), ...(cookie ? { cookie } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function timed(runs, once) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  return times;
}

async function startGateway(env) {
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [path.join(here, '../dist/main.js')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn', SPA_DIR: '/nonexistent', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150 && child.exitCode === null; attempt++) {
    if (await http(base, 'GET', '/api/auth/me').then((a) => a.status === 401, () => false)) {
      return { base, close: () => new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); }) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`gateway did not start:\n${output.join('')}`);
}

const env = await createTestEnvironment('bench-gallery');
const storageDir = await mkdtemp(path.join(os.tmpdir(), 'tf-bench-gallery-'));
const serviceEnv = { ...process.env, ...env.env, REGISTRATIONS_PER_IP: '1000', STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir };
const closers = [];
try {
  // Imported after the environment exists: handlers read the bus namespace when they are decorated.
  const services = [];
  for (const [name, moduleName, loadName] of [
    ['auth', 'AuthModule', 'loadAuthConfig'], ['billing', 'BillingModule', 'loadBillingConfig'],
    ['trends', 'TrendsModule', 'loadTrendsConfig'], ['images', 'ImagesModule', 'loadImagesConfig'],
  ]) {
    const Module = (await import(path.join(repo, `services/${name}/dist/${name}.module.js`)))[moduleName];
    const load = (await import(path.join(repo, `services/${name}/dist/config.js`)))[loadName];
    const service = await startServiceUnderTest(Module.forRoot(load({ ...serviceEnv, HEALTH_PORT: String(await freePort()), PREVIEW_WARMUP: 'false' })), env.natsUrl);
    services.push(service);
    closers.unshift(() => service.close());
  }
  const images = services[3];
  const gateway = await startGateway({ ...env.env, STORAGE_DRIVER: 'local', STORAGE_DIR: storageDir });
  closers.unshift(() => gateway.close());

  const name = `bench${Date.now().toString(36)}`;
  const signedUp = await http(gateway.base, 'POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: 'bench-password' } });
  if (signedUp.status !== 201) throw new Error(`sign-up answered ${signedUp.status}`);
  const userId = signedUp.body.id;
  const cookie = signedUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  // 1. The creations, straight into the images schema.
  process.stdout.write(`inserting ${CREATIONS} creations for the member and ${CREATIONS * OTHERS} for ${OTHERS} others ...\n`);
  const db = new pg.Client({ connectionString: env.db.url });
  await db.connect();
  const owners = [userId, ...Array.from({ length: OTHERS }, () => crypto.randomUUID())];
  for (const owner of owners) {
    await db.query(`
      INSERT INTO images.generations (id, user_id, trend_slug, prompt, user_prompt, status, created_at)
      SELECT gen_random_uuid(), $1, (ARRAY['pixar', 'ghibli', 'comic', 'anime'])[1 + i % 4], 'bench ' || i, 'bench ' || i, 'completed',
             now() - i * interval '17 minutes'
      FROM generate_series(1, $2::int) AS i`, [owner, CREATIONS]);
    await db.query(`
      INSERT INTO images.creations (id, user_id, trend_slug, prompt, caption, engine, result_key, thumbnail_key, is_favorite, created_at)
      SELECT id, user_id, trend_slug, prompt, 'Created in Pixar style with TrendForge', 'studio',
             'results/' || user_id || '/' || id || '.png', 'thumbnails/' || user_id || '/' || id || '.webp', random() < 0.15, created_at
      FROM images.generations WHERE user_id = $1`, [owner]);
  }
  await db.query('ANALYZE images.creations');

  // 2. Pages.
  const page = async (query) => {
    const answer = await http(gateway.base, 'GET', `/api/images/page?${query}`, { cookie });
    if (answer.status !== 200) throw new Error(`${query} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  let cursor = null;
  let pages = 0;
  for (; pages < Math.floor((CREATIONS * 0.75) / 24); pages++) cursor = (await page(`limit=24${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
  const late = `limit=24&cursor=${cursor}`;
  const lateItems = (await page(late)).items;
  const cases = [
    ['first page (24)', () => page('limit=24')],
    [`late page (#${pages + 1}, ${lateItems.length} items)`, () => page(late)],
    ['favourites, first page', () => page('limit=24&favorites=true')],
    ['one trend, first page', () => page('limit=24&trendId=ghibli')],
    ['late page over the bus (no HTTP)', () => images.bus.send('images.page', { userId, limit: 24, cursor })],
  ];
  // Warm up (connections, plans), then measure each case RUNS times.
  for (const [, run] of cases) for (let i = 0; i < 20; i++) await run();
  const results = [];
  for (const [label, run] of cases) results.push([label, await timed(RUNS, run)]);

  const plan = (await db.query(`EXPLAIN SELECT * FROM images.creations c WHERE c.user_id = $1
    AND (c.created_at, c.id) < (now() - interval '50 days', '00000000-0000-4000-8000-000000000000'::uuid)
    ORDER BY c.created_at DESC, c.id DESC LIMIT 25`, [userId])).rows.map((row) => row['QUERY PLAN']);
  await db.end();

  // 3. Report.
  const lines = [
    '',
    `gallery pages: ${CREATIONS} creations of the member, ${CREATIONS * (OTHERS + 1)} in all; ${RUNS} requests per case, one at a time`,
    `${'case'.padEnd(40)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}`,
    ...results.map(([label, times]) => `${label.padEnd(40)}${ms(percentile(times, 50))}${ms(percentile(times, 95))}${ms(Math.max(...times))}`),
    '',
    'plan of a late page:',
    ...plan.map((line) => `  ${line}`),
  ];
  const first = percentile(results[0][1], 50);
  const later = percentile(results[1][1], 50);
  const usesIndex = plan.some((line) => line.includes('creations_user_page_idx')) && !plan.some((line) => /\bSort\b/.test(line));
  const ok = later < first * 2 && usesIndex;
  lines.push('', `verdict: ${ok ? 'OK' : 'OVER BUDGET'} — late page p50 ${later.toFixed(1)} ms vs first page ${first.toFixed(1)} ms; page index ${usesIndex ? 'used, no sort' : 'NOT used'}`, '');
  process.stdout.write(lines.join('\n'));
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const close of closers) await close().catch(() => undefined);
  await env.close();
  await rm(storageDir, { recursive: true, force: true });
}
