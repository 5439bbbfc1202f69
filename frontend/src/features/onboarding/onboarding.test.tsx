import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { User } from '@/lib/types';
import { AuthProvider } from '@/features/auth/auth-context';
import { OnboardingHost } from './OnboardingHost';
import { tourStepsFor } from './onboarding-steps';
import { isUpgrade, rememberRole } from './plan-ladder';
// The host's lazy chunks, loaded here with the test file: a lazy() then resolves at once instead of
// waiting for vite to transform the chunk, which on a busy machine took longer than the test may.
import '@/features/auth/auth-session';
import './OnboardingDialog';
import './PlanUpgradeDialog';
import { WELCOME_AUTO_ADVANCE_MS, WELCOME_FADE_MS } from './onboarding-steps';

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

/**
 * Lets everything that is due now run — promises, lazy chunks, the query client's zero-delay
 * notifications — with the fake clock standing still, until `done` holds. The tour's own timers
 * (the welcome's 4 s) fire only when a test moves the clock, never because the machine was slow.
 */
async function settle(done: () => boolean = () => true) {
  for (let round = 0; round < 100; round++) {
    await act(async () => {
      await vi.dynamicImportSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
    if (done()) return;
  }
  throw new Error(`settle: still waiting for ${done.toString()}`);
}
const shown = (text: string) => () => screen.queryByText(text) !== null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
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
    await settle(shown('Welcome to TrendForge, viralcat!'));
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByText('Try Trending Styles')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('onboarding-next'));
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByText('Track Your Creations')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('onboarding-next'));
    expect(screen.getByRole('button', { name: /Start Creating/ })).toBeInTheDocument();
    expect(screen.queryByText('Boost Visibility')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('onboarding-skip'));
    await settle(() => screen.queryByTestId('onboarding-dialog') === null);
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/users/onboarding'));
    expect([put?.[1]?.method, put?.[1]?.body]).toEqual(['PUT', JSON.stringify({ hasOnboarded: true })]);
    await settle(() => screen.getByTestId('where').textContent === 'dashboard');
    expect(screen.getByTestId('where')).toHaveTextContent('dashboard');
  });

  it('moves on from the welcome by itself after 4 seconds', async () => {
    renderHost(base);
    await settle(shown('Welcome to TrendForge, viralcat!'));
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_AUTO_ADVANCE_MS + WELCOME_FADE_MS - 1));
    expect(screen.getByText('Welcome to TrendForge, viralcat!')).toBeInTheDocument();
    expect(screen.queryByText('Try Trending Styles')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Try Trending Styles')).toBeInTheDocument();
  });

  it('celebrates a move up the ladder once the member has onboarded', async () => {
    rememberRole('u1', 'free');
    renderHost({ ...base, hasOnboarded: true, role: 'pro' });
    await settle(shown("You're now on Pro!"));
    expect(screen.getByText("You're now on Pro!")).toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('tf:last-role:u1')).toBe('pro');
  });

  it('stays quiet for an onboarded member whose plan did not move up', async () => {
    rememberRole('u1', 'pro');
    renderHost({ ...base, hasOnboarded: true, role: 'basic' });
    // The host has compared the plans once it remembers the new one; what that decided has rendered
    // (lazy chunk included) when everything due has run.
    await settle(() => localStorage.getItem('tf:last-role:u1') === 'basic');
    await settle();
    expect(screen.queryByTestId('plan-upgrade-dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('onboarding-dialog')).not.toBeInTheDocument();
  });
});
