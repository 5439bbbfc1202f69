import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { Image } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { CreationActions } from './CreationActions';

const image: Image = {
  id: 'c1', prompt: 'a corgi astronaut', trendId: 'pixar', generatedImage: '/api/images/c1/file', thumbnail: '/t/c1',
  originalImage: null, caption: 'Space pup', engine: 'studio', isFavorite: false, createdAt: '2026-01-01T00:00:00Z',
};

function renderActions(showSave?: boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreationActions image={image} trendName="Pixar" showSave={showSave} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe('CreationActions', () => {
  it('saves with {id, generatedImage, trendId, prompt} and says so', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(image), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderActions();
    fireEvent.click(screen.getByTestId('creation-save'));
    expect(await screen.findByText('Saved to gallery')).toBeInTheDocument();
    expect(screen.getByText('Your creation has been saved successfully.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/images');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'c1', generatedImage: '/api/images/c1/file', trendId: 'pixar', prompt: 'a corgi astronaut' });
  });

  it('says "Save failed" when the server refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"nope"}', { status: 500 })));
    renderActions();
    fireEvent.click(screen.getByTestId('creation-save'));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText('There was an error saving your image.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('creation-save')).not.toBeDisabled());
  });

  it('leaves Save out when asked, keeping Download and Share', () => {
    renderActions(false);
    expect(screen.queryByTestId('creation-save')).not.toBeInTheDocument();
    expect(screen.getByTestId('creation-download')).toHaveTextContent('Download');
    expect(screen.getByTestId('creation-share')).toHaveTextContent('Share');
  });
});
