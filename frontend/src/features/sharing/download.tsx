import { errorMessage, isApiError } from '@/lib/api';
import { api } from '@/lib/api-client';
import type { Image } from '@/lib/types';
import { toast, ToastAction } from '@/ui/toast';
import { filenameFromDisposition, saveBlob } from './save-file';
import { PRODUCT_NAME } from './share-text';

export interface DownloadOptions {
  /** 3840 px PNG, for basic and above. */
  size?: '4k';
}

/** The toast on iOS, where a page cannot save into Photos: it stays 5 s. */
export const IOS_TOAST_MS = 5000;

/** iPad, iPhone and iPod browsers cannot save a download into Photos (spec part 2 section 8). */
export function isIOS(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /iPad|iPhone|iPod/.test(userAgent);
}

export function downloadUrl(image: Pick<Image, 'id'>, options: DownloadOptions = {}): string {
  const base = `/api/images/${encodeURIComponent(image.id)}/download`;
  return options.size === '4k' ? `${base}?size=4k` : base;
}

/** Used only when the server names no file: product, style and a timestamp. */
export function fallbackFilename(trendName: string, now = new Date()): string {
  const style = trendName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'creation';
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');
  return `${PRODUCT_NAME}-${style}-${stamp}.png`;
}

/**
 * Downloads a creation as a PNG file. The server names the attachment; the bytes are fetched as a
 * blob and saved through an anchor. On iOS the image opens in a new tab instead, with a hint.
 * Resolves to whether a file was saved (or opened).
 */
export async function downloadCreation(image: Image, trendName: string, options: DownloadOptions = {}): Promise<boolean> {
  const url = downloadUrl(image, options);
  if (isIOS()) {
    // Opened synchronously from the click, or Safari blocks the new tab.
    window.open(options.size === '4k' ? url : image.generatedImage, '_blank', 'noopener');
    toast({
      title: 'Save to your Photos',
      description: 'Tap and hold the image, then choose "Add to Photos".',
      duration: IOS_TOAST_MS,
    });
    return true;
  }
  try {
    const query = options.size === '4k' ? { size: '4k' as const } : {};
    const { data: blob, response } = await api.GET('/api/images/{id}/download', { params: { path: { id: image.id }, query }, parseAs: 'blob' });
    saveBlob(blob ?? new Blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackFilename(trendName));
    return true;
  } catch (error) {
    console.error('Download failed', error);
    const refused = isApiError(error, 403);
    toast({
      title: 'Download failed',
      description: refused
        ? errorMessage(error, 'There was an error downloading your image. Try again or open in new tab.')
        : 'There was an error downloading your image. Try again or open in new tab.',
      variant: 'destructive',
      action: refused ? undefined : (
        <ToastAction altText="Open in new tab" onClick={() => window.open(image.generatedImage, '_blank', 'noopener')}>
          Open in new tab
        </ToastAction>
      ),
    });
    return false;
  }
}
