import type { BrowserContext, Page } from 'playwright-core';
import { ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

/**
 * What a new visitor and a new member meet first, in Chromium at 390 px (issue 29): the phone menu
 * opens on every public page and member page (it blanked / and /about-trendforge), and the credits
 * meter is part of the bottom bar on every member page, so it covers no content; the end of every
 * page scrolls clear of the bar; the brand carries no Pro mark for a visitor or a free member, and
 * the wording a newcomer meets is right ('1 creation', no '0 creators'). Screenshots of each page at
 * 390 and 1440 px go to SHOTS_DIR.
 */
const shots = process.env.SHOTS_DIR ?? '/tmp/F-shots';
/** Every page a visitor can open (the not-found page too: any unknown path). */
const publicPages = ['/', '/about-trendforge', '/waitlist', '/no-such-page'];
/** Every page a member can open (:id is the member's creation), and the public ones signed in. */
const memberPages = [
  '/dashboard', '/profile', '/forge', '/forge/pixar', '/forge/mojo', '/forge/history', '/forge/detail/:id', '/board', '/loop', '/muse',
  '/print', '/settings', '/settings/subscription', '/', '/about-trendforge', '/waitlist',
];

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

/** The brand beside the menu button: its Pro mark is for Pro members only. */
async function brandText(page: Page): Promise<string> {
  return page.getByRole('banner').getByTestId('brand-home').innerText();
}

/** Wording a newcomer tripped over: a count in the wrong number, and an empty list as social proof. */
async function wordingSlips(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return [/\b1 creations\b/, /\b1 credits\b/, /\b0 creators\b/].filter((pattern) => pattern.test(text)).map(String);
}

async function menuOpens(page: Page): Promise<void> {
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('mobile-menu').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
}

describe('first impressions at 390 px', () => {
  const suite = useE2EStack('first');
  let member: ApiMember & { id: string };
  let creation: string;

  beforeAll(async () => {
    member = await ApiMember.register(suite.url, 'first');
    // Past the welcome tour, which would stand in front of every page.
    await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
    // One creation: its detail page is a member page too, and Pixar's card then counts '1 creation'.
    creation = (await member.json('POST', '/api/generate', { trendSlug: 'pixar', userPrompt: 'my dad cooking pancakes' }, 201)).id;
    await eventually('the creation to complete', async () => (await member.json('GET', `/api/generations/${creation}`)).status === 'completed', 180_000);
    await eventually('Pixar to count the creation', async () => {
      const trends = await member.json<{ slug: string; generations: number }[]>('GET', '/api/trends');
      return trends.find((trend) => trend.slug === 'pixar')?.generations === 1;
    });
  }, 240_000);

  test.each(publicPages)('a visitor opens the phone menu on %s, and the page stays', async (path) => {
    const { context, page, errors } = await pageAt(suite, 390);
    try {
      await openPage(page, `${suite.url}${path}`);
      await page.screenshot({ path: shotName(path, 390, 'visitor'), fullPage: true });
      // No credits meter and no Pro mark for a visitor; no '0 creators' on a waitlist nobody joined yet.
      expect(await page.getByTestId('usage-meter-compact').count()).toBe(0);
      expect(await brandText(page)).not.toMatch(/\bpro\b/i);
      expect(await wordingSlips(page)).toEqual([]);
      await menuOpens(page);
      await page.locator('h1').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the forge counts Pixar\'s one creation in the singular', async () => {
    const { context, page } = await pageAt(suite, 390, member);
    try {
      await openPage(page, `${suite.url}/forge`);
      await page.locator('[data-testid=trend-card][data-trend-slug=pixar]').getByText('1 creation', { exact: true }).waitFor();
      expect(await wordingSlips(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test.each(memberPages)('a member on %s: the menu opens, the meter sits in the bottom bar, the page end clears it', async (path) => {
    const { context, page, errors } = await pageAt(suite, 390, member);
    try {
      await openPage(page, `${suite.url}${path.replace(':id', creation)}`);
      const meter = page.getByTestId('usage-meter-compact');
      await meter.waitFor();
      // A free member: the brand carries no Pro mark.
      expect(await brandText(page)).not.toMatch(/\bpro\b/i);
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
      await page.screenshot({ path: shotName(path.replace(':id', 'creation'), 390, 'member'), fullPage: true });
      expect(await wordingSlips(page)).toEqual([]);
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
          await openPage(page, `${suite.url}${path.replace(':id', creation)}`);
          await page.locator('h1').first().waitFor();
          await page.screenshot({ path: shotName(path.replace(':id', 'creation'), 1440, who), fullPage: true });
        }
      } finally {
        await context.close();
      }
    }
  });
});
