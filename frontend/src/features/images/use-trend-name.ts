import { useTrends } from '@/features/trends/use-trends';

/** "ghibli" → "Ghibli" while the trend list is unknown. */
export function slugToName(slug: string): string {
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A creation's trend name for captions and hashtags. */
export function useTrendName(slug: string): string {
  const trends = useTrends();
  return trends.data?.find((t) => t.slug === slug)?.name ?? slugToName(slug);
}
