import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Image } from '@/lib/types';
import { resetToasts, useToast } from '@/ui/toast-store';
import { downloadCreation, fallbackFilename, IOS_TOAST_MS, isIOS } from './download';
import { filenameFromDisposition } from './save-file';

const image: Image = {
  id: 'c1', prompt: 'a corgi astronaut', trendId: 'pixar', generatedImage: '/api/images/c1/file', thumbnail: '/t/c1',
  originalImage: null, caption: '', engine: 'studio', isFavorite: false, createdAt: '2026-01-01T00:00:00Z',
};
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

function lastToast() {
  return renderHook(() => useToast()).result.current.toasts[0];
}

/** Every anchor the download clicks: its href and download name. */
function captureClicks() {
  const clicks: Array<{ href: string; download: string }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download });
  });
  return clicks;
}

beforeEach(() => {
  resetToasts();
  URL.createObjectURL = vi.fn(() => 'blob:png-1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadCreation', () => {
  it('fetches the PNG and saves it under the name the server gives', async () => {
    const fetchMock = vi.fn(async () => new Response(new Blob(['png'], { type: 'image/png' }), {
      headers: { 'content-disposition': 'attachment; filename="TrendForge-pixar-2026-01-01T00-00-00Z.png"' },
    }));
    vi.stubGlobal('fetch', fetchMock);
    const clicks = captureClicks();

    await expect(downloadCreation(image, 'Pixar')).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/images/c1/download', { credentials: 'include' });
    expect(clicks).toEqual([{ href: 'blob:png-1', download: 'TrendForge-pixar-2026-01-01T00-00-00Z.png' }]);

    await downloadCreation(image, 'Pixar', { size: '4k' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/images/c1/download?size=4k', { credentials: 'include' });
  });

  it('names the file itself (product, style, timestamp, .png) when the server does not', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(new Blob(['png']))));
    const clicks = captureClicks();
    await downloadCreation(image, 'Doll Box');
    expect(clicks[0].download).toMatch(/^TrendForge-doll-box-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.png$/);
    expect(fallbackFilename('Ghibli', new Date('2026-03-04T05:06:07.890Z'))).toBe('TrendForge-ghibli-2026-03-04T05-06-07Z.png');
  });

  it('reads both forms of Content-Disposition', () => {
    expect(filenameFromDisposition(`attachment; filename="a.png"; filename*=UTF-8''Trend%C3%A9.png`)).toBe('Trendé.png');
    expect(filenameFromDisposition('attachment; filename=plain.png')).toBe('plain.png');
    expect(filenameFromDisposition(null)).toBeNull();
  });

  it('shows the spec error, and the server reason for a refused 4K', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 500 })));
    await expect(downloadCreation(image, 'Pixar')).resolves.toBe(false);
    expect(lastToast()).toMatchObject({
      title: 'Download failed',
      description: 'There was an error downloading your image. Try again or open in new tab.',
      variant: 'destructive',
    });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"4K downloads are available on the Basic plan and above"}', { status: 403 })));
    await downloadCreation(image, 'Pixar', { size: '4k' });
    expect(lastToast()).toMatchObject({ title: 'Download failed', description: '4K downloads are available on the Basic plan and above' });
  });

  it('on iOS opens the image in a new tab with a 5-second tap-and-hold hint', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);

    await expect(downloadCreation(image, 'Pixar')).resolves.toBe(true);
    expect(open).toHaveBeenCalledWith('/api/images/c1/file', '_blank', 'noopener');
    expect(fetchMock).not.toHaveBeenCalled();
    const hint = lastToast();
    expect(hint.duration).toBe(IOS_TOAST_MS);
    expect(IOS_TOAST_MS).toBe(5000);
    expect(String(hint.description)).toMatch(/Tap and hold.*"Add to Photos"/);
  });

  it('detects iPad, iPhone and iPod only', () => {
    expect(isIOS(IPHONE)).toBe(true);
    expect(isIOS('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe(true);
    expect(isIOS('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)')).toBe(true);
    expect(isIOS('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(false);
  });
});
