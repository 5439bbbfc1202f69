import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data } from '@/lib/api-client';
import type { Image } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { toast } from '@/ui/toast-store';
import { imageKeys, invalidateImages } from './image-keys';

/** GET /api/images/:id, only with a user (spec part 2 section 6). */
export function useImageDetail(id: string) {
  const { user } = useAuth();
  return useQuery<Image>({
    queryKey: imageKeys.detail(id),
    queryFn: () => data(api.GET('/api/images/{id}', { params: { path: { id } } })),
    enabled: Boolean(user && id),
  });
}

/** POST /api/images/:id/favorite flips isFavorite; then the detail and the lists refresh. */
export function useToggleImageFavorite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.POST('/api/images/{id}/favorite', { params: { path: { id } } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Image favorite status updated successfully.' });
      void invalidateImages(queryClient);
    },
    onError: () => {
      toast({ title: 'Error', description: 'There was an error updating the favorite status.', variant: 'destructive' });
    },
  });
}

/** DELETE /api/images/:id; then the lists refresh and the caller navigates away. */
export function useDeleteImage(id: string, onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.DELETE('/api/images/{id}', { params: { path: { id } } }),
    onSuccess: () => {
      toast({ title: 'Success', description: 'Image deleted successfully.' });
      queryClient.removeQueries({ queryKey: imageKeys.detail(id) });
      void invalidateImages(queryClient);
      onDeleted();
    },
    onError: () => {
      toast({ title: 'Error', description: 'There was an error deleting the image.', variant: 'destructive' });
    },
  });
}
