import type { QueryClient } from '@tanstack/react-query';

/** Query keys are REST paths (the default query function GETs queryKey[0]). */
export const imageKeys = {
  list: ['/api/images'] as const,
  detail: (id: string) => [`/api/images/${encodeURIComponent(id)}`] as const,
  shareLink: (id: string) => [`/api/images/${encodeURIComponent(id)}/share-link`] as const,
  /** Prefix of every gallery page query; the filters follow it in the key. */
  pages: '/api/images/page',
};

/** After a save, favourite or delete, every cached view of the member's images is stale. */
export function invalidateImages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('/api/images'),
  });
}
