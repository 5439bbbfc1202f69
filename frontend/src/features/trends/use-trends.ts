import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/queryClient';
import type { Trend } from '@/lib/types';

export const TRENDS_STALE_TIME = 60_000;

export function useTrends() {
  return useQuery<Trend[]>({ queryKey: queryKeys.trends, staleTime: TRENDS_STALE_TIME });
}

/** Spec part2 s5: on the Forge screen the cost is 3 for ghibli, else creditsRequired, else 1. */
export function forgeTrendCost(trend: Pick<Trend, 'slug' | 'creditsRequired'>): number {
  if (trend.slug === 'ghibli') return 3;
  return trend.creditsRequired || 1;
}

/** Premium trends are gated by credits; weekly trends are free. */
export function needsCredits(trend: Pick<Trend, 'premium' | 'isWeeklyTrend'>): boolean {
  return Boolean(trend.premium) && !trend.isWeeklyTrend;
}

export function creditBadge(trend: Pick<Trend, 'creditsRequired' | 'isWeeklyTrend'>): string | null {
  const n = trend.creditsRequired ?? 0;
  if (trend.isWeeklyTrend || n <= 0) return null;
  return `${n} ${n === 1 ? 'credit' : 'credits'}`;
}

export function trendImage(trend: Pick<Trend, 'slug' | 'previewImage' | 'image' | 'preview'>): string {
  return trend.previewImage || trend.image || trend.preview || `/images/previews/${trend.slug}.jpg`;
}
