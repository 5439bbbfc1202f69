import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { createQueryClient } from '@/lib/queryClient';
import type { Image, Trend, User } from '@/lib/types';
import { CreationsGallery, EMPTY_TEXTS } from './CreationsGallery';

const image = (i: number): Image => ({
  id: `img-${i}`, prompt: `prompt ${i}`, trendId: 'pixar', generatedImage: `/r/${i}.png`, thumbnail: `/t/${i}.webp`,
  originalImage: null, caption: '', engine: 'studio', isFavorite: false, createdAt: '2026-01-01T00:00:00Z',
});
const trends = [{ slug: 'pixar', name: 'Pixar' }, { slug: 'ghibli', name: 'Ghibli' }] as Trend[];

/** Answers the gallery's calls: pages by cursor from `pages`, the trend list; records the page URLs. */
function serve(pages: Record<string, { items: Image[]; nextCursor: string | null }>) {
  const pageUrls: URL[] = [];
  let linked = false;
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/trends') return new Response(JSON.stringify(trends));
    if (url.pathname.endsWith('/share-link')) {
      const method = init?.method ?? 'GET';
      if (method === 'POST') linked = true;
      if (method === 'DELETE') linked = false;
      if (method === 'DELETE') return new Response('{"revoked":true}');
      return linked ? new Response('{"token":"tok","url":"/s/tok"}') : new Response('{"message":"Not found"}', { status: 404 });
    }
    if (url.pathname === '/api/images/page') {
      pageUrls.push(url);
      const page = pages[url.searchParams.get('cursor') ?? ''] ?? { items: [], nextCursor: null };
      return new Response(JSON.stringify(page));
    }
    return new Response('{"message":"unexpected"}', { status: 500 });
  }));
  return pageUrls;
}

function renderGallery(entry = '/forge/history') {
  const auth = { user: { id: 'u1', role: 'free' } as User, isLoading: false } as AuthContextValue;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter initialEntries={[entry]}>
          <CreationsGallery />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** Radix tabs activate on mouse down. */
function openTab(testId: string) {
  fireEvent.mouseDown(screen.getByTestId(testId), { button: 0 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CreationsGallery', () => {
  it('asks for the first page of all creations, newest first, with thumbnails in the grid', async () => {
    const urls = serve({ '': { items: [image(1), image(2)], nextCursor: null } });
    renderGallery();
    const cards = await screen.findAllByTestId('creation-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('creation-image')).toHaveAttribute('src', '/t/1.webp');
    expect(urls[0].search).toBe('?limit=24');
    expect(screen.queryByTestId('gallery-load-more')).not.toBeInTheDocument();
  });

  it('keeps a skeleton in each card\'s place while the card waits for its staggered fade-in', async () => {
    serve({ '': { items: [image(1), image(2)], nextCursor: null } });
    renderGallery();
    const cards = await screen.findAllByTestId('creation-card');
    for (const card of cards) {
      const skeleton = within(card).getByTestId('creation-card-skeleton');
      // The skeleton is not inside the delayed (opacity 0 until it starts) part of the card.
      expect(skeleton.closest('[style*="animation-delay"]')).toBeNull();
      expect(within(card).getByTestId('creation-image').closest('[style*="animation-delay"]')).not.toBeNull();
    }
  });

  it('builds the page query from the tab and the filters', async () => {
    const urls = serve({});
    renderGallery();
    await screen.findByTestId('gallery-empty');
    openTab('gallery-tab-favorites');
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('favorites')).toBe('true'));

    await screen.findByRole('option', { name: 'Ghibli' });
    fireEvent.change(screen.getByTestId('gallery-filter-trend'), { target: { value: 'ghibli' } });
    fireEvent.change(screen.getByTestId('gallery-filter-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('gallery-filter-to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(Object.fromEntries(urls.at(-1)!.searchParams)).toEqual({
      limit: '24', trendId: 'ghibli', favorites: 'true', from: '2026-01-01', to: '2026-01-31',
    }));

    openTab('gallery-tab-all');
    await waitFor(() => expect(Object.fromEntries(urls.at(-1)!.searchParams)).toEqual({
      limit: '24', trendId: 'ghibli', from: '2026-01-01', to: '2026-01-31',
    }));
    expect(screen.getByTestId('gallery-empty')).toHaveTextContent('No creations match these filters.');
  });

  it('says the all tab has nothing yet, and the favorites tab has no favorites yet', async () => {
    serve({});
    renderGallery();
    expect(await screen.findByTestId('gallery-empty')).toHaveTextContent(EMPTY_TEXTS.all);
    expect(EMPTY_TEXTS.all).toBe("You haven't created any trends yet.");
    openTab('gallery-tab-favorites');
    await waitFor(() => expect(screen.getByTestId('gallery-empty')).toHaveTextContent('No images have been added to favorites yet.'));
  });

  it('loads more by cursor until there is no next page', async () => {
    const batch = (from: number, n: number) => Array.from({ length: n }, (_, i) => image(from + i));
    const urls = serve({
      '': { items: batch(0, 24), nextCursor: 'c24' },
      c24: { items: batch(24, 3), nextCursor: null },
    });
    renderGallery();
    expect(await screen.findAllByTestId('creation-card')).toHaveLength(24);
    fireEvent.click(screen.getByTestId('gallery-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('creation-card')).toHaveLength(27));
    expect(urls.map((u) => [u.searchParams.get('cursor'), u.searchParams.get('limit')])).toEqual([[null, '24'], ['c24', '24']]);
    expect(screen.queryByTestId('gallery-load-more')).not.toBeInTheDocument();
  });

  it('downloads the selected creations as one archive', async () => {
    serve({ '': { items: [image(1), image(2), image(3)], nextCursor: null } });
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    renderGallery();
    await screen.findAllByTestId('creation-card');
    fireEvent.click(screen.getByTestId('gallery-select'));
    expect(screen.getByTestId('gallery-download-all')).toBeDisabled();
    const boxes = screen.getAllByTestId('creation-select');
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[2]);
    expect(screen.getByTestId('gallery-selected-count')).toHaveTextContent('2 selected');
    fireEvent.click(screen.getByTestId('gallery-download-all'));
    expect(clicks).toEqual(['/api/images/archive?ids=img-1,img-3']);
  });

  it('shares a card from its dialog: captions with the style hashtag, and a public link to create and revoke', async () => {
    serve({ '': { items: [image(1)], nextCursor: null } });
    renderGallery();
    fireEvent.click(await screen.findByTestId('creation-card-share'));
    const dialog = await screen.findByTestId('share-dialog');
    expect(await within(dialog).findByTestId('share-caption')).toHaveTextContent('#PixarStyle');

    fireEvent.click(await within(dialog).findByTestId('share-link-create'));
    expect(await within(dialog).findByTestId('share-link-url')).toHaveValue(`${window.location.origin}/s/tok`);
    fireEvent.click(within(dialog).getByTestId('share-link-revoke'));
    expect(await within(dialog).findByTestId('share-link-create')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('share-link-url')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses the filters", async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/images/page')
        ? new Response('{"message":"from must not be after to"}', { status: 400 })
        : new Response(JSON.stringify(trends))));
    renderGallery('/forge/history?from=2026-02-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('from must not be after to');
    expect(screen.getByTestId('gallery-filter-from')).toHaveValue('2026-02-01');
  });
});
