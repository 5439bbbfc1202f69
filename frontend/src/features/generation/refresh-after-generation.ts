import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { imageKeys } from '@/features/images/image-keys';

/**
 * What a finished generation makes stale: the member's credits and monthly usage either way (a
 * failed one is refunded), and the images list and gallery pages when it completed (it is a new
 * creation).
 */
export function refreshAfterGeneration(queryClient: QueryClient, status: 'completed' | 'failed'): void {
  if (status === 'completed') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.images });
    void queryClient.invalidateQueries({ predicate: ({ queryKey: [path] }) => typeof path === 'string' && path.startsWith(imageKeys.pages) });
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}
