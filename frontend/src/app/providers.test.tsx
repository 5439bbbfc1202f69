import { act, render, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '@/features/auth/auth-context';
import { loadedQueryClient } from '@/lib/query-client-loader';
import { resetToasts, toast } from '@/ui/toast-store';
import { AppProviders } from './providers';

/** What Session showed, render after render. */
const shown: string[] = [];
function Session() {
  const { user, isLoading } = useAuth();
  const text = isLoading ? 'checking' : user ? `signed in as ${user.username}` : 'visitor';
  shown.push(text);
  return <p>{text}</p>;
}

function ReadsThroughQueries() {
  useQueryClient();
  return <p>queries ready</p>;
}

const renderAt = (path: string, page: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>{page}</AppProviders>
    </MemoryRouter>,
  );

// The loader is one per app: these tests run in order, the first before anything loaded it.
describe('AppProviders and the on-demand query client', () => {
  beforeEach(() => {
    document.cookie = 'tf_member=; path=/; max-age=0';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'tf_member=1; path=/'; // as the test setup leaves it
  });

  it('a visitor on the landing page gets no query client, and is signed out at once', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/', <Session />);
    expect(screen.getByText('visitor')).toBeInTheDocument();
    // Settled: every chunk the render started loading (the query client's would be one) has loaded.
    await act(() => vi.dynamicImportSettled());
    expect(loadedQueryClient()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page that reads through TanStack Query waits for the client, then has it', async () => {
    await act(async () => {
      renderAt('/waitlist', <ReadsThroughQueries />);
    });
    // The first load of the client's chunk (transformed on demand here) may take a while.
    expect(await screen.findByText('queries ready', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(loadedQueryClient()).not.toBeNull();
  }, 30_000);

  it('a browser that may be signed in gets its session from the client', async () => {
    document.cookie = 'tf_member=1; path=/';
    const member = { id: 'u1', username: 'ada', email: 'ada@example.com' };
    loadedQueryClient()!.clear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(member), { status: 200 })));
    shown.length = 0;
    await act(async () => {
      renderAt('/', <Session />);
    });
    expect(await screen.findByText('signed in as ada')).toBeInTheDocument();
    expect(shown[0]).toBe('checking');
  });

  it('mounts the toast viewport with the first toast, and shows it', async () => {
    renderAt('/', <Session />);
    expect(screen.queryByTestId('toast-viewport')).toBeNull();
    act(() => void toast({ title: 'Saved to your gallery' }));
    expect(await screen.findByText('Saved to your gallery', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('toast-viewport')).toBeInTheDocument();
    act(() => resetToasts());
  }, 30_000);
});
