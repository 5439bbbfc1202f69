#!/usr/bin/env node
/**
 * A spike of generations against a rate-limited image provider (`npm run bench:provider`):
 *
 *   npm run bench:provider
 *   npm run bench:provider -- --bucket=5 --refill-ms=1500 --latency-ms=1000 --members=12 --per-member=5
 *   npm run bench:provider -- --rpm=40 --burst=5      # the workers told the limits (else they learn them)
 *   npm run bench:provider -- --fallback --deadline-ms=45000 --allowance-ms=5000 --fallback-rpm=120 --fallback-burst=5
 *
 * Starts the local OpenAI-speaking server (services/libs/testing, the real wire format) limited
 * like a provider — a bucket of BUCKET requests, one more every REFILL_MS, beyond it 429
 * rate_limit_exceeded with retry-after / retry-after-ms / x-ratelimit-* — answering each image after
 * LATENCY_MS; starts a stack of its own (bench-stack.mjs) keyed to it; registers MEMBERS members
 * and sends PER_MEMBER generations each, all at once (Prefer: respond-async); follows each to its
 * end and prints completed / failed (refunded) / 429s the provider answered / drain time against
 * the ideal the limit allows (BUCKET at once, then one every REFILL_MS, plus one render), and the
 * ETA error of the generation that ended last (its ETA when accepted against its real wait).
 * Needs a build (npm run build, or npm start once). Exit 1 when a generation did not complete.
 *
 * Failover: --fallback adds a local Gemini-speaking server (FALLBACK_LATENCY_MS an image, default
 * LATENCY_MS) as IMAGE_FALLBACK, with its own budget (--fallback-rpm, --fallback-burst); with a
 * --deadline-ms (the images service's GENERATION_DEADLINE_MS) shorter than the spike's drain and a
 * render allowance (--allowance-ms, IMAGE_RENDER_ALLOWANCE_MS), the generations the primary would
 * start too late go to the fallback. Prints which engine made how many, and how many ended past
 * their deadline.
 *
 * Fault drills (default spike otherwise):
 *   --drill=storage   the studio engine, 40 generations (8 × 5); 2 s in, the storage folder is made
 *                     read-only for 15 s (chattr -R +i: root writes too are refused; needs root)
 *   --drill=kill      the keyed path with LATENCY_MS (default 5000 here) per image; 3 s in, the
 *                     generation worker is killed (SIGKILL, restarted by the launcher); prints how
 *                     long after the kill the jobs it held completed
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { startBenchStack } from './bench-stack.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const [key, value] = arg.replace(/^--/, '').split('=');
  return [key, value ?? 'true'];
}));
const option = (name, fallback) => (args[name] === undefined ? fallback : Number(args[name]));
const drill = args.drill;
const bucket = option('bucket', 5);
const refillMs = option('refill-ms', 1500);
const latencyMs = option('latency-ms', drill === 'kill' ? 5000 : 1000);
const members = option('members', drill === 'storage' ? 8 : 12);
const perMember = option('per-member', 5);
const rpm = option('rpm', undefined);
const burst = option('burst', undefined);
const fallback = args.fallback !== undefined && args.fallback !== 'false';
const fallbackLatencyMs = option('fallback-latency-ms', latencyMs);
const fallbackRpm = option('fallback-rpm', 60);
const fallbackBurst = option('fallback-burst', 1);
const deadlineMs = option('deadline-ms', undefined);
const allowanceMs = option('allowance-ms', undefined);
const PollMs = 250;
const TimeoutMs = 15 * 60_000;

const { startFakeOpenAI, startFakeGemini } = await import(path.join(repoRoot, 'services/libs/testing/dist/index.js'));
const provider = await startFakeOpenAI({ rateLimit: { bucket, refillMs }, latencyMs, imageSize: { width: 512, height: 512 } });
const gemini = fallback ? await startFakeGemini({ latencyMs: fallbackLatencyMs, imageSize: { width: 512, height: 512 } }) : undefined;
const workerEnv = drill === 'storage' ? {} : {
  OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: provider.baseURL,
  ...(rpm ? { PROVIDER_REQUESTS_PER_MIN: String(rpm) } : {}), ...(burst ? { PROVIDER_BURST: String(burst) } : {}),
  ...(gemini ? {
    GEMINI_API_KEY: 'gm-bench', GEMINI_BASE_URL: gemini.baseUrl, IMAGE_FALLBACK: 'gemini',
    IMAGE_FALLBACK_REQUESTS_PER_MIN: String(fallbackRpm), IMAGE_FALLBACK_BURST: String(fallbackBurst),
  } : {}),
  ...(deadlineMs ? { GENERATION_DEADLINE_MS: String(deadlineMs) } : {}),
  ...(allowanceMs !== undefined ? { IMAGE_RENDER_ALLOWANCE_MS: String(allowanceMs) } : {}),
};
process.stdout.write(drill === 'storage'
  ? 'studio engine; storage read-only for 15 s, 2 s into the burst\n'
  : `provider: a bucket of ${bucket}, one more every ${refillMs} ms, ${latencyMs} ms an image; workers ${rpm ? `told ${rpm}/min, burst ${burst ?? 1}` : 'learning the limits (OpenAI tier-1 defaults)'}\n`
    + (gemini ? `fallback: gemini, ${fallbackLatencyMs} ms an image, its budget ${fallbackRpm}/min, burst ${fallbackBurst}\n` : '')
    + (deadlineMs ? `deadline ${deadlineMs} ms after acceptance${allowanceMs !== undefined ? `, render allowance ${allowanceMs} ms` : ''}\n` : ''));
const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-provider-storage-'));
const readOnly = (on) => spawnSync('chattr', ['-R', on ? '+i' : '-i', storageDir], { stdio: 'inherit' });
const stack = await startBenchStack('trendforge_bench_provider', workerEnv, storageDir);

async function http(method, urlPath, { cookie, address, headers = {}, json } = {}) {
  const response = await fetch(`${stack.url}${urlPath}`, {
    method,
    headers: {
      ...headers, ...(cookie ? { cookie } : {}), ...(address ? { 'x-forwarded-for': address } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await response.text();
  let body;
  try { body = text ? JSON.parse(text) : undefined; } catch { body = text; }
  return { status: response.status, headers: response.headers, body };
}

let exitCode;
try {
  const trends = await http('GET', '/api/trends');
  const trend = trends.body.find((t) => t.available && !t.premium);
  const run = randomUUID().slice(0, 6);
  const people = await Promise.all(Array.from({ length: members }, async (_, i) => {
    const name = `spike${run}${i}`;
    const address = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const answer = await http('POST', '/api/auth/register', { address, json: { username: name, email: `${name}@example.com`, password: `spike-${run}-password` } });
    if (answer.status !== 201) throw new Error(`registering answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return { address, cookie: (answer.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ') };
  }));

  process.stdout.write(`sending ${members * perMember} generations at once (${members} members × ${perMember}, ${trend.slug}) ...\n`);
  const started = Date.now();
  const sent = await Promise.all(Array.from({ length: members * perMember }, async (_, n) => {
    const member = people[n % members];
    const answer = await http('POST', '/api/generate', {
      cookie: member.cookie, address: member.address, headers: { 'idempotency-key': randomUUID(), prefer: 'respond-async' },
      json: { trendSlug: trend.slug, userPrompt: `a fox astronaut, take ${n}` },
    });
    return { member, sentAt: Date.now(), answer, id: answer.body?.id, firstEta: answer.body?.etaSeconds ?? null, etas: [] };
  }));
  const accepted = sent.filter((s) => s.answer.status === 202 || s.answer.status === 201);
  const drillDone = (async () => {
    if (drill === 'storage') {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      readOnly(true);
      process.stdout.write('storage read-only\n');
      await new Promise((resolve) => setTimeout(resolve, 15_000));
      readOnly(false);
      process.stdout.write('storage writable again\n');
    }
    if (drill === 'kill') {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const held = await Promise.all(accepted.map(async (s) => {
        const state = await http('GET', `/api/generations/${s.id}`, { cookie: s.member.cookie, address: s.member.address });
        return state.body?.status === 'active' ? s : null;
      }));
      const killedAt = Date.now();
      await stack.stack.kill('generation-worker', 'SIGKILL');
      process.stdout.write(`generation worker killed (SIGKILL) holding ${held.filter(Boolean).length} active generations\n`);
      return { killedAt, held: held.filter(Boolean) };
    }
    return undefined;
  })();

  let pending = accepted;
  while (pending.length && Date.now() - started < TimeoutMs) {
    await Promise.all(pending.map(async (s) => {
      const state = await http('GET', `/api/generations/${s.id}`, { cookie: s.member.cookie, address: s.member.address });
      if (typeof state.body?.etaSeconds === 'number') s.etas.push({ at: Date.now(), eta: state.body.etaSeconds });
      if (s.firstEta === null && typeof state.body?.etaSeconds === 'number') s.firstEta = state.body.etaSeconds;
      if (state.body?.status === 'completed' || state.body?.status === 'failed') s.end = { status: state.body.status, at: Date.now(), reason: state.body.failureReason, engine: state.body.engine };
    }));
    pending = pending.filter((s) => !s.end);
    if (pending.length) await new Promise((resolve) => setTimeout(resolve, PollMs));
  }
  const drilled = await drillDone;
  const completed = accepted.filter((s) => s.end?.status === 'completed');
  const failed = accepted.filter((s) => s.end?.status === 'failed');
  const last = [...completed, ...failed].sort((a, b) => b.end.at - a.end.at)[0];
  const drainS = last ? (last.end.at - started) / 1000 : NaN;
  const idealS = (Math.max(0, members * perMember - bucket) * refillMs + latencyMs) / 1000;
  const realWaitS = last ? (last.end.at - last.sentAt) / 1000 : NaN;
  const told = (eta, at) => `${eta} s told at ${((at - last.sentAt) / 1000).toFixed(0)} s, ${(at - last.sentAt) / 1000 + eta - realWaitS >= 0 ? '+' : ''}${(((at - last.sentAt) / 1000 + eta - realWaitS) / realWaitS * 100).toFixed(0)} % of its ${realWaitS.toFixed(1)} s wait`;
  // At acceptance, and the first ETA pushed 5 s on (after the first answers have taught the workers the provider's pace).
  const later = last?.etas.find((e) => e.at - last.sentAt >= 5000);
  const etaError = last?.firstEta ? `${told(last.firstEta, last.sentAt)}${later ? `; ${told(later.eta, later.at)}` : ''}` : 'no ETA told';
  process.stdout.write([
    '',
    `accepted   ${accepted.length} of ${sent.length}${sent.length > accepted.length ? ` (refused: ${[...new Set(sent.filter((s) => !accepted.includes(s)).map((s) => `${s.answer.status} ${s.answer.body?.message ?? ''}`))].join('; ')})` : ''}`,
    `completed  ${completed.length}${gemini ? ` (${['openai', 'gemini', 'studio'].map((engine) => [engine, completed.filter((s) => s.end.engine === engine).length]).filter(([, n]) => n).map(([engine, n]) => `${n} on ${engine}`).join(', ')})` : ''}`,
    ...(deadlineMs ? [`deadline   ${completed.filter((s) => s.end.at - s.sentAt > deadlineMs).length} completed past their deadline (${deadlineMs} ms)`] : []),
    `failed     ${failed.length} (each refunded)${failed.length ? `: ${[...new Set(failed.map((s) => s.end.reason))].join('; ')}` : ''}`,
    ...(drill === 'storage' ? [`drain      ${drainS.toFixed(1)} s`] : [
    `429s       ${provider.rateLimited} of ${provider.requests.filter((r) => r.path.startsWith('/v1/images/')).length} image requests${gemini ? `; gemini asked ${gemini.requests.length} times` : ''}`,
    `drain      ${drainS.toFixed(1)} s; the limit allows ${idealS.toFixed(1)} s (${bucket} at once, then one every ${refillMs} ms, + ${latencyMs} ms) → ${(drainS / idealS).toFixed(2)}×`]),
    `ETA        last generation: ${etaError}`,
    ...(drilled ? [`kill -9    the ${drilled.held.length} generations the killed worker held completed ${drilled.held.map((s) => s.end ? `${((s.end.at - drilled.killedAt) / 1000).toFixed(1)}` : 'never').join(', ')} s after the kill`] : []),
    '',
  ].join('\n'));
  exitCode = completed.length === sent.length ? 0 : 1;
} finally {
  readOnly(false);
  await stack.stop();
  await provider.close();
  await gemini?.close();
  rmSync(storageDir, { recursive: true, force: true });
}
process.exit(exitCode);
