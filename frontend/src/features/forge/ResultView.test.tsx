import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { Trend } from '@/lib/types';
import { ResultView } from './ResultView';

const trend = { slug: 'pixar', name: 'Pixar' } as Trend;
const result = { id: 'g1', generatedImage: '/media/g1.png', caption: null, engine: 'studio', prompt: 'a corgi astronaut' };
const noop = () => undefined;

afterEach(() => vi.unstubAllGlobals());

describe('ResultView', () => {
  it('saves the generation as the creation with the same id, and leads to the wizard', async () => {
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ResultView trend={trend} result={result} onCreateAnother={noop} onRetry={noop} onAdjust={noop} onDifferentStyle={noop} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('creation-download')).toBeInTheDocument();
    expect(screen.getByTestId('creation-share')).toBeInTheDocument();
    expect(screen.getByTestId('share-panel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Mojo-Style' })).toHaveAttribute('href', '/forge/mojo');

    fireEvent.click(screen.getByTestId('creation-save'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/images');
    expect(JSON.parse(String(init.body))).toEqual({ id: 'g1', generatedImage: '/media/g1.png', trendId: 'pixar', prompt: 'a corgi astronaut' });
  });
});
