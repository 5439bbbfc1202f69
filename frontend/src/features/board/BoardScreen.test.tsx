import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { createQueryClient } from '@/lib/queryClient';
import type { User, VotingTrend } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { BoardScreen } from './BoardScreen';

const user = { id: 'u1', username: 'viralcat', role: 'free', credits: 3, favoriteTrends: [] } as unknown as User;
const board: VotingTrend[] = [
  { slug: 'pixar', name: 'Pixar', description: 'Glossy 3D', category: 'Trend of the Week', votes: 2, voted: false, createdAt: '2025-09-01T09:00:00Z' },
  { slug: 'clay', name: 'Claymation', description: '', category: 'New', votes: 5, voted: true, createdAt: '2025-11-03T09:00:00Z' },
];

function renderBoard(answer: (url: string, init?: RequestInit) => Response, signedIn: User | null = user) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => answer(input, init));
  vi.stubGlobal('fetch', fetchMock);
  const auth = { user: signedIn, isLoading: false } as AuthContextValue;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <BoardScreen />
          <Toaster />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const counts = () => screen.getAllByTestId('board-row').map((r) => [r.dataset.trendSlug, r.querySelector('[data-testid=vote-count]')!.textContent]);

describe('BoardScreen', () => {
  beforeEach(() => resetToasts());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows most voted first with badges, then newest first', async () => {
    renderBoard(() => json(board));
    await screen.findAllByTestId('board-row');
    expect(counts()).toEqual([['clay', '5'], ['pixar', '2']]);
    expect(screen.getAllByTestId('board-badge').map((b) => b.textContent)).toEqual(['New', '⭐️ Weekly']);
    expect(screen.getByText('Vote For Your Favorite Trends')).toBeInTheDocument();
  });

  it('a vote shows at once, then the server count and the Vote added toast', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const fetchMock = renderBoard((_url, init) => {
      if (init?.method === 'POST') return gate.then(() => json({ ...board[0], votes: 3, voted: true })) as unknown as Response;
      return json(board);
    });
    await screen.findAllByTestId('board-row');
    fireEvent.click(screen.getAllByTestId('vote-button')[1]);
    await waitFor(() => expect(counts()).toEqual([['clay', '5'], ['pixar', '3']]));
    expect(screen.getAllByTestId('vote-button')[1]).toHaveAttribute('aria-pressed', 'true');
    await act(async () => release());
    expect(await screen.findByText('Vote added')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/trends/pixar/vote', expect.objectContaining({ method: 'POST' }));
  });

  it('a refused unvote rolls back and says Vote failed', async () => {
    renderBoard((_url, init) => (init?.method === 'DELETE' ? json({ statusCode: 503, message: 'trends service did not answer in time' }, 503) : json(board)));
    await screen.findAllByTestId('board-row');
    fireEvent.click(screen.getAllByTestId('vote-button')[0]);
    expect(await screen.findByText('Vote failed')).toBeInTheDocument();
    expect(screen.getByText('trends service did not answer in time')).toBeInTheDocument();
    expect(counts()).toEqual([['clay', '5'], ['pixar', '2']]);
    expect(screen.getAllByTestId('vote-button')[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('a visitor is asked to sign in; an empty board says so', async () => {
    const fetchMock = renderBoard(() => json([]), null);
    expect(await screen.findByText('No trends available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new trends to vote on!')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
