import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { User } from '@/lib/types';
import { AuthProvider } from '@/features/auth/auth-context';
import { toast } from '@/ui/toast-store';
import { SettingsScreen } from './SettingsScreen';

vi.mock('@/ui/toast-store', async (original) => ({ ...(await original<typeof import('@/ui/toast-store')>()), toast: vi.fn() }));

const user: User = {
  id: 'u1', username: 'viralcat', email: 'cat@example.com', avatar: null, firstName: 'Cat', lastName: 'Meow', role: 'free',
  credits: 3, monthlyUsage: 0, emailNotifications: true, highQualityGeneration: false, hasOnboarded: true, favoriteTrends: [],
};

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSettings(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/me')) return json(user);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <SettingsScreen />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('SettingsScreen', () => {
  it('fills the form from the user and shows the plan card with its description', async () => {
    renderSettings((url) => json(url.endsWith('/api/billing/status') ? { configured: true, canManage: false, subscription: null } : {}));
    expect(await screen.findByLabelText('First Name')).toHaveValue('Cat');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Meow');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('plan-card')).toHaveTextContent('Current plan: Free · 3 free credits');
    for (const text of ['25 credits per month', '100 credits per month', 'Unlimited generations with fair use of 1,000 per month']) {
      expect(screen.getByTestId('plan-card')).toHaveTextContent(text);
    }
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/settings/subscription');
    // The plan tiles above the member's lead to their checkout.
    expect(await screen.findByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/settings/subscription?plan=pro');
    expect(screen.getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute('href', '/settings/subscription?plan=basic');
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro Unlimited' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('without payments, the plan tiles lead to no checkout, and the card says what the member can do', async () => {
    renderSettings((url) => json(url.endsWith('/api/billing/status') ? { configured: false, canManage: false, subscription: null } : {}));
    const notice = await screen.findByTestId('settings-payments-not-configured');
    expect(notice).toHaveTextContent('ask an admin');
    expect(screen.getByRole('link', { name: /Earn 3 free credits/ })).toHaveAttribute('href', '#referrals');
    expect(screen.queryByRole('link', { name: /^Upgrade to / })).toBeNull();
  });

  it('saves the whole payload with darkMode true and toasts success', async () => {
    const fetchMock = renderSettings((_url, init) => json({ ...user, ...JSON.parse(String(init?.body)) }));
    fireEvent.change(await screen.findByLabelText('First Name'), { target: { value: 'Kit' } });
    fireEvent.click(screen.getByRole('switch', { name: 'High Quality Generation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Settings saved', description: 'Your account settings have been updated successfully.' }));
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/settings'));
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      firstName: 'Kit', lastName: 'Meow', avatar: null, darkMode: true, emailNotifications: true, highQualityGeneration: true,
    });
  });

  it("shows the server's message when saving fails", async () => {
    renderSettings(() => json({ statusCode: 400, message: 'First name must be at most 50 characters' }, 400));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({
      title: 'Failed to save settings', description: 'First name must be at most 50 characters', variant: 'destructive',
    }));
  });

  it('refuses non-images and files over 2 MB before uploading', async () => {
    const fetchMock = renderSettings(() => json({}));
    const input = await screen.findByTestId('avatar-input');
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.png', { type: 'text/plain' })] } });
    expect(toast).toHaveBeenLastCalledWith({ title: 'Invalid file type', description: 'Please upload an image file (JPEG, PNG, etc.)', variant: 'destructive' });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(toast).toHaveBeenLastCalledWith({ title: 'File too large', description: 'Please upload an image smaller than 2 MB', variant: 'destructive' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/upload'))).toBe(false);
  });

  it('uploads an avatar, saves it at once and toasts', async () => {
    const url = '/api/avatars/u1/11111111-2222-4333-8444-555555555555.webp';
    const fetchMock = renderSettings((target, init) => (target.endsWith('/api/upload') ? json({ url }) : json({ ...user, ...JSON.parse(String(init?.body)) })));
    fireEvent.change(await screen.findByTestId('avatar-input'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Avatar uploaded', description: 'Your profile picture has been updated' }));
    const put = fetchMock.mock.calls.find(([target]) => String(target).endsWith('/api/users/settings'));
    expect(JSON.parse(String(put?.[1]?.body)).avatar).toBe(url);
    expect(screen.getByTestId('avatar-status')).toHaveAttribute('data-state', 'done');
  });

  it("shows the server's refusal when an upload fails", async () => {
    renderSettings(() => json({ statusCode: 413, message: 'Please upload an image smaller than 2 MB' }, 413));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.change(await screen.findByTestId('avatar-input'), { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Upload failed', description: 'Please upload an image smaller than 2 MB', variant: 'destructive' }));
    expect(screen.getByTestId('avatar-status')).toHaveAttribute('data-state', 'failed');
  });
});
