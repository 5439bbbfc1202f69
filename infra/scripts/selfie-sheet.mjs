#!/usr/bin/env node
/**
 * Selfies through the API, as a member meets them: against a running stack (npm start, no API key:
 * the studio engine), one member uploads each photo (POST /api/photos, then waits for its analysis,
 * which stores the person's matte), generates it in every trend with one prompt (POST /api/generate,
 * Prefer: respond-async, then GET /api/generations/:id), downloads each result, and writes
 *   - a contact sheet (rows: trends; columns: photos, the original first) to OUT/selfies-api.png,
 *   - face-api's descriptor distance of each result to its photo (under 0.6: the same person),
 *     printed per tile and in OUT/selfies-api.tsv, with the share under 0.6.
 *
 *   npm start                                  # in another terminal
 *   node infra/scripts/selfie-sheet.mjs --grant-admin
 *   node infra/scripts/selfie-sheet.mjs --photos=a.jpg,b.jpg --prompt="me on a sunny beach" --trends=pixar,anime
 *
 * The member needs a plan that opens every trend and more than a free month's generations: with
 * --grant-admin the script makes it an admin through billing's own command
 * (`node services/billing/dist/main.js --grant-admin`, DATABASE_URL: default the local admin
 * login on npm start's database), then gives it 1,000 credits through the admin API (premium
 * trends cost credits even to an admin). Options (flags or env): --base / BASE (http://localhost:3000),
 * --photos (default: face-api's demo samples 1, 2 and 3), --prompt ("me on a sunny beach"),
 * --trends (default: every trend the catalogue lists), --out (.screens/selfies-api), --at-once (generate
 * as soon as each photo is uploaded, not after its analysis).
 * Loopback addresses only. Run after a build (it reads the imaging library's dist for face-api).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { descriptorDistance, faceDescriptor, faceIdentities } from '../../services/libs/imaging/dist/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(process.argv.slice(2).map((arg) => {
  const [key, ...value] = arg.replace(/^--/, '').split('=');
  return [key, value.length ? value.join('=') : 'true'];
}));
const option = (name, env, fallback) => args[name] ?? process.env[env] ?? fallback;

const base = option('base', 'BASE', 'http://localhost:3000').replace(/\/+$/, '');
const prompt = option('prompt', 'PROMPT', 'me on a sunny beach');
const outDir = path.resolve(option('out', 'OUT', path.join(root, '.screens/selfies-api')));
const atOnce = args['at-once'] === 'true';
const demo = path.join(path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo');
const photoFiles = (args.photos ? args.photos.split(',') : [1, 2, 3].map((n) => path.join(demo, `sample${n}.jpg`))).map((f) => path.resolve(f));
const PollMs = 500;
const Tile = 256;

function fail(message) {
  process.stderr.write(`selfie-sheet: ${message}\n`);
  process.exit(2);
}
const host = new URL(base).hostname.replace(/^\[|\]$/g, '');
if (!['localhost', '127.0.0.1', '::1'].includes(host)) fail(`${base} is not a loopback address`);

let cookie = '';
async function http(method, url, { json, form, headers = {} } = {}) {
  const send = () => fetch(`${base}${url}`, {
    method,
    headers: { ...headers, cookie, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  // A kept-alive connection the server closed while idle fails before the request is read: once more.
  const response = await send().catch((error) => (error.cause?.code === 'UND_ERR_SOCKET' ? send() : Promise.reject(error)));
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}
const expectStatus = (answer, statuses, what) => {
  if (!statuses.includes(answer.status)) fail(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
};
const until = async (read, done) => {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, PollMs));
  }
};

// 1. The member.
const name = `selfies${randomBytes(3).toString('hex')}`;
const registered = await http('POST', '/api/auth/register', { json: { username: name, email: `${name}@example.com`, password: `${name}-password-1` } });
expectStatus(registered, [201], 'registering');
cookie = (registered.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
const me = expectStatus(await http('GET', '/api/auth/me'), [200], 'GET /api/auth/me');
if (args['grant-admin'] === 'true') {
  const databaseUrl = option('database-url', 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/trendforge');
  execFileSync(process.execPath, [path.join(root, 'services/billing/dist/main.js'), '--grant-admin', me.id], {
    env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Premium trends cost credits even to an admin: enough for every tile.
  expectStatus(await http('PUT', `/api/admin/members/${me.id}/plan`, { json: { role: 'admin', credits: 1000 } }), [200], 'setting the credits');
}

// 2. The trends.
const catalogue = expectStatus(await http('GET', '/api/trends'), [200], 'GET /api/trends');
const slugs = args.trends ? args.trends.split(',') : catalogue.filter((t) => t.available).map((t) => t.slug);

// 3. The photos, each analysed (its matte stored) before it is used; with --at-once, used as soon as
// uploaded, as a member who generates at once (the first trend's renders then wait for the matte).
const photos = [];
for (const file of photoFiles) {
  const bytes = readFileSync(file);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), path.basename(file));
  const stored = expectStatus(await http('POST', '/api/photos', { form }), [200, 201], `uploading ${file}`);
  const t0 = performance.now();
  const own = await faceDescriptor(bytes);
  if (atOnce) {
    process.stdout.write(`${path.basename(file)}: uploaded, generating without waiting for its analysis\n`);
  } else {
    const analysed = await until(async () => expectStatus(await http('GET', `/api/photos/${stored.id}`), [200], 'GET /api/photos/:id'), (p) => p.status !== 'analyzing');
    process.stdout.write(`${path.basename(file)}: ${analysed.status} in ${Math.round(performance.now() - t0)} ms; traits: ${JSON.stringify(analysed.traits)}\n`);
  }
  photos.push({ file, bytes, id: stored.id, own });
}

// 4. Every trend × photo, one at a time (a member's own pace; the figures are the engine's).
mkdirSync(outDir, { recursive: true });
const rows = [['trend', 'photo', 'ms', 'distance']];
const tiles = [];
let near = 0;
let counted = 0;
for (const [r, slug] of slugs.entries()) {
  for (const [c, photo] of photos.entries()) {
    const request = { json: { trendSlug: slug, userPrompt: prompt, prompt, photoId: photo.id }, headers: { prefer: 'respond-async', 'idempotency-key': randomUUID() } };
    // The generate route's rate limit is a member's; past it, wait as it says and send the same request.
    let answer = await http('POST', '/api/generate', request);
    while (answer.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 10) * 1000));
      answer = await http('POST', '/api/generate', request);
    }
    const t0 = performance.now();
    const accepted = expectStatus(answer, [200, 201, 202], `generating ${slug}`);
    const id = accepted.id ?? accepted.generation?.id;
    const generation = await until(async () => expectStatus(await http('GET', `/api/generations/${id}`), [200], 'GET /api/generations/:id'), (g) => g.status === 'completed' || g.status === 'failed');
    const ms = Math.round(performance.now() - t0);
    if (generation.status !== 'completed') fail(`${slug} × ${path.basename(photo.file)} failed: ${generation.failureReason}`);
    const image = expectStatus(await http('GET', new URL(generation.imageUrl, base).pathname), [200], `downloading ${slug}`);
    const found = photo.own ? await faceIdentities(image) : [];
    const distance = photo.own && found.length ? Math.min(...found.map((f) => descriptorDistance(f.descriptor, photo.own))) : undefined;
    if (photo.own) {
      counted += 1;
      if (distance !== undefined && distance < 0.6) near += 1;
    }
    rows.push([slug, path.basename(photo.file), ms, distance?.toFixed(3) ?? 'no face']);
    process.stdout.write(`${slug.padEnd(16)} ${path.basename(photo.file).padEnd(14)} ${String(ms).padStart(6)} ms  ${distance?.toFixed(3) ?? 'no face'}\n`);
    tiles.push({ input: await sharp(image).resize(Tile, Tile, { fit: 'contain', background: '#ffffff' }).png().toBuffer(), left: (c + 1) * Tile, top: (r + 1) * Tile });
  }
}

// 5. The sheet: the originals on the first row, then a row a trend (its name in the first column).
for (const [c, photo] of photos.entries()) {
  tiles.push({ input: await sharp(photo.bytes).rotate().resize(Tile, Tile, { fit: 'contain', background: '#ffffff' }).png().toBuffer(), left: (c + 1) * Tile, top: 0 });
}
const label = (text) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${Tile}" height="${Tile}"><text x="12" y="${Tile / 2}" font-family="sans-serif" font-size="24">${text}</text></svg>`);
for (const [r, slug] of slugs.entries()) tiles.push({ input: label(slug), left: 0, top: (r + 1) * Tile });
const sheet = path.join(outDir, 'selfies-api.png');
await sharp({ create: { width: (photos.length + 1) * Tile, height: (slugs.length + 1) * Tile, channels: 3, background: '#ffffff' } }).composite(tiles).png().toFile(sheet);
writeFileSync(path.join(outDir, 'selfies-api.tsv'), rows.map((row) => row.join('\t')).join('\n') + '\n');
process.stdout.write(`\n${near} of ${counted} results under 0.6 from their photo (${Math.round((near / Math.max(1, counted)) * 100)} %)\nsheet: ${sheet}\n`);
