import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/api';
import { api, data } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Role, Trend, User, VotingTrend } from '@/lib/types';
import type { StyleOptionsAnswer } from '@trendforge/contracts';
import { toast } from '@/ui/toast-store';

export const TRENDS_STALE_TIME = 60_000;

export const trendKeys = {
  favorites: ['/api/trends/favorites'] as const,
  voting: ['/api/trends/voting'] as const,
  styleOptions: (slug: string) => [`/api/trends/${encodeURIComponent(slug)}/style-options`] as const,
};

/** GET /api/trends: the catalogue. */
export function fetchTrends(): Promise<Trend[]> {
  return data(api.GET('/api/trends'));
}

/** GET /api/trends/voting: this week's Board. */
export function fetchVotingTrends(): Promise<VotingTrend[]> {
  return data(api.GET('/api/trends/voting'));
}

export function useTrends() {
  return useQuery<Trend[]>({ queryKey: queryKeys.trends, queryFn: fetchTrends, staleTime: TRENDS_STALE_TIME });
}

/** GET /api/trends/{slug}/style-options: cached 60 s, 2 retries 1 s apart (spec part 2 sections 7 and 9). */
export function useStyleOptions(slug: string | null | undefined) {
  return useQuery<StyleOptionsAnswer>({
    queryKey: trendKeys.styleOptions(slug ?? ''),
    queryFn: () => data(api.GET('/api/trends/{slug}/style-options', { params: { path: { slug: slug ?? '' } } })),
    enabled: Boolean(slug),
    staleTime: TRENDS_STALE_TIME,
    retry: 2,
    retryDelay: 1000,
  });
}

/**
 * Whether the personalization chooser shows for a trend: the trend's own flag when it carries
 * one, else its style options' answer; shown while that is unknown (loading or failed).
 */
export function personalizationSupported(trend: Trend | null, styleOptions: StyleOptionsAnswer | undefined): boolean {
  const own = (trend as (Trend & { personalizationSupported?: boolean }) | null)?.personalizationSupported;
  if (typeof own === 'boolean') return own;
  return styleOptions?.personalizationSupported ?? true;
}

/** Only pro and pro_unlimited save favourite trends (spec part 2 section 6). */
export const FAVORITE_ROLES: readonly Role[] = ['pro', 'pro_unlimited'];
export const canFavorite = (user: Pick<User, 'role'> | null | undefined) => Boolean(user && FAVORITE_ROLES.includes(user.role));

/** The favourite trends, fetched only for the roles that may have them. */
export function useFavoriteTrends(user: User | null) {
  return useQuery<Trend[]>({ queryKey: trendKeys.favorites, queryFn: () => data(api.GET('/api/trends/favorites')), enabled: canFavorite(user), staleTime: TRENDS_STALE_TIME });
}

/**
 * Adds or removes a favourite trend with the toasts of spec part 2 section 8, updating the list
 * at once and putting it back when the server refuses.
 */
export function useToggleFavorite(user: User | null) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async ({ trend, favorite }: { trend: Trend; favorite: boolean }) => {
      const init = { params: { path: { slug: trend.slug } } };
      await (favorite ? api.POST('/api/trends/{slug}/favorite', init) : api.DELETE('/api/trends/{slug}/favorite', init));
    },
    onMutate: async ({ trend, favorite }) => {
      await queryClient.cancelQueries({ queryKey: trendKeys.favorites });
      const previous = queryClient.getQueryData<Trend[]>(trendKeys.favorites);
      queryClient.setQueryData<Trend[]>(trendKeys.favorites, (list = []) =>
        favorite ? [...list.filter((t) => t.slug !== trend.slug), trend] : list.filter((t) => t.slug !== trend.slug));
      return { previous };
    },
    onError: (error, { favorite }, context) => {
      queryClient.setQueryData(trendKeys.favorites, context?.previous);
      if (isApiError(error, 403)) {
        toast({ title: 'Pro Feature', description: errorMessage(error, 'Upgrade to Pro to save favorite trends') });
      } else {
        toast({ title: favorite ? 'Failed to add to favorites' : 'Failed to remove from favorites', description: errorMessage(error, ''), variant: 'destructive' });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: trendKeys.favorites });
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });

  return (trend: Trend, favorite: boolean) => {
    if (!user) {
      toast({ title: 'Authentication Required', description: 'Please sign in to save favorites' });
      return;
    }
    if (!canFavorite(user)) {
      toast({ title: 'Pro Feature', description: 'Upgrade to Pro to save favorite trends' });
      return;
    }
    mutation.mutate({ trend, favorite });
  };
}

/** Spec part 2 section 5: on the Forge screen the cost is 3 for ghibli, else creditsRequired, else 1. */
export function forgeTrendCost(trend: Pick<Trend, 'slug' | 'creditsRequired'>): number {
  if (trend.slug === 'ghibli') return 3;
  return trend.creditsRequired || 1;
}

/** Premium trends are gated by credits; weekly trends are free. */
export function needsCredits(trend: Pick<Trend, 'premium' | 'isWeeklyTrend'>): boolean {
  return Boolean(trend.premium) && !trend.isWeeklyTrend;
}

/** Spec part 2 section 9: shown when creditsRequired > 0 and the trend is not weekly ("credit" at 1). */
export function creditBadge(trend: Pick<Trend, 'creditsRequired' | 'isWeeklyTrend'>): string | null {
  const n = trend.creditsRequired ?? 0;
  if (trend.isWeeklyTrend || n <= 0) return null;
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

export function trendImage(trend: Pick<Trend, 'slug' | 'previewImage' | 'image' | 'preview'>): string {
  return trend.previewImage || trend.preview || trend.image || `/images/previews/${trend.slug}.jpg`;
}

/** The real example shown when a card is hovered. */
export function trendExampleImage(trend: Pick<Trend, 'slug' | 'image'>): string {
  return trend.image || `/static/images/real-examples/${trend.slug}-example.jpg`;
}

export type { VotingTrend };
