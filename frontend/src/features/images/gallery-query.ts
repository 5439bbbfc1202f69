import { DefaultPageLimit } from '@trendforge/contracts';
import type { paths } from '@/lib/api-schema';
import { imageKeys } from './image-keys';

/** Spec part 2 section 9: each gallery tab lists up to 100 creations. */
export const GALLERY_MAX = 100;
export const GALLERY_PAGE_SIZE = DefaultPageLimit;

export type GalleryTab = 'all' | 'favorites';

export interface GalleryFilters {
  tab: GalleryTab;
  /** A trend slug, or '' for every trend. */
  trendId: string;
  /** Inclusive days, YYYY-MM-DD, or ''. */
  from: string;
  to: string;
}

export function hasFilters(filters: GalleryFilters): boolean {
  return Boolean(filters.trendId || filters.from || filters.to);
}

type PageQuery = NonNullable<paths['/api/images/page']['get']['parameters']['query']>;

/** The query of GET /api/images/page for the tab and filters; empty ones are left out. */
export function galleryPageQuery(filters: GalleryFilters, cursor: string | null, limit = GALLERY_PAGE_SIZE): PageQuery {
  const query: PageQuery = { limit: String(limit) };
  if (cursor) query.cursor = cursor;
  if (filters.trendId) query.trendId = filters.trendId;
  if (filters.tab === 'favorites') query.favorites = 'true';
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  return query;
}

/** GET /api/images/page with the tab's and filters' parameters. */
export function galleryPagePath(filters: GalleryFilters, cursor: string | null, limit = GALLERY_PAGE_SIZE): string {
  return `${imageKeys.pages}?${new URLSearchParams(galleryPageQuery(filters, cursor, limit)).toString()}`;
}

/** How many to ask for next so that a tab never holds more than 100. */
export function nextPageLimit(loaded: number): number {
  return Math.max(0, Math.min(GALLERY_PAGE_SIZE, GALLERY_MAX - loaded));
}

export interface PageParam {
  cursor: string | null;
  /** How many the tab holds before this page. */
  loaded: number;
}

/** The next page's cursor while the server has more and the tab holds fewer than 100. */
interface Page {
  items: unknown[];
  nextCursor: string | null;
}

export function nextPageParam(last: Page, pages: Page[]): PageParam | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.nextCursor && nextPageLimit(loaded) > 0 ? { cursor: last.nextCursor, loaded } : undefined;
}
