import type { BrowserContext, Page } from 'playwright-core';
import { animationsSettled, ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

/** Screenshots of the screens this spec walks through go here when SCREENSHOT_DIR is set. */
const shotsDir = process.env.SCREENSHOT_DIR;
const shot = async (page: Page, name: string) => {
  if (!shotsDir) return;
  await animationsSettled(page);
  await page.screenshot({ path: `${shotsDir}/${name}.png` });
};

async function memberContext(suite: E2ESuite, member: ApiMember, width: number): Promise<BrowserContext> {
  const context = await suite.browser.newContext({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const [name, value] = member.sessionCookie.split('=');
  await context.addCookies([{ name, value, url: suite.url }, { name: 'tf_member', value: '1', url: suite.url }]);
  return context;
}

/** A member who has been through onboarding, so no welcome dialog covers the screens. */
async function onboardedMember(suite: E2ESuite, label: string) {
  const member = await ApiMember.register(suite.url, label);
  await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
  return member;
}

/**
 * Referral credits and the waitlist's referral links in Chromium: a member copies their link from
 * settings, a visitor signs up through it, and the member sees 3 more credits and "1 friend joined";
 * the waitlist answers a second join with the same link, and tells a visitor an unknown code is not valid.
 */
describe('referrals end to end', () => {
  const suite = useE2EStack('referrals');

  test('a friend who signs up through a member’s link and creates a first image earns the member 3 credits, shown in settings', async () => {
    const referrer = await onboardedMember(suite, 'referrer');
    const referrerContext = await memberContext(suite, referrer, 1440);
    // The friend's own address (through the gateway's trusted loopback proxy): accounts sharing one pay each other nothing.
    const visitorContext = await suite.browser.newContext({ viewport: { width: 1440, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.77' } });
    try {
      // The member copies their link from the settings card.
      const page = await referrerContext.newPage();
      await openPage(page, `${suite.url}/settings`);
      const card = page.getByTestId('referral-card');
      await card.getByText('0 friends joined').waitFor();
      const link = await eventually('the referral link', async () => (await page.getByTestId('member-referral-link').inputValue()) || null);
      expect(link).toMatch(new RegExp(`^${suite.url}/\\?ref=[A-HJ-NP-Z2-9]{6}$`));
      await page.getByTestId('copy-member-referral').click();
      await page.getByTestId('toast').getByText('Referral link copied!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByTestId('usage-meter').getByText('3 credits').waitFor();
      await card.scrollIntoViewIfNeeded();
      await shot(page, 'settings-referral-card-1440');

      // A visitor opens it, looks around (the code is kept) and signs up.
      const visitor = await visitorContext.newPage();
      await openPage(visitor, link);
      await openPage(visitor, `${suite.url}/about-trendforge`);
      await visitor.getByTestId('header-signup').click();
      const code = link.split('=')[1];
      await visitor.getByTestId('register-referral').getByText(`Invited with code ${code}`).waitFor();
      const suffix = Date.now() % 1_000_000;
      await visitor.getByTestId('register-username').fill(`friend_${suffix}`);
      await visitor.getByTestId('register-email').fill(`friend.${suffix}@example.com`);
      await visitor.getByTestId('register-password').fill('secret-pass');
      await visitor.getByTestId('register-submit').click();
      await visitor.getByTestId('onboarding-dialog').waitFor();
      // Signing up pays nothing yet; the friend's first completed generation does.
      expect((await referrer.json('GET', '/api/auth/me')).credits).toBe(3);
      const generated = await visitorContext.request.post(`${suite.url}/api/generate`, {
        data: { trendSlug: 'pixar', userPrompt: 'a fox astronaut' }, headers: { origin: suite.url }, timeout: 180_000,
      });
      expect(generated.status()).toBe(201);
      // The payout follows the friend's first completed generation: wait for that (a render on a busy machine), then for the credits.
      const { id } = (await generated.json()) as { id: string };
      await eventually('the friend\'s first generation to complete', async () => {
        const answer = await visitorContext.request.get(`${suite.url}/api/generations/${id}`);
        const { status } = (await answer.json()) as { status: string };
        if (status === 'failed') throw new Error('the friend\'s generation failed');
        return status === 'completed';
      }, 180_000);

      // The member sees the friend and the credits.
      await eventually('the friend to count', async () => {
        await page.reload();
        await page.getByTestId('referral-card').waitFor();
        return page.getByTestId('referral-card').getByText('1 friend joined').isVisible();
      });
      await page.getByTestId('member-credits-earned').getByText('3 credits earned').waitFor();
      await page.getByTestId('usage-meter').getByText('6 credits').waitFor();
      const account = await referrer.json('GET', '/api/auth/me');
      expect(account.credits).toBe(6);
      await page.getByTestId('referral-card').scrollIntoViewIfNeeded();
      await shot(page, 'settings-referral-card-after-1440');

      // The meter explains monthly generations vs credits.
      await page.getByTestId('usage-meter').click();
      const explained = page.getByTestId('credits-explained');
      await explained.getByText('Premium trends cost credits (Ghibli costs 3).', { exact: false }).waitFor();
      await explained.getByTestId('generations-used').getByText('0 of 5 used').waitFor();
      await shot(page, 'credits-meter-explained-1440');
    } finally {
      await referrerContext.close();
      await visitorContext.close();
    }
  });

  test('a new Free member sees 3 credits with the specified warning, and what credits and monthly generations are for', async () => {
    const member = await onboardedMember(suite, 'newbie');
    const context = await memberContext(suite, member, 390);
    try {
      const page = await context.newPage();
      await openPage(page, `${suite.url}/forge`);
      // The forge says what one render of the chosen trend takes.
      await page.getByTestId('trend-card-select').first().click();
      await page.getByTestId('render-cost-note').getByText('No credits needed: one render uses one of your monthly generations (5 of 5 left this month).').waitFor();
      await page.getByTestId('trend-detail').scrollIntoViewIfNeeded();
      await shot(page, 'forge-render-cost-390');
      const meter = page.getByTestId('usage-meter-compact');
      await meter.getByText('3 credits').waitFor();
      expect(await meter.getAttribute('data-meter-state')).toBe('warning');
      await meter.click();
      await page.getByTestId('usage-meter-message').getByText('Credits running low').waitFor();
      await page.getByTestId('credits-explained').getByText('Free trends and the Trend of the Week use no credits', { exact: false }).waitFor();
      await shot(page, 'credits-meter-explained-390');
      await page.keyboard.press('Escape');
      await openPage(page, `${suite.url}/settings`);
      await page.getByTestId('referral-card').scrollIntoViewIfNeeded();
      await page.getByTestId('member-friends-joined').getByText('0 friends joined').waitFor();
      await shot(page, 'settings-referral-card-390');
    } finally {
      await context.close();
    }
  });

  test('the waitlist: joining twice is told it is listed (no link for whoever typed the email), a valid ref counts, a bad ref is said to be not valid', async () => {
    const first = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const second = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const suffix = Date.now() % 1_000_000;
    const email = `waiting.${suffix}@example.com`;
    const join = async (page: Page, name: string, address: string) => {
      await page.getByTestId('waitlist-name').fill(name);
      await page.getByTestId('waitlist-email').fill(address);
      await page.getByTestId('waitlist-submit').click();
      return page.getByTestId('waitlist-joined');
    };
    try {
      const page = await first.newPage();
      await openPage(page, `${suite.url}/waitlist`);
      const overlay = await join(page, 'Ada Lovelace', email);
      const link = await overlay.getByTestId('referral-link').inputValue();
      expect(link).toMatch(new RegExp(`^${suite.url}/waitlist\\?ref=[A-HJ-NP-Z2-9]{6}$`));
      await overlay.getByTestId('friends-joined').getByText('0 friends joined').waitFor();
      await shot(page, 'waitlist-joined-390');

      // Another browser, the same email: the duplicate text, and neither the owner's link nor count.
      const again = await second.newPage();
      await openPage(again, `${suite.url}/waitlist`);
      await join(again, 'Ada Lovelace', email.toUpperCase());
      await again.getByTestId('toast').getByText('This email is already on our waitlist.').first().waitFor();
      expect(await again.getByTestId('waitlist-joined').count()).toBe(0);
      expect(await again.content()).not.toContain(link.split('=')[1]);
      await shot(again, 'waitlist-joined-again-1440');

      // A friend through the link: the invitation shows, and the referral is recorded.
      const friend = await second.newPage();
      await openPage(friend, link);
      await friend.getByTestId('referred-by').getByText(`Invited with code ${link.split('=')[1]}`).waitFor();
      const recorded = friend.waitForResponse((response) => response.url().endsWith('/api/waitlist/referral'));
      await join(friend, 'Grace Hopper', `friend.${suffix}@example.com`);
      await friend.getByTestId('waitlist-joined').waitFor();
      expect(await (await recorded).json()).toEqual({ success: true, referralCode: link.split('=')[1] });

      // An unknown code: the visitor is told, and joins without it.
      const stranger = await second.newPage();
      const referralCalls: string[] = [];
      stranger.on('request', (request) => {
        if (request.url().endsWith('/api/waitlist/referral')) referralCalls.push(request.url());
      });
      await openPage(stranger, `${suite.url}/waitlist?ref=ABCDEF`);
      await stranger.getByTestId('invalid-referral').getByText('is not valid. You can still join without it.', { exact: false }).waitFor();
      expect(await stranger.getByTestId('referred-by').count()).toBe(0);
      await shot(stranger, 'waitlist-bad-ref-1440');
      const strangerOverlay = await join(stranger, 'Stranger Danger', `stranger.${suffix}@example.com`);
      await strangerOverlay.getByTestId('referral-link').waitFor();
      await stranger.getByTestId('toast').getByText("You're on the waitlist!").first().waitFor();
      expect(referralCalls).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
