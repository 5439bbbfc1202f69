import { errorMessage } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import type { ShareLinkView } from '@trendforge/contracts';
import type { Image } from '@/lib/types';
import { toast } from '@/ui/toast-store';
import { shareText } from './share-text';

export type ShareOutcome = 'shared' | 'opened' | 'copied' | 'cancelled' | 'failed';

/** {token, url}; the url is an absolute path, /s/<token>. */
export type ShareLink = ShareLinkView;

/** POST /api/images/:id/share-link creates the public link, or returns the one that exists. */
export function createShareLink(imageId: string): Promise<ShareLink> {
  return data(api.POST('/api/images/{id}/share-link', { params: { path: { id: imageId } } }));
}

export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The social share page used where the device has no share sheet. */
export function socialShareUrl(text: string, url: string): string {
  const params = new URLSearchParams({ text, url });
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Errors that mean "this browser won't share from here", not "the share failed". */
function isUnavailable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'NotAllowedError');
}

/** The feedback wherever a creation's public link is copied. */
export const LINK_COPIED = { title: 'Link copied!', description: 'Anyone with the link can view this image.' } as const;

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * Shares a creation through its public link (spec part 2 section 7): the device share sheet, else a
 * social share page, else the clipboard. The text carries the style hashtag. A cancelled share
 * sheet is not an error.
 */
export async function shareCreation(image: Image, trendName: string, caption?: string): Promise<ShareOutcome> {
  const text = shareText(trendName, caption ?? image.caption);
  let url: string;
  try {
    url = absoluteUrl((await createShareLink(image.id)).url);
  } catch (error) {
    toast({ title: 'Action failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' });
    return 'failed';
  }

  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: trendName, text, url });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      if (!isUnavailable(error)) {
        toast({ title: 'Sharing failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' });
        return 'failed';
      }
    }
  }

  // The link goes to the clipboard before the social tab opens (a page that lost focus may not
  // write it), so the member is told something happened and can paste it anywhere.
  const linkCopied = await copyText(url).then(() => true, () => false);
  // Opened without the "noopener" feature because with it window.open always answers null, even
  // when the page opened; the opener is cut right after instead.
  const socialPage = window.open(socialShareUrl(text, url), '_blank');
  if (socialPage) {
    socialPage.opener = null;
    if (linkCopied) toast(LINK_COPIED);
    return 'opened';
  }

  try {
    await copyText(`${text} ${url}`);
    toast({ title: 'Copied to clipboard!', description: 'Paste it anywhere to share your creation.' });
    return 'copied';
  } catch {
    toast({ title: 'Copy failed', description: 'Please try again', variant: 'destructive' });
    return 'failed';
  }
}
