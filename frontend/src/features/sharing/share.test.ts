import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@/lib/types';
import { resetToasts, useToast } from '@/ui/toast-store';
import { renderHook } from '@testing-library/react';
import { shareCreation, socialShareUrl } from './share';

const image: Image = {
  id: 'c1', prompt: 'a corgi astronaut', trendId: 'pixar', generatedImage: '/api/images/c1/file', thumbnail: '/t/c1',
  originalImage: null, caption: 'Space pup', engine: 'studio', isFavorite: false, createdAt: '2026-01-01T00:00:00Z',
};

function lastToast() {
  return renderHook(() => useToast()).result.current.toasts[0];
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  resetToasts();
  fetchMock = vi.fn(async () => new Response(JSON.stringify({ token: 'tok', url: '/s/tok' }), { status: 201 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shareCreation', () => {
  it('shares the public link with the style hashtag through the share sheet', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('shared');
    expect(fetchMock).toHaveBeenCalledWith('/api/images/c1/share-link', expect.objectContaining({ method: 'POST' }));
    expect(share).toHaveBeenCalledWith({ title: 'Pixar', text: 'Space pup #PixarStyle', url: `${window.location.origin}/s/tok` });
  });

  it('ignores a cancelled share sheet but reports other failures', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn(async () => { throw new DOMException('cancel', 'AbortError'); }) });
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('cancelled');
    expect(lastToast()).toBeUndefined();

    vi.stubGlobal('navigator', { ...navigator, share: vi.fn(async () => { throw new DOMException('boom', 'DataError'); }) });
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('failed');
    expect(lastToast()).toMatchObject({ title: 'Sharing failed', variant: 'destructive' });
  });

  it('opens a social share page without a share sheet, else copies to the clipboard', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: undefined });
    const socialPage = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(socialPage);
    await expect(shareCreation(image, 'Pixar', 'Look #PixarStyle')).resolves.toBe('opened');
    expect(open).toHaveBeenCalledWith(socialShareUrl('Look #PixarStyle', `${window.location.origin}/s/tok`), '_blank');
    expect(socialPage.opener).toBeNull();
    expect(decodeURIComponent(String(open.mock.calls[0][0]))).toContain('#PixarStyle');

    open.mockReturnValue(null);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(`Space pup #PixarStyle ${window.location.origin}/s/tok`);
  });

  it('copies the link and says "Link copied!" when it opens the social share page', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('opened');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/s/tok`);
    expect(lastToast()).toMatchObject({ title: 'Link copied!', description: 'Anyone with the link can view this image.' });
  });

  it('says "Copy failed" when the clipboard refuses, "Action failed" when no link can be made', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText: vi.fn(async () => { throw new Error('denied'); }) } });
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('failed');
    expect(lastToast()).toMatchObject({ title: 'Copy failed', description: 'Please try again' });

    fetchMock.mockResolvedValueOnce(new Response('{"message":"Image Not Found"}', { status: 404 }));
    await expect(shareCreation(image, 'Pixar')).resolves.toBe('failed');
    expect(lastToast()).toMatchObject({ title: 'Action failed', description: 'Image Not Found' });
  });
});
