import { DefaultPageLimit } from '@trendforge/contracts';
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

/** GET /api/images/page with the tab's and filters' parameters; empty ones are left out. */
export function galleryPagePath(filters: GalleryFilters, cursor: string | null, limit = GALLERY_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  if (filters.trendId) params.set('trendId', filters.trendId);
  if (filters.tab === 'favorites') params.set('favorites', 'true');
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return `${imageKeys.pages}?${params.toString()}`;
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
