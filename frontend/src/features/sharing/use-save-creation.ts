import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '@/lib/api-client';
import type { Image } from '@/lib/types';
import { invalidateImages } from '@/features/images/image-keys';
import { toast } from '@/ui/toast-store';

export type SaveInput = Pick<Image, 'id' | 'generatedImage' | 'trendId' | 'prompt'>;

/**
 * Save (spec part 2 section 8). Every completed generation is already a creation, so the server
 * answers a repeated save with the same creation: saving twice is harmless.
 */
export function useSaveCreation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, generatedImage, trendId, prompt }: SaveInput) => data(api.POST('/api/images', { body: { id, generatedImage, trendId, prompt } })),
    onSuccess: () => {
      toast({ title: 'Saved to gallery', description: 'Your creation has been saved successfully.' });
      void invalidateImages(queryClient);
    },
    onError: (error) => {
      console.error('Save failed', error);
      toast({ title: 'Save failed', description: 'There was an error saving your image.', variant: 'destructive' });
    },
  });
}
