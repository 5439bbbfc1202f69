#!/usr/bin/env node
/**
 * A burst of generations against a running stack (npm start), to see that none is lost, doubled
 * or left unpaid back:
 *
 *   npm run load:generate                      # 100 members, 500 requests, http://localhost:3000
 *   npm run load:generate -- --members=20 --requests=100 --wait
 *   BASE=http://127.0.0.1:3000 node infra/scripts/load-generate.mjs
 *
 * 1. registers MEMBERS new free members (each as its own client address: X-Forwarded-For, which the
 *    gateway trusts from loopback, so per-address sign-up and request limits see 100 clients as they
 *    would in life);
 * 2. fires REQUESTS `POST /api/generate` at once, spread evenly over the members (a free member has 5
 *    generations a month, and at most 5 in flight, so REQUESTS <= 5 x MEMBERS), each with its own
 *    Idempotency-Key; a request whose answer is lost (connection error, 502/503/504) is sent again with
 *    the same key. By default with `Prefer: respond-async` (answered at acceptance: the acceptance
 *    latency); with --wait, the documented bounded wait (answered with the image, or 202 past it);
 * 3. follows every accepted generation (GET /api/generations/:id, every POLL_MS: 500 ms by default) until it is completed
 *    or failed, for at most TIMEOUT_S seconds in all;
 * 4. checks the ledger: each member's monthly usage must equal its completed generations (a failed
 *    one is refunded), and prints accepted / completed / failed / lost and p50 / p95 timings.
 *
 * Exit code 1 when a generation is lost or the ledger does not balance. Loopback addresses only.
 * Options (flags or env): --base / BASE, --members / MEMBERS (100), --requests / REQUESTS (500),
 * --trend / TREND (default: the first available non-premium trend), --timeout / TIMEOUT_S (900), --wait,
 * --poll-ms / POLL_MS (500: the pause between rounds of reading the pending generations; on a small
 * machine 500 pending generations read every 500 ms take a large share of its CPU), --cpu (Linux, the
 * stack on this machine: CPU ms per completed image of each process from the burst to the drain,
 * the render threads apart, and how much of the machine other programs took meanwhile).
 *
 * Throughput (issue 28: at least 4 images/s per core) is CPU bound with the studio engine: read
 * images/s beside --cpu's figures, since on a shared machine images/s says as much about the
 * neighbours (the workers run at the lowest priority, platform/background-priority.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
// Built by `npm start` (and any build): the reasons a generation fails with.
import { GenerationFailure } from '../../services/libs/contracts/dist/index.js';

const failureReasons = new Set(Object.values(GenerationFailure));

const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const [key, value] = arg.replace(/^--/, '').split('=');
  return [key, value ?? 'true'];
}));
const option = (name, env, fallback) => args[name] ?? process.env[env] ?? fallback;

const base = option('base', 'BASE', 'http://localhost:3000').replace(/\/+$/, '');
const members = Number(option('members', 'MEMBERS', 100));
const requests = Number(option('requests', 'REQUESTS', 500));
const timeoutMs = Number(option('timeout', 'TIMEOUT_S', 900)) * 1000;
const wait = args.wait === 'true';
const FreeMonthlyAllowance = 5;
/** Between rounds of reading every pending generation; longer leaves more of the machine to the workers (the rounds are the harness's own load). */
const PollMs = Number(option('poll-ms', 'POLL_MS', 500));
const SendAttempts = 5;
const measureCpu = args.cpu === 'true';

function fail(message) {
  process.stderr.write(`load-generate: ${message}\n`);
  process.exit(2);
}

const host = new URL(base).hostname.replace(/^\[|\]$/g, '');
if (!(host === 'localhost' || (isIP(host) === 4 && host.startsWith('127.')) || host === '::1')) fail(`${base} is not a loopback address`);
if (!(Number.isInteger(members) && members >= 1 && members <= 10_000)) fail('--members must be 1..10000');
if (!(Number.isInteger(requests) && requests >= 1)) fail('--requests must be a positive whole number');
if (requests > members * FreeMonthlyAllowance) {
  fail(`${requests} requests need at least ${Math.ceil(requests / FreeMonthlyAllowance)} members (a free member has ${FreeMonthlyAllowance} generations a month)`);
}

const started = Date.now();
const deadline = started + timeoutMs;
const runId = randomBytes(3).toString('hex');
const second = randomBytes(1)[0];
/** One client address per member, from the private range (never routed: only the gateway reads it). */
const addressOf = (i) => `10.${second}.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function http(method, path, { cookie, address, headers = {}, json } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(address ? { 'x-forwarded-for': address } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
    signal: AbortSignal.timeout(Math.max(1000, Math.min(180_000, deadline - Date.now()))),
  });
  const text = await response.text();
  let body;
  try { body = text ? JSON.parse(text) : undefined; } catch { body = text; }
  return { status: response.status, headers: response.headers, body };
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  }));
  return results;
}

const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '-');

// 0. The trend: free for everybody.
const trends = await http('GET', '/api/trends').catch((error) => fail(`${base} does not answer: ${error.message}`));
if (trends.status !== 200 || !Array.isArray(trends.body)) fail(`GET /api/trends answered ${trends.status}`);
const wanted = option('trend', 'TREND', undefined);
const trend = trends.body.find((t) => (wanted ? t.slug === wanted : t.available && (!t.premium || t.isWeeklyTrend)));
if (!trend) fail(wanted ? `no trend ${wanted}` : 'no available free trend');

// 1. Members.
process.stdout.write(`registering ${members} members on ${base} ...\n`);
const people = await pool(Array.from({ length: members }, (_, i) => i), 20, async (i) => {
  const name = `load${runId}${i}`;
  const answer = await http('POST', '/api/auth/register', {
    address: addressOf(i), json: { username: name, email: `${name}@example.com`, password: `load-${runId}-password` },
  });
  if (answer.status !== 201) fail(`registering member ${i} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const cookie = (answer.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  return { i, cookie, address: addressOf(i) };
});

// 2. The burst.
process.stdout.write(`sending ${requests} generate requests at once (${trend.slug}, ${wait ? 'bounded wait' : 'Prefer: respond-async'}) ...\n`);
const cpuBefore = measureCpu ? stackCpu() : undefined;
const burstStarted = Date.now();
const sent = await Promise.all(Array.from({ length: requests }, async (_, n) => {
  const member = people[n % members];
  const key = randomUUID();
  const sentAt = Date.now();
  let resent = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await http('POST', '/api/generate', {
        cookie: member.cookie, address: member.address,
        headers: { 'idempotency-key': key, ...(wait ? {} : { prefer: 'respond-async' }) },
        json: { trendSlug: trend.slug, userPrompt: `a fox astronaut, take ${n}` },
      });
      // A lost answer (gateway or service restarting) is safe to resend: the key makes it the same generation.
      const lostAnswer = [502, 503, 504].includes(answer.status) && !failureReasons.has(answer.body?.message);
      if (lostAnswer && attempt < SendAttempts && Date.now() < deadline) throw new Error(`${answer.status} ${answer.body?.message ?? ''}`);
      return { member, key, sentAt, answeredAt: Date.now(), resent, answer };
    } catch (error) {
      if (attempt >= SendAttempts || Date.now() > deadline) return { member, key, sentAt, answeredAt: Date.now(), resent, error: String(error.message ?? error) };
      resent += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}));

// A 503 with a generation's failure reason is an accepted generation that failed (and was refunded).
const endedInFailure = (s) => s.answer?.status === 503 && failureReasons.has(s.answer.body?.message);
const accepted = sent.filter((s) => s.answer && (s.answer.status === 201 || s.answer.status === 202 || endedInFailure(s)));
const refused = sent.filter((s) => !accepted.includes(s));
for (const s of accepted) {
  s.id = s.answer.body?.id;
  if (s.answer.status === 201) s.end = { status: 'completed', at: s.answeredAt };
  if (endedInFailure(s)) s.end = { status: 'failed', at: s.answeredAt, reason: s.answer.body.message };
}

// 3. Follow to the end.
let pending = accepted.filter((s) => !s.end && s.id);
while (pending.length && Date.now() < deadline) {
  await pool(pending, 50, async (s) => {
    const state = await http('GET', `/api/generations/${s.id}`, { cookie: s.member.cookie, address: s.member.address }).catch(() => null);
    if (state?.status === 200 && (state.body.status === 'completed' || state.body.status === 'failed')) {
      s.end = { status: state.body.status, at: Date.now(), reason: state.body.failureReason };
    }
  });
  pending = pending.filter((s) => !s.end);
  if (pending.length) await new Promise((resolve) => setTimeout(resolve, PollMs));
}
const drainedAt = Date.now();
const cpuAfter = measureCpu ? stackCpu() : undefined;

// 4. The ledger: usage kept = generations completed (failed ones are refunded).
const completedBy = new Map();
for (const s of accepted) if (s.end?.status === 'completed') completedBy.set(s.member.i, (completedBy.get(s.member.i) ?? 0) + 1);
const usages = await pool(people, 20, async (member) => {
  const me = await http('GET', '/api/auth/me', { cookie: member.cookie, address: member.address });
  return { member, usage: me.body?.monthlyUsage, completed: completedBy.get(member.i) ?? 0 };
});
const unbalanced = usages.filter((u) => u.usage !== u.completed);

const completed = accepted.filter((s) => s.end?.status === 'completed');
const failed = accepted.filter((s) => s.end?.status === 'failed');
const lost = accepted.filter((s) => !s.end);
const refusedBy = new Map();
for (const s of refused) {
  const why = s.error ? `no answer (${s.error})` : `${s.answer.status} ${s.answer.body?.message ?? ''}`.trim();
  refusedBy.set(why, (refusedBy.get(why) ?? 0) + 1);
}
const failedBy = new Map();
for (const s of failed) failedBy.set(s.end.reason ?? '(no reason)', (failedBy.get(s.end.reason ?? '(no reason)') ?? 0) + 1);

const acceptance = accepted.map((s) => s.answeredAt - s.sentAt);
const endToEnd = [...completed, ...failed].map((s) => s.end.at - s.sentAt);
const lines = [
  '',
  `members ${members}, requests ${requests} (${trend.slug}), ${wait ? 'bounded wait' : 'respond-async'}, base ${base}`,
  `accepted   ${accepted.length}${accepted.some((s) => s.resent) ? ` (${accepted.filter((s) => s.resent).length} sent again with the same key)` : ''}`,
  `refused    ${refused.length}${[...refusedBy].map(([why, n]) => `\n             ${n} × ${why}`).join('')}`,
  `completed  ${completed.length}`,
  `failed     ${failed.length}${[...failedBy].map(([why, n]) => `\n             ${n} × ${why}`).join('')}`,
  `lost       ${lost.length}${lost.length ? ` (not ended within ${timeoutMs / 1000} s)` : ''}`,
  `ledger     ${unbalanced.length ? `${unbalanced.length} members' usage differs from their completed generations` : 'balanced: every member\'s usage = its completed generations'}`,
  `${wait ? 'answer' : 'acceptance'} latency  p50 ${ms(percentile(acceptance, 50))}  p95 ${ms(percentile(acceptance, 95))}  max ${ms(Math.max(...acceptance))}`,
  `end to end          p50 ${ms(percentile(endToEnd, 50))}  p95 ${ms(percentile(endToEnd, 95))}  max ${ms(Math.max(...endToEnd))} (observed every ${PollMs} ms)`,
  `drained in ${((drainedAt - burstStarted) / 1000).toFixed(1)} s (${(completed.length / Math.max(0.001, (drainedAt - burstStarted) / 1000)).toFixed(1)} images/s); whole run ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ...(cpuBefore && cpuAfter ? cpuReport(cpuBefore, cpuAfter, completed.length, drainedAt - burstStarted) : []),
  '',
];
process.stdout.write(lines.join('\n'));
process.exit(lost.length || unbalanced.length ? 1 : 0);

/**
 * CPU time so far (ms) of the stack's processes on this machine, by name: each TrendForge process
 * (its dist/main.js; the generation worker's render threads apart), PostgreSQL, Redis, NATS, and
 * the machine's busy time on all cores. Threads that ended (libvips' come and go) count in their
 * process's total only.
 */
function stackCpu() {
  const tick = 10; // USER_HZ 100
  const ticksOf = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * tick;
  };
  const out = new Map();
  const add = (name, value) => out.set(name, (out.get(name) ?? 0) + value);
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const entry = command.find((arg) => arg.endsWith('/dist/main.js'));
      const name = entry ? entry.split('/').at(-3) : ['postgres', 'redis-server', 'nats-server'].find((server) => comm.startsWith(server));
      if (!name) continue;
      add(name, ticksOf(stat));
      if (name !== 'generation-worker') continue;
      // Node names a worker thread's OS thread WorkerThread: the render threads (and the renders queue's).
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const taskStat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        if (taskStat.includes('(WorkerThread)')) add('  render threads (JS)', ticksOf(taskStat));
      }
    } catch {
      // gone meanwhile
    }
  }
  const [, ...jiffies] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  out.set('machine', (jiffies.slice(0, 8).reduce((a, b) => a + b, 0) - jiffies[3] - jiffies[4]) * tick);
  return out;
}

function cpuReport(before, after, images, wallMs) {
  const perImage = (name) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / Math.max(1, images);
  const names = [...after.keys()].filter((name) => name !== 'machine').sort((a, b) => perImage(b) - perImage(a));
  const stack = names.filter((name) => !name.startsWith(' ')).reduce((sum, name) => sum + perImage(name), 0);
  const machine = perImage('machine');
  const cores = availableParallelism();
  return [
    `CPU per image (ms), burst to drain:`,
    ...names.filter((name) => perImage(name) >= 0.05 || name.startsWith(' ')).map((name) => `  ${name.padEnd(22)} ${perImage(name).toFixed(1).padStart(7)}`),
    `  ${'stack'.padEnd(22)} ${stack.toFixed(1).padStart(7)}  (${((stack * images) / Math.max(1, wallMs)).toFixed(2)} of ${cores} cores; ${((cores * 1000) / Math.max(1, stack)).toFixed(1)} images/s if the stack had them all)`,
    `  ${'other programs'.padEnd(22)} ${Math.max(0, machine - stack).toFixed(1).padStart(7)}  (this harness included)`,
  ];
}
