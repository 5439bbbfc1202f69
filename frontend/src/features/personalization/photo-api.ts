import { PhotoMessages, type PhotoStatus, type PhotoView } from '@trendforge/contracts';
import { errorMessage, isApiError, type ApiError } from '@/lib/api';
import { api, data, formData } from '@/lib/api-client';
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
function refusal(error: ApiError): string {
  if (error.status === 429) return 'Too many uploads. Please wait a few minutes and try again.';
  if (error.status === 401) return 'Please sign in to upload a photo.';
  if (error.status === 413 && !error.body) return PhotoMessages.tooLarge;
  return errorMessage(error, UPLOAD_FALLBACK);
}

/** POST /api/photos (multipart field `file`): the stored photo, usually still analyzing. */
export async function uploadPhoto(file: File, signal?: AbortSignal): Promise<PhotoView> {
  let view: PhotoView | undefined;
  try {
    view = await data(api.POST('/api/photos', { body: { file }, bodySerializer: formData, signal }));
  } catch (error) {
    if (isApiError(error)) throw new Error(refusal(error), { cause: error });
    if (signal?.aborted) throw error;
    if (error instanceof SyntaxError) throw new Error(UPLOAD_FALLBACK, { cause: error });
    console.error('Photo upload failed', error);
    throw new Error('Network error. Please check your connection and try again.', { cause: error });
  }
  if (!view?.id) throw new Error(UPLOAD_FALLBACK);
  return view;
}

/** GET /api/photos/:id: the REST fallback when the subscription cannot be used. */
export function fetchPhoto(id: string, signal?: AbortSignal): Promise<PhotoView> {
  return data(api.GET('/api/photos/{id}', { params: { path: { id } }, signal }));
}
