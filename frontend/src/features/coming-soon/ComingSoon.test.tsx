import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { Repeat } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/auth-context';
import { createQueryClient } from '@/lib/queryClient';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/lib/types';
import { toast } from '@/ui/toast-store';
import { ComingSoon } from './ComingSoon';

vi.mock('@/ui/toast-store', async (original) => ({ ...(await original<typeof import('@/ui/toast-store')>()), toast: vi.fn() }));

const member: User = {
  id: 'u1', username: 'viralcat', email: 'cat@example.com', avatar: null, firstName: 'Cat', lastName: 'Meow', role: 'free',
  credits: 3, monthlyUsage: 0, emailNotifications: false, highQualityGeneration: true, hasOnboarded: true, favoriteTrends: [],
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(user: User, answer: (init?: RequestInit) => Response = (init) => json({ ...user, ...JSON.parse(String(init?.body)) })) {
  const puts: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/auth/me')) return json(user);
    if (url.endsWith('/api/users/settings') && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      return answer(init);
    }
    return json({}, 404);
  }));
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>
          <ComingSoon title="TrendLoop" tagline="Remix viral styles" description="Loops." icon={Repeat} features={['One', 'Two', 'Three']} />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { puts, client };
}

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('Get Notified When Ready', () => {
  it('turns on the member’s email notifications (the whole settings payload), says so, and the button reads as done', async () => {
    const { puts, client } = renderPage(member);
    await waitFor(() => expect(client.getQueryData(queryKeys.me)).toEqual(member));
    fireEvent.click(screen.getByRole('button', { name: 'Get Notified When Ready' }));
    expect(await screen.findByRole('button', { name: "You're on the list" })).toBeDisabled();
    expect(puts).toEqual([{ firstName: 'Cat', lastName: 'Meow', avatar: null, darkMode: true, emailNotifications: true, highQualityGeneration: true }]);
    expect(toast).toHaveBeenCalledWith({
      title: "You're on the list",
      description: "Email notifications are on: we'll tell you when TrendLoop is ready. You can turn them off in Settings.",
    });
    // The session the rest of the app reads (Settings' switch) has it on.
    expect(client.getQueryData<User>(queryKeys.me)?.emailNotifications).toBe(true);
  });

  it('with notifications already on, changes nothing and says the same', async () => {
    const { puts, client } = renderPage({ ...member, emailNotifications: true });
    await waitFor(() => expect(client.getQueryData(queryKeys.me)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Get Notified When Ready' }));
    expect(await screen.findByRole('button', { name: "You're on the list" })).toBeDisabled();
    expect(puts).toEqual([]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "You're on the list" }));
  });

  it('when the save fails, says so and the button can be pressed again', async () => {
    const { client } = renderPage(member, () => json({ message: 'Database unavailable' }, 503));
    await waitFor(() => expect(client.getQueryData(queryKeys.me)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Get Notified When Ready' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Could not turn on notifications', variant: 'destructive' })));
    expect(screen.getByRole('button', { name: 'Get Notified When Ready' })).toBeEnabled();
  });
});
