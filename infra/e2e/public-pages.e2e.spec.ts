import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.js';
import { fetchPageImages } from './page-images.js';
import { animationsSettled, openPage, useE2EStack } from './harness.js';

/** The pages a visitor sees before signing in, at a 390 px phone and a 1440 px desktop. */
describe('public pages', () => {
  const suite = useE2EStack('public');
  // The landing's trend renders, rendered before any page asks (the test stack skips PREVIEW_WARMUP).
  beforeAll(() => fetchPageImages(suite.url, '/'), 120_000);

  const viewports = [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ];

  async function open(width: number, height: number, path: string, setup?: (page: Page) => Promise<void>): Promise<Page> {
    // A context per page: axe opens a page of its own next to it.
    const context = await suite.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await setup?.(page);
    await openPage(page, `${suite.url}${path}`);
    await page.locator('h1').first().waitFor();
    return page;
  }

  describe.each(viewports)('axe at $width px', ({ width, height }) => {
    test.each(['/', '/about-trendforge', '/waitlist'])('%s has no serious or critical violation', async (path) => {
      const page = await open(width, height, path);
      try {
        // Entrance animations finished, so colours are measured as seen.
        await animationsSettled(page);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });

  test('landing: hero, stats, features, carousel, slider, call to action and footer', async () => {
    const page = await open(1440, 900, '/', (p) => p.clock.install());
    try {
      for (const testId of ['store-app-store', 'store-google-play']) {
        const store = page.getByTestId(testId).first();
        expect([await store.getAttribute('target'), await store.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
      }
      expect(await page.getByTestId('hero-stats').innerText()).toMatch(/4\.8\s+rating[\s\S]*1M\+\s+downloads[\s\S]*50K\+\s+viral videos/i);
      expect(await page.getByTestId('stats-strip').innerText()).toMatch(/4\.8\/5\s+from 10K\+ creators[\s\S]*1M\+\s+downloads[\s\S]*#1\s+AI photo app[\s\S]*120\+\s+countries/);
      expect(await page.getByTestId('feature-grid').locator('li').count()).toBe(6);

      // The testimonial slider moves every 4 s of the page's clock. The clock is held from here, so
      // only runFor moves it: on a busy machine the steps below took over 4 s of real time. (A second
      // ahead of the page's clock: pauseAt cannot go back, and that clock flows until then.)
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
      // The sections below the fold hydrate once scrolled to (their code loads then: lib/near-viewport).
      await page.getByTestId('how-next').scrollIntoViewIfNeeded();
      await page.locator('[data-near-viewport="landing"][data-live]').waitFor({ state: 'attached' });
      const activeStep = () => page.locator('[data-testid="how-step"][data-active="true"] h3').innerText();
      expect(await activeStep()).toBe('Choose a Style');
      await page.getByTestId('how-next').click();
      expect(await activeStep()).toBe('Upload a Selfie');
      await page.getByTestId('how-prev').click();
      await page.getByTestId('how-prev').click();
      expect(await activeStep()).toBe('Share');

      const activeTestimonial = () => page.locator('[data-testid="testimonial"][data-active="true"] [data-testid="testimonial-name"]').innerText();
      const names = await page.locator('[data-testid="testimonial-name"]').allInnerTexts();
      expect(names).toHaveLength(5);
      expect(await activeTestimonial()).toBe(names[0]);
      await page.clock.runFor(4000);
      expect(await activeTestimonial()).toBe(names[1]);
      await page.getByTestId('testimonial-dot').nth(4).click();
      await page.mouse.move(0, 0); // the slider holds still while pointed at
      // Pointed away, it moves on: its live region turns quiet with that render (a 4 s tick before it would be lost).
      await page.locator('[data-testid="testimonials"] ul[aria-live="off"]').waitFor({ state: 'attached' });
      expect(await activeTestimonial()).toBe(names[4]);
      await page.clock.runFor(4000);
      expect(await activeTestimonial()).toBe(names[0]);

      await page.getByRole('heading', { name: 'Ready to go viral? Download free.' }).waitFor();
      const footer = page.getByTestId('site-footer');
      for (const text of ['Create Viral AI Content', 'Available on iOS and Android', 'Tools', 'Company', 'Legal']) {
        await footer.getByText(text, { exact: true }).waitFor();
      }
      expect(await footer.getByRole('list', { name: 'Social networks' }).getByRole('link').count()).toBe(4);
      expect(await footer.getByTestId('copyright').innerText()).toContain(String(new Date().getFullYear()));
    } finally {
      await page.context().close();
    }
  });

  test('about: four features and the call to explore trends', async () => {
    const page = await open(390, 844, '/about-trendforge');
    try {
      for (const title of ['Smart prompt engineering', 'Multi-model processing', 'Style enhancement', 'Social templates']) {
        await page.getByRole('heading', { name: title }).waitFor();
      }
      expect(await page.getByRole('link', { name: 'Explore Trends' }).getAttribute('href')).toBe('/dashboard');
    } finally {
      await page.context().close();
    }
  });

  test('waitlist: 487 until the count arrives, validation texts, joining, copying, and a repeated email', async () => {
    let releaseCount!: () => void;
    const countHeld = new Promise<void>((resolve) => { releaseCount = resolve; });
    const page = await open(390, 844, '/waitlist', async (p) => {
      await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
      await p.route('**/api/waitlist/count', async (route) => { await countHeld; await route.continue(); });
    });
    try {
      expect(await page.getByTestId('waitlist-count').innerText()).toBe('487');
      releaseCount();
      // The real count replaces 487; an empty waitlist shows no count at all.
      await page.waitForFunction(() => document.querySelector('[data-testid="waitlist-count"]')?.textContent !== '487');
      const shown = page.getByTestId('waitlist-count');
      const before = (await shown.count()) === 0 ? 0 : Number((await shown.innerText()).replace(/,/g, ''));
      for (const text of ['Free', 'Basic', 'Pro']) await page.getByTestId('plans').getByRole('heading', { name: text, exact: true }).waitFor();
      expect(await page.getByTestId('sample-styles').locator('li').count()).toBe(4);

      await page.getByTestId('waitlist-submit').click();
      await page.getByText('Name must be at least 2 characters.').waitFor();
      await page.getByText('Please enter a valid email address.').waitFor();

      const email = `visitor.${Date.now()}@example.com`;
      await page.getByTestId('waitlist-name').fill('Visitor One');
      await page.getByTestId('waitlist-email').fill(`  ${email.toUpperCase()} `);
      await page.getByTestId('waitlist-interest').selectOption('ghibli');
      await page.getByTestId('waitlist-submit').click();
      const overlay = page.getByTestId('waitlist-joined');
      await overlay.waitFor();
      await page.getByTestId('toast').getByText("You're on the waitlist!").waitFor();
      const link = await page.getByTestId('referral-link').inputValue();
      expect(link).toMatch(new RegExp(`^${suite.url}/waitlist\\?ref=[A-HJ-NP-Z2-9]{6}$`));
      expect(await page.getByTestId('waitlist-count').innerText()).toBe(String(before + 1));
      expect(await page.getByTestId('follow-instagram').getAttribute('target')).toBe('_blank');
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('copy-referral').click();
      await page.getByTestId('toast').getByText('Copied to clipboard!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByTestId('share-referral').click();
      await page.getByTestId('toast').getByText('Referral link copied!').waitFor();
      await page.getByTestId('return-to-waitlist').click();
      await overlay.waitFor({ state: 'hidden' });

      // The same email again: the duplicate message, and no code (whoever typed it may not own it).
      await page.getByTestId('waitlist-submit').click();
      await page.getByTestId('toast').getByText('This email is already on our waitlist.').waitFor();
      expect(await overlay.isVisible()).toBe(false);
      expect(await page.getByTestId('waitlist-form').isVisible()).toBe(true);

      // A friend arriving through the link is recorded as referred by it.
      const friendPage = await open(1440, 900, new URL(link).pathname + new URL(link).search);
      try {
        const code = new URL(link).searchParams.get('ref');
        await friendPage.getByTestId('referred-by').getByText(code!).waitFor();
        const friend = `friend.${Date.now()}@example.com`;
        await friendPage.getByTestId('waitlist-name').fill('Friend Two');
        await friendPage.getByTestId('waitlist-email').fill(friend);
        await friendPage.getByTestId('waitlist-submit').click();
        await friendPage.getByTestId('waitlist-joined').waitFor();
        const again = await fetch(`${suite.url}/api/waitlist/referral`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: friend, referralCode: code }),
        });
        expect(await again.json()).toEqual({ success: true, referralCode: code });
      } finally {
        await friendPage.context().close();
      }
    } finally {
      await page.context().close();
    }
  });
});
