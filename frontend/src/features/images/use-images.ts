import { useQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Image } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';

/** GET /api/images — only for a signed-in user, never refetched on focus. */
export function useImages() {
  const { user } = useAuth();
  return useQuery<Image[]>({
    queryKey: queryKeys.images,
    queryFn: () => data(api.GET('/api/images')),
    enabled: Boolean(user),
    refetchOnWindowFocus: false,
  });
}
