import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { User } from '@/lib/types';
import { AuthProvider } from '@/features/auth/auth-context';
import { OnboardingHost } from './OnboardingHost';
import { tourStepsFor } from './onboarding-steps';
import { isUpgrade, rememberRole } from './plan-ladder';

const base: User = {
  id: 'u1', username: 'viralcat', email: 'cat@example.com', avatar: null, firstName: '', lastName: '', role: 'free',
  credits: 3, monthlyUsage: 0, emailNotifications: true, highQualityGeneration: false, hasOnboarded: false, favoriteTrends: [],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderHost(user: User) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/users/onboarding')) return json({ ...user, ...JSON.parse(String(init?.body)) });
    return json(user);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="*" element={<><OnboardingHost /><p data-testid="where">here</p></>} />
            <Route path="/dashboard" element={<p data-testid="where">dashboard</p>} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('onboarding steps', () => {
  it('shows Boost Visibility only to pro and pro_unlimited', () => {
    const titles = (role: User['role']) => tourStepsFor(role).map((s) => s.title);
    expect(titles('free')).toEqual(['Try Trending Styles', 'Forge with AI', 'Track Your Creations']);
    expect(titles('basic')).toEqual(titles('free'));
    expect(titles('pro')).toEqual([...titles('free'), 'Boost Visibility']);
    expect(titles('pro_unlimited')).toContain('Boost Visibility');
  });

  it('counts only moves up the ladder as upgrades', () => {
    expect(isUpgrade('free', 'pro')).toBe(true);
    expect(isUpgrade('pro', 'basic')).toBe(false);
    expect(isUpgrade('pro', 'pro')).toBe(false);
    expect(isUpgrade(null, 'pro')).toBe(false);
    expect(isUpgrade('free', 'admin')).toBe(false);
  });
});

describe('OnboardingHost', () => {
  it('walks a new member through the tour and records the flag when skipped', async () => {
    const fetchMock = renderHost(base);
    expect(await screen.findByText('Welcome to TrendForge, viralcat!', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByText('Try Trending Styles')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('onboarding-next'));
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByText('Track Your Creations')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByRole('button', { name: /Start Creating/ })).toBeInTheDocument();
    expect(screen.queryByText('Boost Visibility')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('onboarding-skip'));
    await waitFor(() => expect(screen.queryByTestId('onboarding-dialog')).not.toBeInTheDocument());
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/onboarding'));
    expect([put?.[1]?.method, put?.[1]?.body]).toEqual(['PUT', JSON.stringify({ hasOnboarded: true })]);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('dashboard'));
  });

  it('moves on from the welcome by itself after 4 seconds', async () => {
    renderHost(base);
    await screen.findByText('Welcome to TrendForge, viralcat!', {}, { timeout: 5000 });
    expect(screen.queryByText('Try Trending Styles')).not.toBeInTheDocument();
    expect(await screen.findByText('Try Trending Styles', {}, { timeout: 6000 })).toBeInTheDocument();
  }, 10_000);

  it('celebrates a move up the ladder once the member has onboarded', async () => {
    rememberRole('u1', 'free');
    renderHost({ ...base, hasOnboarded: true, role: 'pro' });
    expect(await screen.findByText("You're now on Pro!", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('tf:last-role:u1')).toBe('pro');
  });

  it('stays quiet for an onboarded member whose plan did not move up', async () => {
    rememberRole('u1', 'pro');
    const fetchMock = renderHost({ ...base, hasOnboarded: true, role: 'basic' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('plan-upgrade-dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-dialog')).not.toBeInTheDocument();
  });
});
