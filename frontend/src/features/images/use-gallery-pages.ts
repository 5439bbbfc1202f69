import { useInfiniteQuery } from '@tanstack/react-query';
import type { ImagePageView } from '@trendforge/contracts';
import { send } from '@/lib/api';
import { useAuth } from '@/features/auth/auth-context';
import { galleryPagePath, nextPageLimit, nextPageParam, type GalleryFilters, type PageParam } from './gallery-query';
import { imageKeys } from './image-keys';

/** The gallery, newest first, a page at a time (keyset cursor), up to 100 per tab. */
export function useGalleryPages(filters: GalleryFilters) {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: [imageKeys.pages, filters],
    enabled: Boolean(user),
    initialPageParam: { cursor: null, loaded: 0 } as PageParam,
    queryFn: async ({ pageParam }) => {
      // The document does not name this path's query yet, so it is called untyped.
      const res = await send(galleryPagePath(filters, pageParam.cursor, nextPageLimit(pageParam.loaded)));
      return (await res.json()) as ImagePageView;
    },
    getNextPageParam: nextPageParam,
  });
  const images = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, images };
}
