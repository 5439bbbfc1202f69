import { gql, type TypedDocumentNode } from '@apollo/client';
import { PhotoMessages, type PhotoView } from '@trendforge/contracts';
import { errorMessage } from '@/lib/api';

export type { PhotoView };

const PHOTO_FIELDS = gql`
  fragment PhotoFields on Photo {
    id
    url
    status
    traits
    faces
    note
    failureReason
    createdAt
  }
`;

/** The current state first, then each change; completes when the analysis is done or failed. */
export const PHOTO_UPDATED: TypedDocumentNode<{ photoUpdated: PhotoView }, { id: string }> = gql`
  subscription PhotoUpdated($id: ID!) {
    photoUpdated(id: $id) {
      ...PhotoFields
    }
  }
  ${PHOTO_FIELDS}
`;

const UPLOAD_FALLBACK = 'Please try again in a moment.';

/** The toast text for a refused upload: the server's message, or a plain reason. */
async function refusal(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  if (res.status === 429) return 'Too many uploads. Please wait a few minutes and try again.';
  if (res.status === 401) return 'Please sign in to upload a photo.';
  if (res.status === 413 && !text) return PhotoMessages.tooLarge;
  return errorMessage(new Error(`${res.status}: ${text}`), UPLOAD_FALLBACK);
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
    throw new Error('Network error. Please check your connection and try again.');
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
