import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './axe.js';
import { animationsSettled, ApiMember, openPage, useE2EStack } from './harness.js';
import { fetchPageImages } from './page-images.js';

/**
 * What a new visitor and a new member meet first: pages that fit every width, each route's own
 * tab title, 404 for paths the app does not have, and colour contrast on the member screens.
 */
describe('visitor', () => {
  const suite = useE2EStack('visitor');
  let landingImages: { src: string; status: number }[] = [];
  beforeAll(async () => {
    landingImages = await fetchPageImages(suite.url, '/');
  }, 120_000);

  async function memberPage(browser: Browser, width: number, height = 900): Promise<{ page: Page; member: ApiMember }> {
    // A long name: the header must truncate it, never widen the page.
    const member = await ApiMember.register(suite.url, 'averylongmembername');
    // Past the welcome tour, so the screens themselves are measured.
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    const context = await browser.newContext({ viewport: { width, height } });
    const [name, value] = member.sessionCookie.split('=');
    await context.addCookies([{ name, value, url: suite.url }]);
    return { page: await context.newPage(), member };
  }

  /**
   * Every width from 320 to 1920 px in steps of 8, on one page (the viewport changes, the page
   * stays): the widths where the page scrolls sideways, or where `alsoWrong` finds a fault.
   */
  async function faultyWidths(page: Page, alsoWrong: () => boolean = () => false): Promise<number[]> {
    const faulty: number[] = [];
    for (let width = 320; width <= 1920; width += 8) {
      await page.setViewportSize({ width, height: 900 });
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
      if (!fits || (await page.evaluate(alsoWrong))) faulty.push(width);
    }
    return faulty;
  }

  /** The board's "Most Voted" tab label breaks onto a second line. */
  function mostVotedWraps(): boolean {
    const tab = document.querySelector('[data-testid="board-tab-most-voted"]');
    const label = [...(tab?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('Most Voted'));
    if (!label) return true;
    const range = document.createRange();
    range.selectNodeContents(label);
    return range.getClientRects().length !== 1;
  }

  test('the header and the board tabs fit every width from 320 to 1920 px, signed out and signed in', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const visitor = await context.newPage();
    const { page: member } = await memberPage(suite.browser, 1440);
    try {
      await openPage(visitor, `${suite.url}/`);
      await visitor.getByTestId('header-signup').waitFor();
      expect(await faultyWidths(visitor)).toEqual([]);

      // The board: its "Most Voted" tab stays on one line too.
      await openPage(member, `${suite.url}/board`);
      await member.getByTestId('header-account').waitFor();
      await member.getByTestId('board-list').waitFor();
      expect(await faultyWidths(member, mostVotedWraps)).toEqual([]);
    } finally {
      await context.close();
      await member.context().close();
    }
  });

  test('known routes answer 200 and unknown paths 404, each with its own title in the HTML', async () => {
    const cases: [string, number, string][] = [
      ['/', 200, 'TrendForge — Create Viral AI Content'],
      ['/about-trendforge', 200, 'About · TrendForge'],
      ['/waitlist', 200, 'Waitlist · TrendForge'],
      ['/board', 200, 'Board · TrendForge'],
      ['/forge/ghibli', 200, 'Create · TrendForge'],
      ['/forge/detail/0b5c4a3e-1111-4222-8333-444455556666', 200, 'Creation · TrendForge'],
      ['/settings/subscription', 200, 'Plans · TrendForge'],
      ['/no-such-page', 404, 'Page Not Found · TrendForge'],
      ['/forge/detail/a/b', 404, 'Page Not Found · TrendForge'],
    ];
    for (const [path, status, title] of cases) {
      const response = await fetch(`${suite.url}${path}`);
      const html = await response.text();
      expect([path, response.status, /<title>([^<]*)<\/title>/.exec(html)?.[1]]).toEqual([path, status, title]);
    }
    // The prerendered about page: its content and its title, with no script run.
    const about = await (await fetch(`${suite.url}/about-trendforge`)).text();
    expect(about).toContain('<title>About · TrendForge</title>');
    expect(about).toContain('Smart prompt engineering');
  });

  test('the not-found page renders for an unknown path, and the tab title follows navigation', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    try {
      const response = await page.goto(`${suite.url}/no-such-page`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.title()).toBe('Page Not Found · TrendForge');

      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Turn any selfie into' }).waitFor();
      expect(await page.title()).toBe('TrendForge — Create Viral AI Content');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
      await page.waitForURL(`${suite.url}/about-trendforge`);
      await page.waitForFunction(() => document.title === 'About · TrendForge');
    } finally {
      await context.close();
    }
  });

  describe.each([390, 1440])('member screens at %i px', (width) => {
    test.each(['/dashboard', '/board', '/forge', '/settings'])('%s: its title and no serious axe finding, colour contrast included', async (path) => {
      const { page } = await memberPage(suite.browser, width);
      try {
        await openPage(page, `${suite.url}${path}`);
        await page.locator('main h1, main h2').first().waitFor();
        await page.getByTestId('header-account').waitFor();
        // Entrance animations finished, so colours are measured as seen.
        await animationsSettled(page);
        expect(await page.title()).toMatch(/ · TrendForge$/);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });

  test('the landing shows studio-engine renders: in the prerendered HTML, sized, lazy below the fold, all loading', async () => {
    expect(landingImages.length).toBeGreaterThanOrEqual(10);
    expect(landingImages.filter((image) => image.status !== 200)).toEqual([]);
    expect(landingImages.every((image) => /^\/(images\/previews|static\/images\/real-examples)\//.test(image.src))).toBe(true);

    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await openPage(page, `${suite.url}/`);
      const images = await page.evaluate(() =>
        [...document.querySelectorAll('main img')].map((img) => ({
          src: img.getAttribute('src'),
          sized: Boolean(img.getAttribute('width') && img.getAttribute('height')),
          lazy: img.getAttribute('loading') === 'lazy',
          top: img.getBoundingClientRect().top + window.scrollY,
        })),
      );
      expect(images.length).toBe(landingImages.length);
      expect(images.filter((image) => !image.sized)).toEqual([]);
      expect(images.filter((image) => image.top > 900 && !image.lazy)).toEqual([]);
      // Scrolled through (the carousel's slides too), every image arrives and decodes.
      await page.getByTestId('how-carousel').scrollIntoViewIfNeeded();
      for (let step = 0; step < 4; step += 1) await page.getByTestId('how-next').click();
      await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));

      // The self-hosted fonts, loaded once the page has painted, are the ones in use (until then
      // their metric-matched local fallbacks stand in).
      await page.waitForFunction(() => ['Inter Variable', 'Inter Tight Variable']
        .every((family) => [...document.fonts].some((font) => font.family.replace(/"/g, '') === family && font.status === 'loaded')));
      const loaded = await page.evaluate(() => [...document.fonts]
        .filter((font) => font.status === 'loaded' && !font.family.includes('Fallback')).map((font) => font.family.replace(/"/g, '')));
      expect(new Set(loaded)).toEqual(new Set(['Inter Variable', 'Inter Tight Variable']));
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontFamily)).toMatch(/^"Inter Tight Variable"/);
    } finally {
      await context.close();
    }
  });
});
