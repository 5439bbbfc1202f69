import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

interface Creation { id: string; trendId: string; prompt: string; isFavorite: boolean }

async function memberPage(suite: E2ESuite, member: ApiMember, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const [name, value] = member.sessionCookie.split('=');
  await context.addCookies([{ name, value, url: suite.url }]);
  return { context, page: await context.newPage() };
}

/** Steps 0–3 of the wizard for one trend and prompt; leaves the review step on screen. */
async function wizardToReview(page: Page, slug: string, prompt: string, variation = 'standard'): Promise<void> {
  await page.getByTestId('wizard-step-0').waitFor();
  await page.getByTestId(`wizard-trend-${slug}`).click();
  await page.getByTestId('wizard-continue').click();
  await page.getByTestId('wizard-prompt').fill(prompt);
  await page.getByTestId('wizard-continue').click();
  await page.getByTestId('wizard-step-2').waitFor();
  await page.getByTestId(`wizard-variation-${variation}`).click();
  await page.getByTestId('wizard-continue').click();
  await page.getByTestId('wizard-step-3').waitFor();
}

const counter = async (page: Page) => Number(/\d+/.exec(await page.getByTestId('wizard-counter').innerText())?.[0]);

/**
 * The creation side around the image, as a new member lives it in Chromium: the Mojo wizard for a
 * free and a premium trend, remix and remix with a vibe, then the gallery (tabs, filters, favourite,
 * Download all), the detail screen (download, public link, delete) and a shared link in a fresh browser.
 */
describe('wizard, gallery, detail and sharing end to end', () => {
  const suite = useE2EStack('e2e-creations');
  let member: ApiMember & { id: string };

  beforeAll(async () => {
    member = await ApiMember.register(suite.url, 'wizard');
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
  });

  test('wizard: enhance, a variation, generate, remix with a vibe, remix; a premium trend with and without enough credits', async () => {
    const { context, page } = await memberPage(suite, member, 1440);
    try {
      await openPage(page, `${suite.url}/forge/mojo`);
      await page.getByTestId('wizard-step-0').waitFor();
      await page.getByTestId('wizard-trend-pixar').click();
      await page.getByTestId('wizard-continue').click();
      expect(await page.getByTestId('wizard-continue').isDisabled()).toBe(true);
      await page.getByTestId('wizard-prompt').fill('a fox astronaut waving from the moon');
      // Enhance: the enhanced prompt is what the review shows and what is sent.
      await page.getByTestId('wizard-enhance').click();
      const enhanced = (await page.getByTestId('wizard-enhanced-prompt').innerText()).trim();
      expect(enhanced.toLowerCase()).toContain('fox');
      await page.getByTestId('wizard-continue').click();
      await page.getByTestId('wizard-variation-detailed').click();
      await page.getByTestId('wizard-continue').click();
      expect(await page.getByTestId('wizard-review-prompt').innerText()).toContain(enhanced);
      expect(await page.getByTestId('wizard-review-variation').innerText()).toMatch(/detailed/i);
      await page.getByTestId('wizard-generate').click();
      await page.getByTestId('wizard-step-4').waitFor();
      await page.getByTestId('wizard-result-image').waitFor({ timeout: 90_000 });
      expect(await counter(page)).toBe(1);
      // A free member's result carries the watermark.
      expect(await page.getByTestId('wizard-watermark').isVisible()).toBe(true);
      let creations = await member.json<Creation[]>('GET', '/api/images');
      expect(creations).toHaveLength(1);
      expect(creations[0].prompt).toContain(enhanced);

      // Remix with a vibe: ", {vibe}" joins the prompt and it generates at once.
      const vibe = (await page.getByTestId('wizard-vibe-0').innerText()).trim();
      await page.getByTestId('wizard-vibe-0').click();
      await eventually('the remix with a vibe is done', async () => (await counter(page)) === 2, 90_000);
      creations = await member.json<Creation[]>('GET', '/api/images');
      expect(creations).toHaveLength(2);
      expect(creations.map((c) => c.prompt).join('\n')).toContain(`, ${vibe}`);

      // Remix: back to step 0.
      await page.getByTestId('wizard-remix').click();
      await page.getByTestId('wizard-step-0').waitFor();

      // A premium trend (ghibli, 3 credits) with the 3 credits a new member has: "Credits used".
      await wizardToReview(page, 'ghibli', 'a quiet valley with a windmill', 'artistic');
      expect(await page.getByTestId('wizard-credits-note').innerText()).toContain('This will use 3 credit(s)');
      await page.getByTestId('wizard-generate').click();
      await page.getByTestId('wizard-result-image').waitFor({ timeout: 90_000 });
      await page.getByTestId('toast').getByText('You used 3 credits for this generation.').first().waitFor();
      expect(await member.json('GET', '/api/auth/me')).toMatchObject({ credits: 0 });

      // Without enough credits the toast explains and nothing starts.
      await page.getByTestId('wizard-new-image').click();
      await wizardToReview(page, 'ghibli', 'a second valley');
      await page.getByTestId('wizard-generate').click();
      await page.getByTestId('toast').getByText('You need 3 credits to use this trend. Please upgrade or purchase more credits.').first().waitFor();
      expect(await page.getByTestId('wizard-step-3').isVisible()).toBe(true);
      expect(await member.json<Creation[]>('GET', '/api/images')).toHaveLength(3);
    } finally {
      await context.close();
    }
  }, 360_000);

  test('gallery tabs and filters, favourite, Download all, detail download, public link in a fresh browser, revoke, delete', async () => {
    const { context, page } = await memberPage(suite, member, 1440);
    try {
      await openPage(page, `${suite.url}/forge/history`);
      const cards = page.getByTestId('creation-card');
      await eventually('three cards', async () => (await cards.count()) === 3);
      await page.getByTestId('gallery-tab-favorites').click();
      await page.getByTestId('gallery-empty').waitFor();

      // Filter by trend, then by a date range that excludes today.
      await page.getByTestId('gallery-tab-all').click();
      await page.getByTestId('gallery-filter-trend').selectOption('ghibli');
      await eventually('one ghibli card', async () => (await cards.count()) === 1);
      await page.getByTestId('gallery-filter-trend').selectOption('');
      await page.getByTestId('gallery-filter-to').fill('2020-01-01');
      await page.getByTestId('gallery-empty').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await eventually('three cards again', async () => (await cards.count()) === 3);

      // Download all: the selected creations as one ZIP.
      await page.getByTestId('gallery-select').click();
      // In select mode a tap on a card selects it.
      await cards.nth(0).click();
      await cards.nth(1).click();
      expect(await page.getByTestId('gallery-selected-count').innerText()).toContain('2');
      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gallery-download-all').click()]);
      expect(zip.suggestedFilename()).toMatch(/\.zip$/);
      const archive = await readFile((await zip.path())!);
      expect(archive.subarray(0, 2).toString()).toBe('PK');

      // Detail: favourite, then it is in the Favorites tab.
      const [first] = await member.json<Creation[]>('GET', '/api/images');
      await openPage(page, `${suite.url}/forge/detail/${first.id}`);
      await page.getByTestId('detail-image').waitFor();
      await page.getByTestId('detail-favorite').click();
      await page.getByTestId('toast').getByText('Image favorite status updated successfully.').first().waitFor();
      expect((await member.json<Creation>('GET', `/api/images/${first.id}`)).isFavorite).toBe(true);

      // Download: a real PNG. A free member is offered 4K as an upgrade.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('detail-download').click()]);
      expect(download.suggestedFilename()).toMatch(/\.png$/);
      expect((await readFile((await download.path())!)).subarray(1, 4).toString()).toBe('PNG');
      await page.getByTestId('detail-4k-upsell').waitFor();

      // Public link: a fresh browser without a session sees the image and its preview tags.
      await page.getByTestId('share-link-create').click();
      const link = await page.getByTestId('share-link-url').inputValue();
      const stranger = await suite.browser.newContext();
      try {
        const visitor = await stranger.newPage();
        const answer = await visitor.goto(link);
        expect(answer?.status()).toBe(200);
        const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
        expect(await visitor.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
        const preview = await visitor.request.get(ogImage!);
        expect(preview.status()).toBe(200);
        expect(preview.headers()['content-type']).toMatch(/^image\//);
        await visitor.locator('img').first().waitFor();

        await page.getByTestId('share-link-revoke').click();
        await page.getByTestId('share-link-create').waitFor();
        expect((await visitor.goto(link))?.status()).toBe(404);
      } finally {
        await stranger.close();
      }

      // Delete, confirmed: back to the gallery with one creation fewer.
      await page.getByTestId('detail-delete').click();
      await page.getByTestId('detail-delete-confirm').click();
      await eventually('back at the gallery', async () => new URL(page.url()).pathname === '/forge/history');
      await page.getByTestId('toast').getByText('Image deleted successfully.').first().waitFor();
      await eventually('two cards', async () => (await cards.count()) === 2);
      expect((await member.request('GET', `/api/images/${first.id}`)).status).toBe(404);
    } finally {
      await context.close();
    }
  }, 300_000);
});
