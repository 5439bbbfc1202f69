import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialogProvider } from '@/features/auth/auth-dialog-context';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { creditBadge, forgeTrendCost } from '@/features/trends/use-trends';
import { createQueryClient } from '@/lib/queryClient';
import type { Trend, User } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { SCROLL_STEP_PX, StyleSelect, visitorAction } from './StyleSelect';
import { trendBadges } from './trend-badges';

const trend = (slug: string, over: Partial<Trend> = {}): Trend => ({
  id: slug, slug, name: slug.toUpperCase(), description: `${slug} look`, prompt: '', promptTemplate: '{subject}', category: 'Free',
  isWeeklyTrend: false, premium: false, creditsRequired: 0, verified: false, available: true,
  preview: `/images/previews/${slug}.jpg`, previewImage: `/images/previews/${slug}.jpg`, image: `/static/images/real-examples/${slug}-example.jpg`,
  generations: 0, ...over,
});
const trends = [
  trend('pixar', { isWeeklyTrend: true, category: 'Trend of the Week' }),
  trend('ghibli', { premium: true, creditsRequired: 3, category: 'Premium' }),
  trend('barbie', { premium: true, creditsRequired: 1, category: 'Premium' }),
  trend('dreamcore', { available: false, category: 'Experimental' }),
];

function renderSelect(user: User | null, answer: (url: string, init?: RequestInit) => Response = () => new Response('[]')) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => answer(url, init)));
  const onSelect = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={{ user, isLoading: false } as AuthContextValue}>
        <MemoryRouter>
          <AuthDialogProvider>
            <StyleSelect trends={trends} isLoading={false} isError={false} onRetry={() => {}} selected={null} onSelect={onSelect} onContinue={() => {}} user={user} />
            <Toaster />
          </AuthDialogProvider>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return onSelect;
}

const member = (role: User['role']) => ({ id: 'u1', username: 'cat', role, credits: 3, favoriteTrends: [] }) as unknown as User;
const cards = () => screen.getAllByTestId('trend-card').map((c) => c.dataset.trendSlug);

describe('style select logic', () => {
  it('credit texts of section 9: singular at 1, none for weekly or free trends', () => {
    expect(creditBadge(trends[2])).toBe('1 credit');
    expect(creditBadge(trends[1])).toBe('3 credits');
    expect(creditBadge(trends[0])).toBeNull();
    expect(creditBadge({ creditsRequired: 2, isWeeklyTrend: true })).toBeNull();
    expect(forgeTrendCost({ slug: 'ghibli', creditsRequired: 0 })).toBe(3);
  });

  it('card badges: Trend of the Week, Coming Soon, the category and the credits', () => {
    expect(trendBadges(trends[0]).map((b) => b.label)).toEqual(['Trend of the Week']);
    expect(trendBadges(trends[3]).map((b) => b.label)).toEqual(['Coming Soon', 'Experimental']);
    expect(trendBadges(trends[1]).map((b) => b.label)).toEqual(['Premium', '3 credits']);
  });

  it('visitor actions: Sign In to Generate for premium styles, Sign In to Create otherwise', () => {
    expect(visitorAction(trends[1])).toBe('Sign In to Generate');
    expect(visitorAction(trends[0])).toBe('Sign In to Create');
    expect(SCROLL_STEP_PX).toBe(300);
  });
});

describe('StyleSelect', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('counts creations in the singular for one, and the scroller steps 300 px without snapping back to a card edge', () => {
    trends[0].generations = 1;
    try {
      renderSelect(null);
      expect(screen.getByText('1 creation')).toBeInTheDocument();
      expect(screen.queryByText('1 creations')).toBeNull();
      // Mandatory snapping stopped each 300 px step at the next card edge (276 px).
      expect(screen.getByTestId('trend-scroller').className).not.toMatch(/snap-mandatory/);
    } finally {
      trends[0].generations = 0;
    }
  });

  it('shows weekly trends by default; Show All and Show Featured toggle', () => {
    renderSelect(member('basic'));
    expect(cards()).toEqual(['pixar']);
    fireEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(cards()).toEqual(['pixar', 'ghibli', 'barbie', 'dreamcore']);
    fireEvent.click(screen.getByRole('button', { name: 'Show Featured' }));
    expect(cards()).toEqual(['pixar']);
  });

  it('a visitor sees sign-in actions and cannot pick a card; hovering loads the example image', () => {
    const onSelect = renderSelect(null);
    fireEvent.click(screen.getByRole('button', { name: 'Show All' }));
    expect(screen.getAllByTestId('visitor-action').map((b) => b.textContent)).toEqual(['Sign In to Create', 'Sign In to Generate', 'Sign In to Generate']);
    fireEvent.click(screen.getAllByTestId('trend-card-select')[1]);
    expect(onSelect).not.toHaveBeenCalled();
    const ghibli = screen.getAllByTestId('trend-card')[1];
    fireEvent.pointerEnter(ghibli);
    expect(within(ghibli).getByTestId('trend-hover-preview')).toHaveAttribute('src', '/static/images/real-examples/ghibli-example.jpg');
    expect(screen.queryAllByTestId('trend-favorite')).toEqual([]);
  });

  it('a free member tapping the heart gets the Pro Feature toast and nothing is sent', async () => {
    renderSelect(member('free'));
    fireEvent.click(screen.getAllByTestId('trend-favorite')[0]);
    expect(await screen.findByText('Pro Feature')).toBeInTheDocument();
    expect(screen.getByText('Upgrade to Pro to save favorite trends')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a pro member sees Your Favorites from the server and can add one', async () => {
    const saved = [trends[1]];
    const answer = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/trends/favorites') return new Response(JSON.stringify(saved));
      if (init?.method === 'POST') saved.push(trends[0]);
      return new Response('{}');
    });
    renderSelect(member('pro'), answer);
    expect(await screen.findByText('Your Favorites')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('trend-favorite')[0]);
    expect(await screen.findByRole('button', { name: 'Remove PIXAR from favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(answer).toHaveBeenCalledWith('/api/trends/pixar/favorite', expect.objectContaining({ method: 'POST' }));
  });
});
