/**
 * Generation acceptance through a running gateway (issue 15): GraphQL `generate` (validate,
 * charge, enqueue), measured from the client's side. `npm run bench:api` and bench-accept.mjs
 * both call `measureAcceptance`.
 *
 * Fresh free members (5 generations a month, at most 5 in flight), each used for at most its
 * allowance; a fresh idempotency key per request and a distinct client address per call, so
 * neither the allowance nor a per-address limit refuses a request that is measured. Connections
 * are kept alive between calls, as a member's browser keeps its connection to the site.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';

const FreeMonthlyAllowance = 5;
const GenerateMutation = 'mutation Generate($input: GenerateInput!, $key: String) { generate(input: $input, idempotencyKey: $key) { id status } }';

// Keep-alive connections, as a browser keeps to the site it has open. Node's agent drops an idle
// one before the server's Keep-Alive timeout would, so none is used after the server closed it.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One HTTP call over a kept-alive connection: status, headers and the body's bytes (bench-api.mjs uses it too). */
export function call(base, method, urlPath, { json, headers = {} } = {}) {
  const url = new URL(urlPath, base);
  const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, {
      method, agent,
      headers: { ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}), ...headers },
    }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

let addressSeq = 0;
/** A fresh client address per call, as distinct members have (the gateway trusts X-Forwarded-For from loopback). */
const nextAddress = () => `198.19.${(addressSeq >>> 8) & 255}.${addressSeq++ & 255}`;

async function registerMember(base) {
  const id = randomBytes(6).toString('hex');
  const answer = await call(base, 'POST', '/api/auth/register', {
    json: { username: `accept${id}`, email: `accept.${id}@example.com`, password: `Accept-${id}-pw1` },
    headers: { 'x-forwarded-for': nextAddress() },
  });
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`register answered ${answer.status}: ${answer.raw}`);
  return answer.headers['set-cookie'].map((cookie) => cookie.split(';')[0]).join('; ');
}

/** One GraphQL generate: its wall time in ms, and whether it was accepted. */
async function generate(base, cookie, trendSlug) {
  const started = process.hrtime.bigint();
  const answer = await call(base, 'POST', '/graphql', {
    json: { query: GenerateMutation, variables: { input: { trendSlug, prompt: 'a lighthouse on a cliff at dawn' }, key: randomUUID() } },
    headers: { cookie, 'x-forwarded-for': nextAddress() },
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const parsed = JSON.parse(answer.raw.toString('utf8'));
  return { ms, accepted: answer.status === 200 && Boolean(parsed.data?.generate?.id), error: parsed.errors?.[0]?.message };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const membersFor = (base, count) => Promise.all(Array.from({ length: Math.ceil(count / FreeMonthlyAllowance) }, () => registerMember(base)));

/**
 * `warmUp` acceptances first, not counted: a process just started runs its first requests through
 * code V8 has not optimised yet, and compiles it meanwhile on the same two cores (measured in one
 * stack, sequential p50: 12-14 ms over the first 200 acceptances, 8-11 ms after 400, 7-8 ms after
 * 800). The figures are the steady state a running site has. Then
 * `sequential` acceptances one after another (p50 / p95 ms), then `bursts` times `burst`
 * acceptances sent at once (accepts per second of each burst; the median is the figure, as one
 * burst lasts a fraction of a second and a shared machine's hiccup can halve it).
 * The stack must allow `REGISTRATIONS_PER_IP` well above (warmUp + sequential + bursts x burst) / 5 registrations.
 */
export async function measureAcceptance(base, { trendSlug, sequential = 50, burst = 100, warmUp = 1000, bursts = 3 }) {
  const warmUpMembers = await membersFor(base, warmUp);
  for (let i = 0; i < warmUp; i++) await generate(base, warmUpMembers[Math.floor(i / FreeMonthlyAllowance)], trendSlug);
  const sequentialMembers = await membersFor(base, sequential);
  const timings = [];
  const refused = [];
  for (let i = 0; i < sequential; i++) {
    const result = await generate(base, sequentialMembers[Math.floor(i / FreeMonthlyAllowance)], trendSlug);
    if (result.accepted) timings.push(result.ms);
    else refused.push(result.error);
  }
  timings.sort((a, b) => a - b);
  const runs = [];
  const burstRefused = [];
  for (let run = 0; run < bursts; run++) {
    const burstMembers = await membersFor(base, burst);
    // Each member has the site open: the burst's connections are up before it (opened by a probe
    // that asks nothing of the session), so it measures accepting, not connecting.
    await Promise.all(Array.from({ length: burst }, () => call(base, 'GET', '/livez')));
    const started = process.hrtime.bigint();
    const results = await Promise.all(Array.from({ length: burst }, (_, i) => generate(base, burstMembers[Math.floor(i / FreeMonthlyAllowance)], trendSlug)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const accepted = results.filter((result) => result.accepted).length;
    runs.push({ accepted, perSecond: accepted / seconds });
    burstRefused.push(...results.filter((result) => !result.accepted).map((result) => result.error));
  }
  const perSecond = runs.map((run) => run.perSecond).sort((a, b) => a - b);
  return {
    sequential: { p50: percentile(timings, 50), p95: percentile(timings, 95), accepted: timings.length, refused },
    burst: {
      accepted: runs.reduce((sum, run) => sum + run.accepted, 0),
      perSecond: perSecond[Math.floor((perSecond.length - 1) / 2)],
      runs: runs.map((run) => run.perSecond),
      refused: burstRefused,
    },
  };
}

/** A free, available trend's slug from the catalogue. */
export async function freeTrendSlug(base) {
  const answer = await call(base, 'GET', '/api/trends', { headers: { accept: 'application/json' } });
  if (answer.status !== 200) throw new Error(`GET /api/trends answered ${answer.status}`);
  return JSON.parse(answer.raw.toString('utf8')).find((trend) => !trend.premium && trend.available !== false).slug;
}
