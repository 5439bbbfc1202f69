import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CheckSquare, Download, Heart, Images, Loader2, X } from 'lucide-react';
import { errorMessage, isApiError } from '@/lib/api';
import type { Image } from '@/lib/types';
import { Button } from '@/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/ui/tabs';
import { downloadArchive } from './archive';
import { CreationsGrid, CreationsGridSkeleton } from './CreationsGrid';
import { GalleryFilterBar } from './GalleryFilterBar';
import { GALLERY_MAX, hasFilters, type GalleryFilters, type GalleryTab } from './gallery-query';
import { useGalleryPages } from './use-gallery-pages';
import { useSelection } from './use-selection';

/** Spec part 2 section 2.4, worded as there. */
export const EMPTY_TEXTS: Record<GalleryTab, string> = {
  all: "You haven't created any trends yet.",
  favorites: 'No images have been added to favorites yet.',
};

/** The filters live in the address, so a filtered gallery can be reloaded and linked. */
function useGalleryFilters(): [GalleryFilters, (patch: Partial<GalleryFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters: GalleryFilters = {
    tab: params.get('tab') === 'favorites' ? 'favorites' : 'all',
    trendId: params.get('trend') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const update = (patch: Partial<GalleryFilters>) => {
    const next = { ...filters, ...patch };
    const entries = Object.entries({ tab: next.tab === 'favorites' ? 'favorites' : '', trend: next.trendId, from: next.from, to: next.to });
    setParams(new URLSearchParams(entries.filter(([, value]) => value)), { replace: true });
  };
  return [filters, update];
}

/** "Your Creations": All Creations and Favorites, filters, load more, and select → Download all. */
export function CreationsGallery() {
  const [filters, setFilters] = useGalleryFilters();
  const gallery = useGalleryPages(filters);
  const selection = useSelection();
  const [selecting, setSelecting] = useState(false);

  const change = (patch: Partial<GalleryFilters>) => {
    selection.clear();
    setFilters(patch);
  };

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs value={filters.tab} onValueChange={(tab) => change({ tab: tab as GalleryTab })}>
          <TabsList aria-label="Gallery">
            <TabsTrigger value="all" data-testid="gallery-tab-all">
              <Images className="size-4" aria-hidden />
              All Creations
            </TabsTrigger>
            <TabsTrigger value="favorites" data-testid="gallery-tab-favorites">
              <Heart className="size-4" aria-hidden />
              Favorites
            </TabsTrigger>
          </TabsList>
        </Tabs>
        <SelectionBar
          selecting={selecting}
          count={selection.selected.size}
          onStart={() => setSelecting(true)}
          onCancel={() => {
            setSelecting(false);
            selection.clear();
          }}
          onSelectAll={() => selection.selectAll(gallery.images.map((image) => image.id))}
          onDownload={() => downloadArchive([...selection.selected])}
          disabled={!gallery.images.length}
        />
      </div>

      <GalleryFilterBar filters={filters} onChange={change} />

      {gallery.isLoading ? (
        <CreationsGridSkeleton />
      ) : gallery.isError ? (
        <p role="alert" className="rounded-2xl border border-rose-400/25 bg-rose-500/10 p-4 text-sm text-rose-200">
          {/* A refused filter (400) says what is wrong with it; anything else gets the general text. */}
          {isApiError(gallery.error, 400)
            ? errorMessage(gallery.error, "We couldn't load your creations.")
            : "We couldn't load your creations. Please try again later."}
        </p>
      ) : gallery.images.length === 0 ? (
        <p data-testid="gallery-empty" className="rounded-2xl border border-dashed border-border-strong bg-surface/50 px-6 py-14 text-center text-muted">
          {hasFilters(filters) ? 'No creations match these filters.' : EMPTY_TEXTS[filters.tab]}
        </p>
      ) : (
        <>
          <CreationsGrid
            images={gallery.images}
            selection={selecting ? { selected: selection.selected, onToggle: (image: Image) => selection.toggle(image.id) } : undefined}
          />
          <LoadMore gallery={gallery} />
        </>
      )}
    </div>
  );
}

interface SelectionBarProps {
  selecting: boolean;
  count: number;
  disabled: boolean;
  onStart: () => void;
  onCancel: () => void;
  onSelectAll: () => void;
  onDownload: () => void;
}

function SelectionBar({ selecting, count, disabled, onStart, onCancel, onSelectAll, onDownload }: SelectionBarProps) {
  if (!selecting) {
    return (
      <Button variant="outline" size="sm" onClick={onStart} disabled={disabled} data-testid="gallery-select">
        <CheckSquare aria-hidden />
        Select
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Selection">
      <span className="text-sm text-muted" aria-live="polite" data-testid="gallery-selected-count">
        {count} selected
      </span>
      <Button variant="ghost" size="sm" onClick={onSelectAll}>
        Select all
      </Button>
      <Button size="sm" onClick={onDownload} disabled={count === 0} data-testid="gallery-download-all">
        <Download aria-hidden />
        Download all
      </Button>
      <Button variant="ghost" size="sm" onClick={onCancel} aria-label="Cancel selection">
        <X aria-hidden />
      </Button>
    </div>
  );
}

function LoadMore({ gallery }: { gallery: ReturnType<typeof useGalleryPages> }) {
  if (gallery.hasNextPage) {
    return (
      <Button
        variant="secondary"
        className="mx-auto"
        onClick={() => void gallery.fetchNextPage()}
        disabled={gallery.isFetchingNextPage}
        data-testid="gallery-load-more"
      >
        {gallery.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Load more
      </Button>
    );
  }
  const lastPage = gallery.data?.pages.at(-1);
  // The tab is full (100) while the server has older ones: say how to reach them.
  return gallery.images.length >= GALLERY_MAX && lastPage?.nextCursor ? (
    <p className="text-center text-sm text-muted">
      Showing your {GALLERY_MAX} most recent. Narrow the filters to see older creations.
    </p>
  ) : null;
}
