import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '@trendforge/testing';
import { ApiMember, eventually, openPage, useE2EStack, type E2ESuite } from './harness.js';

/**
 * Upgrading in Chromium: the whole stack with billing's real Stripe SDK pointed at a local server
 * speaking Stripe's wire format. Its checkout page's "Pay" completes the session and posts the
 * signed webhooks to the gateway, as Stripe would; the member comes back, the celebration follows
 * the real role change, and the customer portal cancels. E2E_SCREENSHOTS=<dir> keeps screenshots.
 */
let stripe: FakeStripe;
const stripeEnv: Record<string, string> = {};
beforeAll(async () => {
  stripe = await startFakeStripe();
  Object.assign(stripeEnv, { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await stripe?.close();
});

// Declared after the hook above, so the stack starts with the fake Stripe's address.
const suite = useE2EStack('upgrade', { childEnv: stripeEnv });

beforeAll(() => {
  stripe.webhookUrl = `${suite.url}/api/billing/webhook`;
});

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** A new member who finished onboarding, in a Chromium context of `width` px signed in as them. */
async function memberPage(s: E2ESuite, width: number): Promise<{ member: ApiMember & { id: string }; context: BrowserContext; page: Page }> {
  const member = await ApiMember.register(s.url, 'upgrader');
  await member.json('PUT', '/api/users/onboarding', { hasOnboarded: true });
  const context = await s.browser.newContext({ viewport: { width, height: 900 } });
  const [name, value] = member.sessionCookie.split('=');
  await context.addCookies([{ name, value, url: s.url }, { name: 'tf_member', value: '1', url: s.url }]);
  return { member, context, page: await context.newPage() };
}

const roleOf = async (member: ApiMember) => (await member.json('GET', '/api/auth/me')).role as string;

describe('upgrading to Pro through checkout', () => {
  it('plan tile → checkout → back: the celebration once the webhook made the member Pro; the portal cancels', async () => {
    const { member, context, page } = await memberPage(suite, 1440);
    try {
      await openPage(page, `${suite.url}/settings`);
      await page.getByTestId('current-plan').filter({ hasText: 'Free' }).waitFor();
      await shot(page, 'settings-free-1440');

      await page.getByRole('link', { name: 'Upgrade Plan' }).click();
      await page.getByTestId('plan-tiles').waitFor();
      expect(await page.getByTestId('plan-tile-pro').textContent()).toContain('$19.99 per month');
      await shot(page, 'plans-free-1440');

      await page.getByTestId('upgrade-pro').click();
      await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/`));
      expect(await page.textContent('body')).toContain('$19.99 per month');
      await shot(page, 'fake-checkout-1440');
      await page.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL((url) => url.href.startsWith(`${suite.url}/settings/subscription?checkout=success`));
      const dialog = page.getByTestId('plan-upgrade-dialog');
      await dialog.waitFor({ timeout: 30_000 });
      expect(await dialog.textContent()).toContain("You're now on Pro!");
      // The celebration follows the real change: billing says Pro, from one signed webhook's work.
      expect(await roleOf(member)).toBe('pro');
      const checkouts = stripe.deliveries.filter((d) => d.event.type === 'checkout.session.completed');
      expect(checkouts.map((d) => d.status)).toEqual([200]);
      await shot(page, 'celebration-1440');

      await page.getByTestId('plan-upgrade-close').click();
      await page.getByTestId('checkout-confirmed').waitFor();
      expect(await page.getByTestId('plans-current').textContent()).toBe('Pro');
      expect(await page.getByTestId('plan-tile-pro').textContent()).toContain('Current');
      await shot(page, 'plans-pro-1440');

      // Cancelling in the customer portal takes the member back to Free.
      await page.getByTestId('manage-subscription').click();
      await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/portal/`));
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${suite.url}/settings/subscription`));
      await eventually('the member back on Free', async () => (await roleOf(member)) === 'free');
    } finally {
      await context.close();
    }
  });

  it('lays the plan page, the settings plan card and the celebration out at 390, 1024 and 1440 px', async () => {
    for (const width of [390, 1024, 1440]) {
      const { context, page } = await memberPage(suite, width);
      try {
        await openPage(page, `${suite.url}/settings`);
        await shot(page, `settings-${width}`);
        // The Pro tile of the settings card leads straight to checkout.
        await page.getByTestId('settings-plan-pro').click();
        await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/checkout/`));
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.getByTestId('plan-upgrade-dialog').waitFor({ timeout: 30_000 });
        await shot(page, `celebration-${width}`);
        await page.getByTestId('plan-upgrade-close').click();
        await page.getByTestId('checkout-confirmed').waitFor();
        await shot(page, `plans-pro-${width}`);
        // Nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      } finally {
        await context.close();
      }
    }
  });
});
