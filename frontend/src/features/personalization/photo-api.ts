import { PhotoMessages, type PhotoStatus, type PhotoView } from '@trendforge/contracts';
import { ApiError, errorMessage } from '@/lib/api';
import { PhotoUpdatedDocument, type PhotoFieldsFragment } from '@/graphql/generated/graphql';

export type { PhotoView };

/** The current state first, then each change; completes when the analysis is done or failed (photo.graphql). */
export const PHOTO_UPDATED = PhotoUpdatedDocument;

const isPhotoStatus = (status: string): status is PhotoStatus =>
  status === 'analyzing' || status === 'done' || status === 'failed';

/** A subscription update as a PhotoView (the schema types `status` as a String); null for a status we do not know. */
export function photoViewOf(update: PhotoFieldsFragment | null | undefined): PhotoView | null {
  if (!update || !isPhotoStatus(update.status)) return null;
  return { ...update, status: update.status };
}

const UPLOAD_FALLBACK = 'Please try again in a moment.';

/** The toast text for a refused upload: the server's message, or a plain reason. */
async function refusal(res: Response): Promise<string> {
  const error = await ApiError.from(res);
  if (res.status === 429) return 'Too many uploads. Please wait a few minutes and try again.';
  if (res.status === 401) return 'Please sign in to upload a photo.';
  if (res.status === 413 && !error.body) return PhotoMessages.tooLarge;
  return errorMessage(error, UPLOAD_FALLBACK);
}

/** POST /api/photos (multipart field `file`): the stored photo, usually still analyzing. */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<PhotoView> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/photos', { method: 'POST', body, credentials: 'include', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Photo upload failed', error);
    throw new Error('Network error. Please check your connection and try again.', { cause: error });
  }
  if (!res.ok) throw new Error(await refusal(res));
  const view = (await res.json().catch(() => null)) as PhotoView | null;
  if (!view?.id) throw new Error(UPLOAD_FALLBACK);
  return view;
}

/** GET /api/photos/:id: the REST fallback when the subscription cannot be used. */
export async function fetchPhoto(id: string, signal?: AbortSignal): Promise<PhotoView> {
  const res = await fetch(`/api/photos/${encodeURIComponent(id)}`, { credentials: 'include', signal });
  if (!res.ok) throw new Error(`${res.status}: ${await res.text().catch(() => '')}`);
  return (await res.json()) as PhotoView;
}
