import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import { AuthProvider } from '@/features/auth/auth-context';
import AuthDialog from '@/features/auth/AuthDialog';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { ReferralCard } from './ReferralCard';
import { rememberedReferral } from './referral-ref';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('the sign-up form carries the referral link', () => {
  it('keeps ?ref= from the landing page and sends it with the registration, then forgets it', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/auth/register')) {
        expect(JSON.parse(String(init?.body))).toEqual({ username: 'friend', email: 'friend@example.com', password: 'secret-pass', ref: 'ABC234' });
        return new Response(JSON.stringify({ id: 'u2', username: 'friend', role: 'free', credits: 3, monthlyUsage: 0 }), { status: 201 });
      }
      return new Response('', { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    // The landing page with the link's ?ref=: the app-wide provider keeps the code.
    const landing = render(
      <MemoryRouter initialEntries={['/?ref=abc234']}>
        <AuthDialogProvider>landing</AuthDialogProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(rememberedReferral()).toBe('ABC234'));
    landing.unmount();

    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <AuthDialog open onOpenChange={() => {}} initialTab="register" />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('register-referral')).toHaveTextContent('Invited with code ABC234');
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'friend' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'friend@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(rememberedReferral()).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/auth/register'))).toHaveLength(1);
  });
});

describe('ReferralCard', () => {
  it("shows the member's link to the landing page, the friends who joined and the credits earned", async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/referrals/mine'
        ? new Response(JSON.stringify({ referralCode: 'MEMB23', friendsJoined: 1, creditsEarned: 3 }), { status: 200 })
        : new Response('', { status: 404 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: createQueryClient().getDefaultOptions() })}>
        <ReferralCard />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('member-referral-link')).toHaveValue(`${window.location.origin}/?ref=MEMB23`));
    expect(screen.getByTestId('member-friends-joined')).toHaveTextContent('1 friend joined');
    expect(screen.getByTestId('member-credits-earned')).toHaveTextContent('3 credits earned');
    expect(screen.getByText('Get 3 free credits per friend who joins through your referral link.')).toBeInTheDocument();
  });
});
