import { describe, expect, it } from 'vitest';
import { GALLERY_MAX, galleryPagePath, nextPageLimit, nextPageParam } from './gallery-query';

describe('galleryPagePath', () => {
  it('sends only the filters that are set', () => {
    expect(galleryPagePath({ tab: 'all', trendId: '', from: '', to: '' }, null)).toBe('/api/images/page?limit=24');
    expect(galleryPagePath({ tab: 'favorites', trendId: 'ghibli', from: '2026-01-01', to: '2026-01-31' }, 'abc=', 10)).toBe(
      '/api/images/page?limit=10&cursor=abc%3D&trendId=ghibli&favorites=true&from=2026-01-01&to=2026-01-31',
    );
  });
});

describe('nextPageLimit', () => {
  it('asks for full pages, then only what is left of the 100 a tab may hold', () => {
    expect(GALLERY_MAX).toBe(100);
    expect([0, 24, 72, 96, 99, 100].map(nextPageLimit)).toEqual([24, 24, 24, 4, 1, 0]);
  });
});

describe('nextPageParam', () => {
  const page = (n: number) => ({ items: Array.from({ length: n }), nextCursor: 'more' });
  it('follows the cursor until the tab holds 100 or the server has no more', () => {
    expect(nextPageParam(page(24), [page(24)])).toEqual({ cursor: 'more', loaded: 24 });
    expect(nextPageParam(page(4), [page(24), page(24), page(24), page(24), page(4)])).toBeUndefined();
    expect(nextPageParam({ items: [], nextCursor: null }, [page(3)])).toBeUndefined();
  });
});
