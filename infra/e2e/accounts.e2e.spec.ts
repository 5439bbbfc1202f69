import type { Page } from 'playwright-core';
import { createPng } from '@trendforge/testing';
import { openPage, useE2EStack } from './harness.js';

/**
 * Accounts as a newcomer lives them in Chromium: the guard, sign-up and onboarding, settings,
 * the avatar (and a refused fake), logout that really ends the session, and a wrong password.
 */
describe('accounts end to end', () => {
  const suite = useE2EStack('accounts');

  const me = (page: Page) => page.evaluate(async () => {
    const response = await fetch('/api/auth/me', { credentials: 'include' });
    return { status: response.status, body: response.ok ? (await response.json()) as { avatar: string | null } : null };
  });
  const toastText = (page: Page) => page.getByTestId('toast').first();

  test('a signed-out visitor meets the guard and is sent home', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await openPage(page, `${suite.url}/settings`);
      await page.getByText('Authentication Required').waitFor();
      await page.getByText('This feature requires you to sign in first.').waitFor();
      await page.getByText(/Redirecting to home page in [123] seconds\.\.\./).waitFor();
      await page.waitForURL(`${suite.url}/`, { timeout: 10_000 });
    } finally {
      await page.close();
    }
  });

  test('sign up, onboarding, settings, avatar, logout and a wrong password', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const suffix = Date.now() % 1_000_000;
    const email = `accounts.${suffix}@example.com`;
    try {
      // Sign up: the dialog opens on its register tab and refuses the spec's invalid input first.
      await openPage(page, suite.url);
      await page.getByTestId('header-signup').click();
      await page.getByTestId('register-username').fill('ab');
      await page.getByTestId('register-submit').click();
      await page.getByText('Username must be at least 3 characters').waitFor();
      await page.getByTestId('register-username').fill(`acct_${suffix}`);
      await page.getByTestId('register-email').fill(`  ${email.toUpperCase()} `);
      await page.getByTestId('register-password').fill('secret-pass');
      await page.getByTestId('register-submit').click();

      // Onboarding: welcome, the three tour steps of a free member, then Start Creating.
      const dialog = page.getByTestId('onboarding-dialog');
      await dialog.getByText(`Welcome to TrendForge, acct_${suffix}!`).waitFor();
      await page.getByTestId('onboarding-next').click();
      await dialog.getByText('Try Trending Styles').waitFor();
      await page.getByTestId('onboarding-next').click();
      await dialog.getByText('Forge with AI').waitFor();
      await page.getByTestId('onboarding-next').click();
      await dialog.getByText('Track Your Creations').waitFor();
      await page.getByTestId('onboarding-next').click();
      expect(await dialog.getByText('Boost Visibility').count()).toBe(0);
      await page.getByTestId('onboarding-start').click();
      await page.waitForURL(`${suite.url}/forge`);
      const afterOnboarding = await me(page);
      expect(afterOnboarding.body).toMatchObject({ email, hasOnboarded: true, role: 'free', credits: 3 });

      // The header: usage meter, Upgrade to Pro for a free member, avatar and username to settings.
      await page.getByTestId('usage-meter').getByText('3 credits').waitFor();
      expect(await page.getByTestId('header-upgrade').isVisible()).toBe(true);
      await page.getByTestId('header-account').click();
      await page.waitForURL(`${suite.url}/settings`);

      // Settings: save, and find the values again after a reload.
      await page.getByTestId('settings-first-name').fill('Ada');
      await page.getByTestId('settings-last-name').fill('Lovelace');
      await page.getByTestId('pref-high-quality').click();
      await page.getByTestId('settings-save').click();
      await toastText(page).getByText('Settings saved').waitFor();
      await page.reload();
      await page.getByTestId('settings').waitFor();
      expect(await page.getByTestId('settings-first-name').inputValue()).toBe('Ada');
      expect(await page.getByTestId('pref-high-quality').getAttribute('aria-checked')).toBe('true');
      expect(await page.getByTestId('settings-email').inputValue()).toBe(email);

      // Avatar: a real picture is stored and shown in the header; a text file named .png is refused by the server.
      const picture = createPng({ width: 800, height: 600, color: [180, 60, 220], to: [20, 200, 180] });
      await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
      await toastText(page).getByText('Avatar uploaded').waitFor();
      const avatar = (await me(page)).body?.avatar as string;
      expect(avatar).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.webp$/);
      const headerAvatar = page.getByTestId('header-account').locator('img');
      await headerAvatar.waitFor();
      expect(await headerAvatar.evaluate((img: HTMLImageElement) => img.decode().then(() => [img.getAttribute('src'), img.naturalWidth])))
        .toEqual([avatar, 512]);

      await page.getByTestId('avatar-input').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
      await toastText(page).getByText('Upload failed').waitFor();
      await toastText(page).getByText('Please upload an image file (JPEG, PNG, etc.)').waitFor();
      expect((await me(page)).body?.avatar).toBe(avatar);

      // Logout: back home signed out, and the old cookie opens nothing any more.
      const [cookie] = (await context.cookies()).filter((c) => c.name === 'tf_session');
      await page.getByTestId('settings-logout').click();
      await page.waitForURL(`${suite.url}/`);
      await page.getByTestId('header-login').waitFor();
      const replay = await fetch(`${suite.url}/api/auth/me`, { headers: { cookie: `tf_session=${cookie.value}` } });
      expect(replay.status).toBe(401);

      // A wrong password shows the server's answer in the dialog; the right one signs in without the tour.
      await page.getByTestId('header-login').click();
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('auth-error').getByText('Invalid credentials').waitFor();
      await page.getByTestId('login-password').fill('secret-pass');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('header-account').waitFor();
      expect(await page.getByTestId('header-account').textContent()).toContain(`acct_${suffix}`);
      expect(await page.getByTestId('onboarding-dialog').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
