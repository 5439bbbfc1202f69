import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import { imageKeys } from '@/features/images/image-keys';
import { toast } from '@/ui/toast-store';
import { createShareLink, type ShareLink } from './share';

/** GET /api/images/:id/share-link: the public link, or null when there is none (404). */
async function fetchShareLink(imageId: string): Promise<ShareLink | null> {
  try {
    return await data(api.GET('/api/images/{id}/share-link', { params: { path: { id: imageId } } }));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** The public share link of one creation: read, create (or get the existing one), revoke. */
export function useShareLink(imageId: string) {
  const queryClient = useQueryClient();
  const key = imageKeys.shareLink(imageId);
  const link = useQuery({ queryKey: key, queryFn: () => fetchShareLink(imageId) });
  const onError = (error: Error) =>
    toast({ title: 'Action failed', description: errorMessage(error, 'Please try again'), variant: 'destructive' });

  const create = useMutation({
    mutationFn: () => createShareLink(imageId),
    onSuccess: (created) => queryClient.setQueryData(key, created),
    onError,
  });
  const revoke = useMutation({
    mutationFn: async () => {
      await api.DELETE('/api/images/{id}/share-link', { params: { path: { id: imageId } } });
    },
    onSuccess: () => queryClient.setQueryData(key, null),
    onError,
  });
  return { link, create, revoke };
}
