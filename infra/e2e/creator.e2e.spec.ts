import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { creatorPrompt, viralityScore } from '@trendforge/contracts';
import { ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

interface Creation { id: string; trendId: string; prompt: string }

/** A signed-in member's browser tab. */
async function memberPage(suite: E2ESuite, member: ApiMember, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  // No internet here: the social share page answers from the test.
  await context.route('https://twitter.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }));
  const [name, value] = member.sessionCookie.split('=');
  await context.addCookies([{ name, value, url: suite.url }]);
  return { context, page: await context.newPage() };
}

async function onboardedMember(suite: E2ESuite, label: string): Promise<ApiMember & { id: string }> {
  const member = await ApiMember.register(suite.url, label);
  await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
  return member;
}

const promptBox = (page: Page) => page.getByTestId('creator-prompt');

/**
 * The trend creator page (/forge/{slug}) as a new member uses it in Chromium: style options in the
 * query string, the coach and its chat, the four variations, the analysis dialog, 1-click, an idea
 * button, Save / Download / Share, New Prompt and the low-credits dialog — with the offline assist.
 */
describe('trend creator page end to end', () => {
  const suite = useE2EStack('e2e-creator');

  test('pixar: query-string style options, coach feedback and a lighting question, every variation, analysis → Generate Now, Save / Download / Share, New Prompt', async () => {
    const member = await onboardedMember(suite, 'creator');
    const { context, page } = await memberPage(suite, member, 1440);
    try {
      await openPage(page, `${suite.url}/forge/pixar?exaggerated_eyes=true`);
      await expect(page.getByTestId('creator-flag-exaggerated_eyes').getAttribute('aria-checked')).resolves.toBe('true');
      await page.getByTestId('creator-flag-vibrant_colors').click();
      await eventually('the flag is written to the query string', async () => new URL(page.url()).searchParams.get('vibrant_colors') === 'true');

      // The prompt that will be used is the one contracts' creatorPrompt builds (the server uses the same).
      const subject = 'a golden retriever surfing a giant wave at sunset';
      await promptBox(page).fill(subject);
      const trend = await member.json('GET', '/api/trends/slug/pixar');
      await eventually('the final prompt is shown', async () =>
        (await page.getByTestId('creator-final-prompt').innerText()).includes(creatorPrompt(trend, subject, ['exaggerated_eyes', 'vibrant_colors'])));

      // Coach: feedback about this prompt, then a follow-up question about lighting answered about lighting.
      await page.getByTestId('creator-coach').click();
      const feedback = await page.getByTestId('creator-coach-feedback').innerText();
      expect(feedback.length).toBeGreaterThan(20);
      await page.getByTestId('creator-coach-chat').click();
      await page.getByTestId('creator-coach-question').fill('How should I light this scene?');
      await page.getByTestId('creator-coach-question').press('Enter');
      const messages = page.getByTestId('creator-coach-message');
      await eventually('the assistant answers', async () => (await messages.count()) >= 2);
      expect((await messages.last().innerText()).toLowerCase()).toMatch(/light/);
      await page.getByTestId('creator-coach-close').click();

      // Each variation rewrites the Step 1 subject its own way.
      const variations = new Map<string, string>();
      for (const type of ['standard', 'detailed', 'artistic', 'minimalist']) {
        const before = await promptBox(page).inputValue();
        await page.getByTestId(`creator-variation-${type}`).click();
        const after = await eventually(`the ${type} variation`, async () => {
          const value = await promptBox(page).inputValue();
          return value !== before ? value : undefined;
        });
        expect(after.toLowerCase()).toContain('retriever');
        variations.set(type, after);
      }
      expect(new Set(variations.values()).size).toBe(4);

      // Analysis: the score is the spec's formula for the prompt on screen; Generate Now starts the render.
      const prompt = await promptBox(page).inputValue();
      await page.getByTestId('creator-analysis').click();
      const dialog = page.getByTestId('creator-virality-dialog');
      await dialog.waitFor();
      expect(await dialog.getByTestId('creator-virality-score').innerText()).toContain(String(viralityScore(prompt).score));
      expect(await dialog.getByTestId('creator-virality-label').innerText()).toBe(viralityScore(prompt).label);
      await page.getByTestId('creator-virality-generate').click();
      await page.getByTestId('creator-generating').waitFor();
      await page.getByTestId('creator-result-image').waitFor({ timeout: 90_000 });

      // Save is idempotent: twice, one creation.
      await page.getByTestId('creation-save').click();
      await page.getByText('Saved to gallery').first().waitFor();
      await page.getByTestId('creation-save').click();
      const creations = await member.json<Creation[]>('GET', '/api/images');
      expect(creations).toHaveLength(1);
      expect(creations[0]).toMatchObject({ trendId: 'pixar' });

      // Download: a real PNG named with the style and a timestamp.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('creation-download').click()]);
      expect(download.suggestedFilename()).toMatch(/pixar.*\d{4}.*\.png$/i);
      const file = await readFile((await download.path())!);
      expect(file.subarray(1, 4).toString()).toBe('PNG');

      // Share: headless Chromium has no share sheet, so the social share page opens with the text
      // (style hashtag) and the creation's public link, which a visitor can open without signing in.
      const [socialPage] = await Promise.all([context.waitForEvent('page'), page.getByTestId('creation-share').click()]);
      await socialPage.waitForLoadState();
      const shared = new URL(socialPage.url());
      await socialPage.close();
      expect(shared.searchParams.get('text')).toMatch(/#Pixar/i);
      const publicLink = new URL(shared.searchParams.get('url')!);
      expect(publicLink.pathname).toMatch(/^\/s\/[\w-]{20,}$/);
      const visitor = await fetch(publicLink);
      expect(visitor.status).toBe(200);
      expect(await visitor.text()).toContain('og:image');

      // New Prompt: back to input with the prompt and the style options cleared.
      await page.getByTestId('creator-new-prompt').click();
      await promptBox(page).waitFor();
      expect(await promptBox(page).inputValue()).toBe('');
      // The flags live in the query string, which the router updates a moment after the prompt clears.
      await eventually('the style options cleared', async () =>
        (await page.getByTestId('creator-flag-exaggerated_eyes').getAttribute('aria-checked')) === 'false' &&
        !new URL(page.url()).searchParams.has('exaggerated_eyes'),
        10_000,
      );
    } finally {
      await context.close();
    }
  }, 300_000);

  test('1-click from the onboarding target, an idea button on a phone, the low-credits dialog, unknown trends', async () => {
    const member = await onboardedMember(suite, 'oneclick');
    const { context, page } = await memberPage(suite, member, 390);
    try {
      // /forge/pixar?autoGenerate=true really generates.
      await openPage(page, `${suite.url}/forge/pixar?autoGenerate=true`);
      await page.getByTestId('creator-result-image').waitFor({ timeout: 90_000 });

      // An idea button fills the prompt and starts the generation by itself.
      await openPage(page, `${suite.url}/forge/anime`);
      await page.getByTestId('creator-idea-0').click();
      await page.getByTestId('creator-result-image').waitFor({ timeout: 90_000 });
      const creations = await member.json<Creation[]>('GET', '/api/images');
      expect(creations.map((c) => c.trendId).sort()).toEqual(['anime', 'pixar']);

      // A premium trend that costs more than the balance opens the low-credits dialog with the shortage.
      const database = new pg.Client({ connectionString: suite.stack.env.DATABASE_URL });
      await database.connect();
      try {
        await database.query('UPDATE billing.accounts SET credits = 1 WHERE user_id = $1', [member.id]);
      } finally {
        await database.end();
      }
      await openPage(page, `${suite.url}/forge/ghibli`);
      await promptBox(page).fill('a quiet village by the sea at dawn');
      await page.getByTestId('creator-generate').click();
      const lowCredits = page.getByTestId('creator-low-credits');
      await lowCredits.waitFor();
      expect(await lowCredits.getByTestId('creator-credit-shortage').innerText()).toContain('2');
      await page.getByTestId('creator-upgrade').click();
      // The spec sends it to /dashboard; issue 16 makes every Upgrade lead to the plans.
      await eventually('Upgrade Now leads to the plans', async () => new URL(page.url()).pathname === '/settings/subscription');
      expect(await member.json<Creation[]>('GET', '/api/images')).toHaveLength(2);

      await openPage(page, `${suite.url}/forge/no-such-trend`);
      await page.getByText("Trend not found").first().waitFor();
      await page.getByText("The trend you're looking for doesn't exist or has been removed.").waitFor();
      await openPage(page, `${suite.url}/generate/pixar`);
      await eventually('/generate/{id} redirects to /forge', async () => new URL(page.url()).pathname === '/forge');
    } finally {
      await context.close();
    }
  }, 300_000);
});
