import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Trend } from '@/lib/types';
import { TRENDS_STALE_TIME } from '@/features/trends/use-trends';

const creatorTrendKey = (slug: string) => [`/api/trends/slug/${encodeURIComponent(slug)}`] as const;

/**
 * GET /api/trends/slug/{slug}: the trend, or null when there is none (404). Starts from the
 * trends list when it is cached, so coming from the Forge screen shows the page at once.
 */
export function useCreatorTrend(slug: string) {
  const queryClient = useQueryClient();
  return useQuery<Trend | null>({
    queryKey: creatorTrendKey(slug),
    queryFn: async () => {
      try {
        return await data(api.GET('/api/trends/slug/{slug}', { params: { path: { slug } } }));
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
    initialData: () => queryClient.getQueryData<Trend[]>(queryKeys.trends)?.find((t) => t.slug === slug),
    initialDataUpdatedAt: () => queryClient.getQueryState(queryKeys.trends)?.dataUpdatedAt,
    staleTime: TRENDS_STALE_TIME,
  });
}
