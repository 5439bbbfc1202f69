import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/queryClient';
import type { Image } from '@/lib/types';
import { Toaster } from '@/ui/toast';
import { resetToasts } from '@/ui/toast-store';
import { CAPTION_TOAST_MS, COPIED_RESET_MS, SharePanel } from './SharePanel';

const image: Image = {
  id: 'c1', prompt: 'a corgi astronaut', trendId: 'pixar', generatedImage: '/api/images/c1/file', thumbnail: '/t/c1',
  originalImage: null, caption: 'Space pup', engine: 'studio', isFavorite: false, createdAt: '2026-01-01T00:00:00Z',
};

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SharePanel image={image} trendName="Pixar" />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetToasts());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SharePanel', () => {
  it('expands and collapses', () => {
    renderPanel();
    const toggle = screen.getByTestId('share-panel-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('share-caption')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('share-caption')).toBeInTheDocument();
    fireEvent.click(toggle);
    expect(screen.queryByTestId('share-caption')).not.toBeInTheDocument();
  });

  it('switches between caption styles 1 to 4, each with the style hashtag', () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('share-panel-toggle'));
    const captions = [1, 2, 3, 4].map((n) => {
      fireEvent.click(screen.getByTestId(`caption-style-${n}`));
      expect(screen.getByTestId(`caption-style-${n}`)).toHaveAttribute('aria-checked', 'true');
      return screen.getByTestId('share-caption').textContent ?? '';
    });
    expect(captions.every((c) => c.includes('#PixarStyle'))).toBe(true);
    expect(new Set(captions).size).toBe(4);
    expect(screen.queryByTestId('caption-style-5')).not.toBeInTheDocument();
  });

  it('toggles the like, moving the placeholder count by one', () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('share-panel-toggle'));
    const like = screen.getByTestId('share-like');
    const before = Number(like.textContent);
    fireEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(Number(like.textContent)).toBe(before + 1);
    fireEvent.click(like);
    expect(Number(like.textContent)).toBe(before);
  });

  it('copies the caption: "Caption copied!" for 3 s, the copied flag resets after 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel();
    fireEvent.click(screen.getByTestId('share-panel-toggle'));
    const copy = screen.getByTestId('copy-caption');

    await act(async () => {
      fireEvent.click(copy);
    });
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('#PixarStyle'));
    expect(copy).toHaveAttribute('data-copied', 'true');
    expect(screen.getByText('Caption copied!')).toBeInTheDocument();
    expect(CAPTION_TOAST_MS).toBe(3000);

    act(() => vi.advanceTimersByTime(COPIED_RESET_MS - 1));
    expect(copy).toHaveAttribute('data-copied', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(copy).toHaveAttribute('data-copied', 'false');
  });

  it('says "Share failed" when the caption cannot be copied', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => { throw new Error('denied'); }) } });
    renderPanel();
    fireEvent.click(screen.getByTestId('share-panel-toggle'));
    fireEvent.click(screen.getByTestId('copy-caption'));
    expect(await screen.findByText('Share failed')).toBeInTheDocument();
    expect(screen.getByTestId('copy-caption')).toHaveAttribute('data-copied', 'false');
  });
});
