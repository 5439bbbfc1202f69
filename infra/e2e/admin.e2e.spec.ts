import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

/**
 * The admin screen (/admin) in Chromium: an admin changes a trend, picks the weekly trend and
 * changes a member's plan through it, and each change is in the audit log or the ledger. Members
 * never see the link, get the not-found page at /admin, and 403 from the calls behind it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const shots = '/tmp/t18b-shots';

async function pageAs(suite: E2ESuite, member: ApiMember, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = member.sessionCookie.split('=');
  await context.addCookies([{ name, value, url: suite.url }]);
  return { context, page: await context.newPage() };
}

async function query<T>(suite: E2ESuite, sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: suite.stack.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('admin screen', () => {
  const suite = useE2EStack('admin');
  let admin: ApiMember & { id: string };
  let member: ApiMember & { id: string };

  beforeAll(async () => {
    admin = await ApiMember.register(suite.url, 'siteadmin');
    member = await ApiMember.register(suite.url, 'plainmember');
    // Both have been through onboarding, so its dialog does not cover the pages.
    for (const who of [admin, member]) await who.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    // Billing opens the account from the registration event: appoint the admin once it exists.
    await eventually('the admin to be appointed', async () => {
      await run(process.execPath, [path.join(root, 'services/billing/dist/main.js'), '--grant-admin', admin.id], { env: { ...process.env, ...suite.stack.env } });
      return true;
    });
    await eventually("the member's account", async () => (await admin.json('GET', `/api/admin/members/${member.id}`)).id === member.id);
  }, 120_000);

  it('lets an admin change a trend, pick the weekly trend and change a plan, each audited', async () => {
    const trends = await admin.json<{ slug: string; name: string; premium: boolean; isWeeklyTrend: boolean }[]>('GET', '/api/trends');
    const trend = trends.find((t) => !t.isWeeklyTrend)!;
    const { context, page } = await pageAs(suite, admin, 1440);
    try {
      await openPage(page, `${suite.url}/dashboard`);
      await page.getByRole('link', { name: 'Admin' }).first().click();
      await page.getByTestId('admin-screen').waitFor();
      await page.screenshot({ path: `${shots}/admin-1440.png`, fullPage: true });

      const row = page.getByTestId(`admin-trend-${trend.slug}`);
      // The box follows the server: it changes once the update is saved.
      await row.getByLabel('Premium').click();
      await page.getByTestId('toast').getByText('Trend updated').waitFor();
      await eventually('the premium box to follow', async () => (await row.getByLabel('Premium').isChecked()) === !trend.premium, 10_000);
      await row.getByRole('button', { name: 'Make weekly' }).click();
      await page.getByTestId('toast').getByText('Weekly trend set').waitFor();

      // Found by part of the email, in any case; the result shows the plan and credits.
      const email = (await member.json<{ email: string }>('GET', '/api/auth/me')).email;
      await page.getByLabel('Username or email').fill(email.slice(0, 14).toUpperCase());
      await page.getByRole('button', { name: 'Search' }).click();
      const result = page.getByTestId(`admin-member-result-${member.id}`);
      await result.getByText(email).waitFor();
      await result.getByText('3 credits').waitFor();
      await result.getByRole('button', { name: /^Open / }).click();
      const plan = page.getByTestId('admin-member');
      await plan.getByLabel('Plan').selectOption('pro');
      await plan.getByLabel('Credits', { exact: true }).fill('250');
      await plan.getByRole('button', { name: 'Save plan' }).click();
      await plan.getByRole('alert').filter({ hasText: 'Say why, for the ledger' }).waitFor();
      await plan.getByLabel('Reason').fill('support ticket 42');
      await plan.getByRole('button', { name: 'Save plan' }).click();
      await page.getByTestId('toast').getByText('Plan updated').waitFor();
      // The ledger below the form shows the change with the reason given.
      await page.getByTestId('admin-ledger').getByText('role free → pro: support ticket 42').waitFor();
      await result.getByText('250 credits').waitFor();
      await page.screenshot({ path: `${shots}/admin-1440-after.png`, fullPage: true });
    } finally {
      await context.close();
    }

    const after = await member.json('GET', '/api/auth/me');
    expect([after.role, after.credits]).toEqual(['pro', 250]);
    expect((await admin.json('GET', `/api/trends/slug/${trend.slug}`)).premium).toBe(!trend.premium);
    const audit = await query<{ action: string; trend_slug: string }>(suite, `SELECT action, trend_slug FROM "trends"."audit_log" WHERE actor_id = $1 ORDER BY id`, [admin.id]);
    expect(audit).toEqual([{ action: 'trend.updated', trend_slug: trend.slug }, { action: 'trend.weekly', trend_slug: trend.slug }]);
    const ledger = await query<{ actor_id: string; reason: string }>(suite, `SELECT actor_id, reason FROM "billing"."ledger" WHERE user_id = $1 AND actor_id IS NOT NULL`, [member.id]);
    // The plan change and the new balance: each a row naming the admin and the reason given on the screen.
    expect(ledger).toEqual(expect.arrayContaining([
      { actor_id: admin.id, reason: 'role free → pro: support ticket 42' },
      { actor_id: admin.id, reason: 'support ticket 42' },
    ]));
  }, 120_000);

  it('lets an admin create a trend and edit its texts, each audited', async () => {
    const slug = `neon-${Date.now().toString(36)}`;
    const { context, page } = await pageAs(suite, admin, 1440);
    try {
      await openPage(page, `${suite.url}/admin`);
      await page.getByRole('button', { name: 'New trend' }).click();
      const form = page.getByTestId('admin-trend-create');
      await form.getByLabel('Slug').fill(slug);
      await form.getByLabel('Name').fill('Neon Noir');
      await form.getByLabel('Category').fill('cinematic');
      await form.getByLabel('Description').fill('Rain, neon and long shadows.');
      await form.getByLabel('Prompt', { exact: true }).fill('A neon noir scene');
      await form.getByLabel('Prompt template').fill('A neon noir scene');
      await form.getByRole('button', { name: 'Create trend' }).click();
      await form.getByRole('alert').filter({ hasText: 'The prompt template must contain {subject}' }).waitFor();
      await form.getByLabel('Prompt template').fill('{subject} in a neon noir city at night');
      await form.getByRole('button', { name: 'Create trend' }).click();
      await page.getByTestId('toast').getByText('Trend created').waitFor();
      const row = page.getByTestId(`admin-trend-${slug}`);
      await row.getByText('Neon Noir', { exact: true }).waitFor();

      await row.getByRole('button', { name: 'Edit Neon Noir', exact: true }).click();
      const edit = page.getByTestId(`admin-trend-edit-${slug}`);
      await edit.getByLabel('Name').fill('Neon Noir Night');
      await edit.getByRole('button', { name: 'Save trend' }).click();
      await row.getByText('Neon Noir Night', { exact: true }).waitFor();
      await page.screenshot({ path: `${shots}/admin-1440-trend.png`, fullPage: true });
    } finally {
      await context.close();
    }
    expect(await admin.json('GET', `/api/trends/slug/${slug}`)).toMatchObject({
      name: 'Neon Noir Night', category: 'cinematic', promptTemplate: '{subject} in a neon noir city at night',
    });
    const audit = await query<{ action: string }>(suite, `SELECT action FROM "trends"."audit_log" WHERE actor_id = $1 AND trend_slug = $2 ORDER BY id`, [admin.id, slug]);
    expect(audit.map((row) => row.action)).toEqual(['trend.created', 'trend.updated']);
  }, 120_000);

  it('shows an admin the failed generations with their reasons and refunds, and each week\'s votes', async () => {
    // A generation that failed and was refunded, as the worker and billing leave it.
    const generation = (await (await member.request('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'a fox astronaut' }, { prefer: 'respond-async' })).json()) as { id: string };
    await eventually('the generation to end', async () =>
      (await query(suite, `SELECT id FROM "images"."generations" WHERE id = $1 AND status IN ('completed', 'failed')`, [generation.id])).length === 1);
    await query(suite, `UPDATE "images"."generations" SET status = 'failed', failure_reason = 'engine timed out', refunded_at = now() WHERE id = $1`, [generation.id]);
    // A decided week, as the election leaves it: the votes stay, the election row names the winner.
    const week = '2020-01-06';
    const ids = await query<{ id: string; slug: string }>(suite, `SELECT id, slug FROM "trends"."trends" WHERE slug IN ('pixar', 'ghibli')`, []);
    const idOf = (slug: string) => ids.find((row) => row.slug === slug)!.id;
    for (const [voter, slug] of [[admin.id, 'ghibli'], [member.id, 'ghibli'], [admin.id, 'pixar']]) {
      await query(suite, 'INSERT INTO "trends"."votes" (user_id, trend_id, week) VALUES ($1, $2, $3)', [voter, idOf(slug), week]);
    }
    await query(suite, 'INSERT INTO "trends"."elections" (week, winner_id, votes) VALUES ($1, $2, 2)', [week, idOf('ghibli')]);
    const { context, page } = await pageAs(suite, admin, 1440);
    try {
      await openPage(page, `${suite.url}/admin`);
      const row = page.getByTestId(`admin-failed-${generation.id}`);
      await row.getByText('engine timed out').waitFor();
      await row.getByText('Refunded').waitFor();
      const election = page.getByTestId('admin-election-2020-01-06');
      await election.getByText('Week of 2020-01-06: ghibli (2 votes)').waitFor();
      expect(await election.locator('ol li').allTextContents()).toEqual(['Ghibli2 votes', 'Pixar1 vote']);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/admin-1440-failed.png`, fullPage: true });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('fits a phone screen', async () => {
    const { context, page } = await pageAs(suite, admin, 390);
    try {
      await openPage(page, `${suite.url}/admin`);
      await page.locator('[data-testid^="admin-trend-"]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${shots}/admin-390.png`, fullPage: true });
      // The trend form fits as well.
      await page.getByRole('button', { name: 'New trend' }).click();
      await page.getByTestId('admin-trend-create').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByTestId('admin-trend-create').screenshot({ path: `${shots}/admin-390-trend-form.png` });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps members out: no link, the not-found page with 404, 403 from the calls', async () => {
    const { context, page } = await pageAs(suite, member, 1440);
    try {
      await openPage(page, `${suite.url}/dashboard`);
      await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      await openPage(page, `${suite.url}/admin`);
      await page.getByText('Page Not Found').first().waitFor();
      expect(await page.getByTestId('admin-screen').count()).toBe(0);
    } finally {
      await context.close();
    }
    // The page itself answers 404 to a member and a visitor, 200 to an admin.
    expect((await member.request('GET', '/admin')).status).toBe(404);
    expect((await fetch(`${suite.url}/admin`)).status).toBe(404);
    expect((await admin.request('GET', '/admin')).status).toBe(200);
    expect((await member.request('GET', `/api/admin/members/${admin.id}`)).status).toBe(403);
    expect((await member.request('PUT', `/api/admin/members/${member.id}/plan`, { role: 'admin', credits: 9999, reason: 'me' })).status).toBe(403);
    expect((await member.request('GET', '/api/admin/members?q=example')).status).toBe(403);
    expect((await member.request('GET', `/api/admin/members/${member.id}/ledger`)).status).toBe(403);
    expect((await member.request('GET', '/api/admin/generations/failed')).status).toBe(403);
    expect((await member.request('GET', '/api/admin/elections')).status).toBe(403);
    const trends = await member.json<{ slug: string }[]>('GET', '/api/trends');
    expect((await member.request('PATCH', `/api/trends/${trends[0].slug}`, { premium: false })).status).toBe(403);
    expect((await member.request('POST', `/api/trends/${trends[0].slug}/weekly`)).status).toBe(403);
    expect((await member.request('POST', '/api/trends', { slug: 'mine', name: 'Mine', description: 'd', prompt: 'p', promptTemplate: '{subject}', category: 'c' })).status).toBe(403);
  }, 60_000);
});
