import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { createQueryClient } from '@/lib/queryClient';
import type { Image, Role, User } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import ForgeDetailPage from './ForgeDetailPage';

const image: Image = {
  id: 'c1',
  prompt: 'a corgi astronaut',
  trendId: 'anime',
  generatedImage: '/api/images/c1/file',
  thumbnail: '/api/images/c1/thumbnail',
  originalImage: '/api/images/c1/original',
  caption: 'Main character energy',
  engine: 'studio',
  isFavorite: false,
  createdAt: new Date().toISOString(),
};

type Handler = (method: string, path: string) => Response | undefined;

/**
 * The server as the detail screen sees it: the creation (favourite flips on POST), its share link
 * (none), the trend list; `override` answers first. Records every call as "METHOD path".
 */
function serve(initial: Image | null, override: Handler = () => undefined) {
  let current = initial;
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    calls.push(`${method} ${path}`);
    const answer = override(method, path);
    if (answer) return answer;
    if (path === '/api/trends') return new Response(JSON.stringify([{ slug: 'anime', name: 'Anime' }]));
    if (path === '/api/images/c1' && method === 'GET') {
      return current ? new Response(JSON.stringify(current)) : new Response('{"message":"Image Not Found"}', { status: 404 });
    }
    if (path === '/api/images/c1/favorite' && current) {
      current = { ...current, isFavorite: !current.isFavorite };
      return new Response(JSON.stringify(current));
    }
    if (path === '/api/images/c1' && method === 'DELETE') {
      current = null;
      return new Response('{"deleted":true}');
    }
    if (path === '/api/images/c1/share-link') return new Response('{"message":"Not found"}', { status: 404 });
    return new Response('{"message":"unexpected"}', { status: 500 });
  }));
  return calls;
}

function renderDetail(role: Role = 'free') {
  const auth = { user: { id: 'u1', role } as User, isLoading: false } as AuthContextValue;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={['/forge/detail/c1']}>
          <Routes>
            <Route path="/forge/detail/:id" element={<ForgeDetailPage />} />
            <Route path="/forge/history" element={<p>History page</p>} />
          </Routes>
        </MemoryRouter>
      </AuthContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ForgeDetailPage', () => {
  it('shows the image, the prompt used, the relative time and the original photo in a labelled block', async () => {
    serve(image);
    renderDetail();
    const block = await screen.findByTestId('original-photo');
    expect(block.tagName).toBe('FIGURE');
    expect(within(block).getByText('Original photo')).toBeInTheDocument();
    expect(within(block).getByRole('img', { name: 'Original photo' })).toHaveAttribute('src', '/api/images/c1/original');
    expect(within(block).getByRole('img', { name: 'Original photo' })).toHaveClass('object-cover');
    expect(screen.getByTestId('detail-image')).toHaveAttribute('src', '/api/images/c1/file');
    expect(screen.getByTestId('detail-prompt')).toHaveTextContent('a corgi astronaut');
    expect(screen.getByText(/^Created/)).toHaveTextContent(/Created (now|\d+ seconds? ago)/);
    expect(screen.getByRole('link', { name: 'Back to Your Creations' })).toHaveAttribute('href', '/forge/history');
    // The caption heads the page (it had no level-1 heading).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Main character energy');
  });

  it('leaves the block out when the creation had no photo, and names the page when it has no caption', async () => {
    serve({ ...image, originalImage: null, caption: '' });
    renderDetail();
    expect(await screen.findByTestId('detail-prompt')).toHaveTextContent('a corgi astronaut');
    expect(screen.queryByTestId('original-photo')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your creation' })).toHaveClass('sr-only');
  });

  it('shows "Image Not Found" with a link back to the gallery', async () => {
    serve(null);
    renderDetail();
    expect(await screen.findByText('Image Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Your Creations' })).toHaveAttribute('href', '/forge/history');
  });

  it('toggles the favourite, then shows the refreshed state and the success toast', async () => {
    const calls = serve(image);
    renderDetail();
    const heart = await screen.findByTestId('detail-favorite');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(await screen.findByText('Image favorite status updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('detail-favorite')).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toContain('POST /api/images/c1/favorite');
  });

  it('says when the favourite could not be updated', async () => {
    serve(image, (_method, path) => (path.endsWith('/favorite') ? new Response('', { status: 500 }) : undefined));
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-favorite'));
    expect(await screen.findByText('There was an error updating the favorite status.')).toBeInTheDocument();
    expect(screen.getByTestId('detail-favorite')).toHaveAttribute('aria-pressed', 'false');
  });

  it('deletes only after confirmation, then goes to /forge/history with the toast', async () => {
    const calls = serve(image);
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(calls).not.toContain('DELETE /api/images/c1');
    fireEvent.click(within(dialog).getByTestId('detail-delete-confirm'));
    expect(await screen.findByText('History page')).toBeInTheDocument();
    expect(screen.getByText('Image deleted successfully.')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/images/c1');
  });

  it('stays on the detail when deleting fails', async () => {
    serve(image, (method) => (method === 'DELETE' ? new Response('', { status: 500 }) : undefined));
    renderDetail();
    fireEvent.click(await screen.findByTestId('detail-delete'));
    fireEvent.click(await screen.findByTestId('detail-delete-confirm'));
    expect(await screen.findByText('There was an error deleting the image.')).toBeInTheDocument();
    expect(screen.queryByText('History page')).not.toBeInTheDocument();
  });

  it('shows the load-error state and tries again with a fresh read of the creation', async () => {
    const calls = serve(image);
    renderDetail();
    fireEvent.error(await screen.findByTestId('detail-image'));
    expect(screen.getByText("The image couldn't be loaded. It may have expired or been removed.")).toBeInTheDocument();
    const reads = calls.filter((c) => c === 'GET /api/images/c1').length;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('detail-image')).toHaveAttribute('src', '/api/images/c1/file');
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/images/c1').length).toBe(reads + 1));
    expect(screen.queryByTestId('detail-image-error')).not.toBeInTheDocument();
  });

  it('offers a free member the upgrade for 4K instead of the 4K download', async () => {
    serve(image);
    renderDetail('free');
    const upsell = await screen.findByTestId('detail-4k-upsell');
    expect(upsell).toHaveTextContent('4K downloads are available on the Basic plan and above.');
    expect(within(upsell).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/settings/subscription');
    expect(screen.queryByTestId('detail-download-4k')).not.toBeInTheDocument();
    expect(screen.getByTestId('detail-download')).toBeInTheDocument();
  });

  it('gives basic members the 4K download', async () => {
    const calls = serve(image, (_method, path) =>
      path.includes('/download') ? new Response(new Blob(['png']), { headers: { 'content-disposition': 'attachment; filename="x.png"' } }) : undefined);
    URL.createObjectURL = vi.fn(() => 'blob:4k');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderDetail('basic');
    fireEvent.click(await screen.findByTestId('detail-download-4k'));
    await waitFor(() => expect(calls).toContain('GET /api/images/c1/download?size=4k'));
    expect(screen.queryByTestId('detail-4k-upsell')).not.toBeInTheDocument();
  });
});
