import { useInfiniteQuery } from '@tanstack/react-query';
import { api, data } from '@/lib/api-client';
import { useAuth } from '@/features/auth/auth-context';
import { galleryPageQuery, nextPageLimit, nextPageParam, type GalleryFilters, type PageParam } from './gallery-query';
import { imageKeys } from './image-keys';

/** The gallery, newest first, a page at a time (keyset cursor), up to 100 per tab. */
export function useGalleryPages(filters: GalleryFilters) {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: [imageKeys.pages, filters],
    enabled: Boolean(user),
    initialPageParam: { cursor: null, loaded: 0 } as PageParam,
    queryFn: ({ pageParam }) =>
      data(api.GET('/api/images/page', { params: { query: galleryPageQuery(filters, pageParam.cursor, nextPageLimit(pageParam.loaded)) } })),
    getNextPageParam: nextPageParam,
  });
  const images = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, images };
}
