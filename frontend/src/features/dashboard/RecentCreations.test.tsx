import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { Image, User } from '@/lib/types';
import { AuthProvider } from '@/features/auth/auth-context';
import { filterImages } from './RecentCreations';
import { WelcomeDashboard } from './WelcomeDashboard';

const user: User = {
  id: 'u1', username: 'viralcat', email: 'cat@example.com', avatar: null, firstName: 'Kit', lastName: '', role: 'free',
  credits: 3, monthlyUsage: 0, emailNotifications: true, highQualityGeneration: false, hasOnboarded: true, favoriteTrends: [],
};
const now = Date.parse('2026-11-21T12:00:00Z');
const image = (i: number, overrides: Partial<Image> = {}): Image => ({
  id: `img-${i}`, prompt: `prompt ${i}`, trendId: 'pixar', generatedImage: `/r/${i}`, thumbnail: `/t/${i}`, originalImage: null,
  caption: '', engine: 'studio', isFavorite: false, createdAt: new Date(now - i * 24 * 3600 * 1000).toISOString(), ...overrides,
});

function renderWelcome(images: Image[]) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
    new Response(JSON.stringify(String(input).endsWith('/api/images') ? images : user), { status: 200 })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter>
          <WelcomeDashboard user={user} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('filterImages', () => {
  const images = [image(1), image(10, { trendId: 'ghibli', isFavorite: true }), image(3, { trendId: 'barbie' })];
  it('filters by tab, newest first', () => {
    expect(filterImages(images, 'All', now).map((i) => i.id)).toEqual(['img-1', 'img-3', 'img-10']);
    expect(filterImages(images, 'Recent', now).map((i) => i.id)).toEqual(['img-1', 'img-3']);
    expect(filterImages(images, 'Favorites', now).map((i) => i.id)).toEqual(['img-10']);
    expect(filterImages(images, 'Pixar', now).map((i) => i.id)).toEqual(['img-1']);
    expect(filterImages(images, 'Ghibli', now).map((i) => i.id)).toEqual(['img-10']);
  });
});

describe('WelcomeDashboard', () => {
  it('greets the member with the four actions', async () => {
    renderWelcome([]);
    expect(screen.getByText('Welcome, Kit!')).toBeInTheDocument();
    expect(screen.getByText('Ready to create some amazing images?')).toBeInTheDocument();
    const links = ['Start Creating', 'Board', 'Weekly Trend', 'Manage Plan'].map((name) => screen.getByRole('link', { name }).getAttribute('href'));
    expect(links).toEqual(['/forge', '/board', '/forge', '/settings']);
    expect(await screen.findByText("You haven't generated any images yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Generate My First Image' })).toHaveAttribute('href', '/forge');
  });

  it('shows at most 8 with the tabs, and View All only when there are more', async () => {
    renderWelcome(Array.from({ length: 9 }, (_, i) => image(i)));
    const grid = await screen.findByTestId('creations-grid');
    expect(within(grid).getAllByTestId('creation-card')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/forge/history');
    expect(['All', 'Recent', 'Favorites', 'Pixar', 'Ghibli'].every((name) => screen.getByRole('tab', { name }))).toBe(true);
  });

  it('has no View All link with 8 or fewer', async () => {
    renderWelcome(Array.from({ length: 8 }, (_, i) => image(i)));
    await screen.findByTestId('creations-grid');
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });
});
