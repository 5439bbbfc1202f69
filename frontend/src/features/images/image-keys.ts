import type { QueryClient } from '@tanstack/react-query';

/** Query keys are the REST paths each query reads (its queryFn calls the typed client, lib/api-client). */
export const imageKeys = {
  list: ['/api/images'] as const,
  detail: (id: string) => [`/api/images/${encodeURIComponent(id)}`] as const,
  shareLink: (id: string) => [`/api/images/${encodeURIComponent(id)}/share-link`] as const,
  /** Prefix of every gallery page query; the filters follow it in the key. */
  pages: '/api/images/page',
};

/**
 * After a save, favourite or delete, every cached view of the member's images is stale; the public
 * share links are not (they change only through their own create/revoke), so they are not refetched.
 */
export function invalidateImages(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [path] }) => typeof path === 'string' && path.startsWith('/api/images') && !path.endsWith('/share-link'),
  });
}
