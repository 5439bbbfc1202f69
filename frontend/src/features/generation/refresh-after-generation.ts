import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * What a finished generation makes stale: the member's credits and monthly usage either way (a
 * failed one is refunded), and the images list when it completed (it is a new creation).
 */
export function refreshAfterGeneration(queryClient: QueryClient, status: 'completed' | 'failed'): void {
  if (status === 'completed') void queryClient.invalidateQueries({ queryKey: queryKeys.images });
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}
