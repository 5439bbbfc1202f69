import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { signUp, startCreationStack, type CreationStack } from './support/creations.js';
import { call } from './support/gateway-process.js';

/**
 * The admin screen's reads against the real auth, billing and images services: member search,
 * a member's ledger and the failed generations. Admins only: 401 signed out, 403 for members.
 */
let stack: CreationStack | undefined;
let base: string;

beforeAll(async () => {
  stack = await startCreationStack('admin-reads');
  ({ base } = stack);
}, 180_000);

afterAll(async () => {
  await stack?.close();
}, 60_000);

const member = (role?: Parameters<typeof signUp>[2]) => signUp(base, stack!.services.images, role);
const usernameOf = async (cookie: string) => (await call(base, 'GET', '/api/auth/me', { cookie })).body as { username: string; email: string };

test('visitors get 401 and members 403 from every admin read', async () => {
  const plain = await member();
  for (const path of ['/api/admin/members?q=example', `/api/admin/members/${plain.id}/ledger`, '/api/admin/generations/failed', '/api/admin/elections']) {
    expect({ path, status: (await call(base, 'GET', path)).status }).toEqual({ path, status: 401 });
    const forbidden = await call(base, 'GET', path, { cookie: plain.cookie });
    expect({ path, status: forbidden.status, message: forbidden.body.message }).toEqual({ path, status: 403, message: 'Only admins may do this' });
  }
});

test('search finds members by part of the username or email, case-insensitive, with plan and credits', async () => {
  const boss = await member('admin');
  const target = await member('pro');
  const { username, email } = await usernameOf(target.cookie);
  const byEmail = await call(base, 'GET', `/api/admin/members?q=${encodeURIComponent(email.slice(2, 10).toUpperCase())}`, { cookie: boss.cookie });
  expect(byEmail.status).toBe(200);
  // Made Pro by an admin: the sign-up's 3 credits and Pro's 100 a month (billing's plan-change rule).
  expect(byEmail.body).toEqual([{ id: target.id, username, email, role: 'pro', credits: 103 }]);
  const byName = await call(base, 'GET', `/api/admin/members?q=${username.slice(1, 8)}`, { cookie: boss.cookie });
  expect(byName.body.map((found: { id: string }) => found.id)).toEqual([target.id]);
  // % and _ are letters, not wildcards; a search is capped at 20.
  expect((await call(base, 'GET', '/api/admin/members?q=%25', { cookie: boss.cookie })).body).toEqual([]);
  expect((await call(base, 'GET', '/api/admin/members?q=example.com', { cookie: boss.cookie })).body.length).toBeLessThanOrEqual(20);
  for (const q of ['', '%20%20', 'x'.repeat(101)]) {
    const bad = await call(base, 'GET', `/api/admin/members?q=${q}`, { cookie: boss.cookie });
    expect([bad.status, bad.body.message]).toEqual([400, 'Search for 1 to 100 characters of a username or email']);
  }
  expect((await call(base, 'GET', '/api/admin/members', { cookie: boss.cookie })).status).toBe(400);
});

test('a member\'s ledger, newest first, names the admin of each change', async () => {
  const boss = await member('admin');
  const target = await member();
  await call(base, 'PUT', `/api/admin/members/${target.id}/plan`, { cookie: boss.cookie, json: { credits: 10, reason: 'ticket 7' } });
  const ledger = await call(base, 'GET', `/api/admin/members/${target.id}/ledger`, { cookie: boss.cookie });
  expect(ledger.status).toBe(200);
  expect(ledger.body.map(({ kind, delta, balanceAfter, reason, actorId }: Record<string, unknown>) => ({ kind, delta, balanceAfter, reason, actorId }))).toEqual([
    { kind: 'admin', delta: 7, balanceAfter: 10, reason: 'ticket 7', actorId: boss.id },
    { kind: 'starter', delta: 3, balanceAfter: 3, reason: 'Starter credits', actorId: null },
  ]);
  expect((await call(base, 'GET', `/api/admin/members/${randomUUID()}/ledger`, { cookie: boss.cookie })).status).toBe(404);
  expect((await call(base, 'GET', '/api/admin/members/not-a-uuid/ledger', { cookie: boss.cookie })).status).toBe(404);
});

test('failed generations, newest first, with the reason and the refund', async () => {
  const boss = await member('admin');
  const owner = await member();
  const images = stack!.services.images;
  const first = await images.bus.send('images.generation.request', { userId: owner.id, trendSlug: 'pixar', userPrompt: 'a fox' });
  const second = await images.bus.send('images.generation.request', { userId: owner.id, trendSlug: 'ghibli', userPrompt: 'a cat' });
  await images.bus.send('images.generation.failed', { id: first.id, reason: 'engine timed out' });
  await images.bus.send('images.generation.failed', { id: second.id, reason: 'prompt refused' });
  const failed = await call(base, 'GET', '/api/admin/generations/failed', { cookie: boss.cookie });
  expect(failed.status).toBe(200);
  const ours = failed.body.filter((row: { userId: string }) => row.userId === owner.id);
  expect(ours.map(({ id, trendSlug, failureReason }: Record<string, unknown>) => ({ id, trendSlug, failureReason }))).toEqual([
    { id: second.id, trendSlug: 'ghibli', failureReason: 'prompt refused' },
    { id: first.id, trendSlug: 'pixar', failureReason: 'engine timed out' },
  ]);
  expect(ours.every((row: { refundedAt: string | null }) => typeof row.refundedAt === 'string')).toBe(true);
});

test('each decided week with every candidate\'s votes, most first', async () => {
  const boss = await member('admin');
  // A decided week, as the election leaves it: the votes stay, the election row names the winner.
  const db = stack!.services.images.app.get(DataSource);
  const ids: Array<{ id: string; slug: string }> = await db.query(`SELECT id, slug FROM trends.trends WHERE slug IN ('pixar', 'ghibli')`);
  const idOf = (slug: string) => ids.find((row) => row.slug === slug)!.id;
  const week = '2020-01-06';
  for (const slug of ['ghibli', 'ghibli', 'pixar']) {
    await db.query('INSERT INTO trends.votes (user_id, trend_id, week) VALUES ($1, $2, $3)', [randomUUID(), idOf(slug), week]);
  }
  await db.query('INSERT INTO trends.elections (week, winner_id, votes) VALUES ($1, $2, 2)', [week, idOf('ghibli')]);
  const answer = await call(base, 'GET', '/api/admin/elections', { cookie: boss.cookie });
  expect(answer.status).toBe(200);
  expect(answer.body.find((election: { week: string }) => election.week === week)).toEqual({
    week, winner: 'ghibli', votes: 2, decidedAt: expect.any(String),
    candidates: [{ slug: 'ghibli', name: 'Ghibli', votes: 2 }, { slug: 'pixar', name: 'Pixar', votes: 1 }],
  });
});
