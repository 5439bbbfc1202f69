import type { BrowserContext, Page } from 'playwright-core';
import { ApiMember, openPage, useE2EStack, type E2ESuite } from './harness.js';

/**
 * What a new visitor and a new member meet first, in Chromium at 390 px (issue 29): the phone menu
 * opens on every public page and member page (it blanked / and /about-trendforge), and the credits
 * meter is part of the bottom bar on every member page, so it covers no content; the end of every
 * page scrolls clear of the bar. Screenshots of each page at 390 and 1440 px go to SHOTS_DIR.
 */
const shots = process.env.SHOTS_DIR ?? '/tmp/F-shots';
const publicPages = ['/', '/about-trendforge', '/waitlist'];
const memberPages = ['/dashboard', '/forge', '/forge/history', '/board', '/settings', '/settings/subscription'];

async function pageAt(suite: E2ESuite, width: number, member?: ApiMember): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await suite.browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
  if (member) {
    const [name, value] = member.sessionCookie.split('=');
    await context.addCookies([{ name, value, url: suite.url }]);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const shotName = (path: string, width: number, who: string) => `${shots}/${who}-${path === '/' ? 'landing' : path.slice(1).replaceAll('/', '-')}-${width}.png`;

async function menuOpens(page: Page): Promise<void> {
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('mobile-menu').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
}

describe('first impressions at 390 px', () => {
  const suite = useE2EStack('first');
  let member: ApiMember & { id: string };

  beforeAll(async () => {
    member = await ApiMember.register(suite.url, 'first');
    // Past the welcome tour, which would stand in front of every page.
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
  });

  test.each(publicPages)('a visitor opens the phone menu on %s, and the page stays', async (path) => {
    const { context, page, errors } = await pageAt(suite, 390);
    try {
      await openPage(page, `${suite.url}${path}`);
      await page.screenshot({ path: shotName(path, 390, 'visitor'), fullPage: true });
      await menuOpens(page);
      await page.locator('h1').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each(memberPages)('a member on %s: the menu opens, the meter sits in the bottom bar, the page end clears it', async (path) => {
    const { context, page, errors } = await pageAt(suite, 390, member);
    try {
      await openPage(page, `${suite.url}${path}`);
      const meter = page.getByTestId('usage-meter-compact');
      await meter.waitFor();
      const chrome = (await page.getByTestId('bottom-chrome').boundingBox())!;
      const pill = (await meter.boundingBox())!;
      // On the bar's own background, not floating over the page.
      expect(pill.y).toBeGreaterThanOrEqual(chrome.y);
      expect(pill.y + pill.height).toBeLessThanOrEqual(chrome.y + chrome.height);
      // Scrolled to the end, the last of the page (the footer) ends above the bar. Scrolled again on each
      // check: a screen may still be scrolling itself to the top as it opens (the Forge does).
      await page.waitForFunction(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        // The footer's code loads as it comes near (lib/near-viewport): until then its room is kept.
        const footer = [...document.querySelectorAll('footer')].at(-1)?.getBoundingClientRect();
        return !!footer && footer.bottom <= document.querySelector('[data-testid="bottom-chrome"]')!.getBoundingClientRect().top + 1;
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: shotName(path, 390, 'member'), fullPage: true });
      await menuOpens(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('screens at 1440 px, signed out and in', async () => {
    for (const [who, paths, as] of [['visitor', publicPages, undefined], ['member', memberPages, member]] as const) {
      const { context, page } = await pageAt(suite, 1440, as);
      try {
        for (const path of paths) {
          await openPage(page, `${suite.url}${path}`);
          await page.locator('h1').first().waitFor();
          await page.screenshot({ path: shotName(path, 1440, who), fullPage: true });
        }
      } finally {
        await context.close();
      }
    }
  });
});
