import type { BrowserContext } from 'playwright-core';
import { ApiMember, eventually, openPage, useE2EStack } from './harness.js';

/**
 * Trends from database to screen: the Board's votes, the Forge style select, favourites for pro
 * roles only and the studio-engine preview images, in Chromium against a whole stack.
 */
describe('trends end to end', () => {
  const suite = useE2EStack('e2e-trends');

  /** A browser context signed in as the member (onboarded, so the welcome tour stays closed). */
  async function signedIn(member: ApiMember, width: number): Promise<BrowserContext> {
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    const [name, value] = member.sessionCookie.split('=');
    await context.addCookies([{ name, value, url: suite.url }]);
    return context;
  }

  test('a member votes on the Board: optimistic heart, stored count, toasts, Newest tab and tooltip', async () => {
    const [voter, other] = await Promise.all([ApiMember.register(suite.url, 'voter'), ApiMember.register(suite.url, 'other')]);
    await other.json('POST', '/api/trends/clay/vote', undefined, 201);
    const context = await signedIn(voter, 390);
    const page = await context.newPage();
    try {
      await openPage(page, `${suite.url}/board`);
      await page.getByRole('heading', { name: 'Vote For Your Favorite Trends' }).waitFor();
      await page.getByText("Help shape what's next. Tap to ❤️ your favorites.").waitFor();
      const rows = page.getByTestId('board-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(18);
      // Most Voted: clay (1 vote) leads.
      expect(await rows.first().getAttribute('data-trend-slug')).toBe('clay');
      expect(await rows.first().getByTestId('vote-count').textContent()).toBe('1');
      expect(await page.locator('[data-trend-slug=pixar] [data-testid=board-badge]').textContent()).toBe('⭐️ Weekly');

      const anime = page.locator('[data-testid=board-row][data-trend-slug=anime]');
      await anime.getByTestId('vote-button').click();
      await page.getByText('Vote added').first().waitFor();
      await page.getByText("You've voted for this trend.").first().waitFor();
      expect(await anime.getByTestId('vote-button').getAttribute('aria-pressed')).toBe('true');
      expect(await anime.getByTestId('vote-count').textContent()).toBe('1');
      const board = await voter.json<Array<{ slug: string; votes: number; voted: boolean }>>('GET', '/api/trends/voting');
      expect(board.find((t) => t.slug === 'anime')).toEqual(expect.objectContaining({ votes: 1, voted: true }));

      await page.reload();
      await anime.getByTestId('vote-button').click();
      await page.getByText('Vote removed').first().waitFor();
      await eventually('the unvote to be stored', async () =>
        (await voter.json<Array<{ slug: string; votes: number }>>('GET', '/api/trends/voting')).find((t) => t.slug === 'anime')?.votes === 0);

      await page.getByTestId('board-tab-newest').click();
      // DESIGN.md: newest first — 3D Figurine joined the catalogue last, Dreamcore before it.
      expect(await rows.first().getAttribute('data-trend-slug')).toBe('3d-figurine');
      expect(await rows.nth(1).getAttribute('data-trend-slug')).toBe('dreamcore');
      await rows.nth(1).getByTestId('board-row-info').hover();
      await page.getByRole('tooltip').waitFor();
      expect(await page.getByRole('tooltip').textContent()).toContain('Experimental');
    } finally {
      await context.close();
    }
  });

  test('the Forge style select: featured first, all 18 with rendered previews, 300 px scroll, detail and Pro Feature', async () => {
    const member = await ApiMember.register(suite.url, 'forger');
    const context = await signedIn(member, 1440);
    const page = await context.newPage();
    try {
      await openPage(page, `${suite.url}/forge`);
      const cards = page.getByTestId('trend-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().getAttribute('data-trend-slug')).toBe('pixar');
      expect(await cards.first().getByTestId('trend-badge').first().textContent()).toBe('Trend of the Week');

      await page.getByRole('button', { name: 'Show All' }).click();
      await eventually('all 18 cards', async () => (await cards.count()) === 18);
      // The preview images are real JPEGs rendered by the studio engine.
      const preview = cards.first().locator('img').first();
      await eventually('the preview image to load', () => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640), 90_000);
      expect(await preview.getAttribute('src')).toBe('/images/previews/pixar.jpg');

      const scroller = page.getByTestId('trend-scroller');
      await page.getByRole('button', { name: 'Scroll right' }).click();
      // 300 px per click; the cards' scroll snapping then settles on the nearest card.
      await eventually('the scroller to move right', async () => (await scroller.evaluate((el) => el.scrollLeft)) > 200);

      const ghibli = page.locator('[data-testid=trend-card][data-trend-slug=ghibli]');
      await ghibli.hover();
      await ghibli.getByTestId('trend-hover-preview').waitFor();
      await ghibli.getByTestId('trend-card-select').click();
      const detail = page.getByTestId('trend-detail');
      await detail.waitFor();
      expect(await detail.getByTestId('trend-cost').textContent()).toBe('3 credits');
      await detail.getByRole('button', { name: /Continue with this Style/ }).waitFor();

      await ghibli.getByTestId('trend-favorite').click();
      await page.getByText('Pro Feature').first().waitFor();
      await page.getByText('Upgrade to Pro to save favorite trends').first().waitFor();
    } finally {
      await context.close();
    }
  });

  test('favourites are a pro feature over REST; unknown slugs are 404; previews are cached JPEGs', async () => {
    const member = await ApiMember.register(suite.url, 'freebie');
    const refused = await member.request('POST', '/api/trends/ghibli/favorite');
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, 'Upgrade to Pro to save favorite trends']);
    expect((await member.request('POST', '/api/trends/no-such-trend/vote')).status).toBe(404);
    expect((await member.request('GET', '/api/trends/slug/no-such-trend')).status).toBe(404);

    const image = await fetch(`${suite.url}/static/images/real-examples/ghibli-example.jpg`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(image.headers.get('cache-control')).toContain('max-age=604800');
    const again = await fetch(`${suite.url}/static/images/real-examples/ghibli-example.jpg`, { headers: { 'if-none-match': image.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
