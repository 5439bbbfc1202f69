import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '@/features/auth/auth-context';
import type { User } from '@/lib/types';
import { member } from '@/test/render-app';
import AdminPage from './AdminPage';

function renderAs(user: User | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AuthContext.Provider value={{ user, isLoading: false }}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin']}>
          <AdminPage />
        </MemoryRouter>
      </QueryClientProvider>
    </AuthContext.Provider>,
  );
}

describe('AdminPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([['a visitor', null], ['a member', member]])('shows %s the not-found page', (_who, user) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderAs(user);
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByTestId('admin-screen')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows an admin the screen and the queue dashboard link', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
    renderAs({ ...member, role: 'admin' } as User);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('admin-queues-link')).toHaveAttribute('href', '/api/admin/queues');
    expect(await screen.findByText('No election has been decided yet.')).toBeInTheDocument();
  });

  it('searches members and lists failed generations with their reasons and refunds', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = vi.fn(async (url: string) => {
      if (url.startsWith('/api/admin/members?q=')) return json([{ id: 'u1', username: 'jane', email: 'jane@example.com', role: 'pro', credits: 12 }]);
      if (url === '/api/admin/generations/failed') {
        return json([{ id: 'g1', userId: 'u1', trendSlug: 'pixar', failureReason: 'engine timed out', refundedAt: '2026-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' }]);
      }
      return json([]);
    });
    vi.stubGlobal('fetch', fetch);
    renderAs({ ...member, role: 'admin' } as User);
    expect(await screen.findByText('engine timed out')).toBeInTheDocument();
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'JANE@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('jane@example.com')).toBeInTheDocument();
    expect(screen.getByText('12 credits')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/admin/members?q=JANE%40', expect.anything());
  });

  it('changes a plan without sending the balance it showed, so the plan brings its monthly credits', async () => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const jane = { id: 'u1', username: 'jane', email: 'jane@example.com', role: 'free', credits: 6 };
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.startsWith('/api/admin/members?q=')) return json([jane]);
      if (url === '/api/admin/members/u1') return json(jane);
      if (url === '/api/admin/members/u1/plan') return json({ ...jane, role: 'pro', credits: 106 });
      return json([]);
    });
    vi.stubGlobal('fetch', fetch);
    renderAs({ ...member, role: 'admin' } as User);
    fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'jane' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Open / }));
    fireEvent.change(await screen.findByLabelText('Plan'), { target: { value: 'pro' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'launch gift' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save plan' }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/admin/members/u1/plan', expect.anything()));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/admin/members/u1/plan')!;
    expect(JSON.parse(String(init!.body))).toEqual({ role: 'pro', reason: 'launch gift' });
  });
});
