import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, ImagePlus } from 'lucide-react';
import type { Image } from '@/lib/types';
import { useImages } from '@/features/images/use-images';
import { CreationsGrid, CreationsGridSkeleton } from '@/features/images/CreationsGrid';
import { Button } from '@/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/ui/tabs';

/** Spec part 1 sections 2 and 9: the recent gallery shows 8 at most. */
export const RECENT_LIMIT = 8;
const RECENT_DAYS = 7;

export const GALLERY_TABS = ['All', 'Recent', 'Favorites', 'Pixar', 'Ghibli'] as const;
export type GalleryTab = (typeof GALLERY_TABS)[number];

/** The images a tab shows, newest first: Recent is the last 7 days, Pixar and Ghibli are those trends. */
export function filterImages(images: Image[], tab: GalleryTab, now = Date.now()): Image[] {
  const newestFirst = [...images].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  switch (tab) {
    case 'Recent':
      return newestFirst.filter((image) => now - Date.parse(image.createdAt) <= RECENT_DAYS * 24 * 3600 * 1000);
    case 'Favorites':
      return newestFirst.filter((image) => image.isFavorite);
    case 'Pixar':
    case 'Ghibli':
      return newestFirst.filter((image) => image.trendId === tab.toLowerCase());
    default:
      return newestFirst;
  }
}

/** "Your Recent Creations": filter tabs, up to 8 cards, View All when there are more. */
export function RecentCreations() {
  const images = useImages();
  const [tab, setTab] = useState<GalleryTab>('All');
  const all = images.data ?? [];
  const shown = filterImages(all, tab);

  return (
    <section aria-labelledby="recent-heading" data-testid="recent-creations">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="recent-heading" className="text-xl font-semibold tracking-tight">Your Recent Creations</h2>
        {all.length > RECENT_LIMIT ? (
          <Button asChild variant="link" size="sm" className="px-0" data-testid="view-all">
            <Link to="/forge/history">
              View All
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
      {images.isLoading ? (
        <CreationsGridSkeleton count={4} />
      ) : images.isError ? (
        <p role="alert" className="rounded-2xl border border-rose-400/25 bg-rose-500/10 p-4 text-sm text-rose-200">
          We couldn't load your creations. Please try again later.
        </p>
      ) : all.length === 0 ? (
        <div data-testid="recent-empty" className="flex flex-col items-center rounded-2xl border border-dashed border-border-strong bg-surface/50 px-6 py-14 text-center">
          <ImagePlus className="mb-3 size-7 text-violet-300" aria-hidden />
          <p className="font-medium">You haven't generated any images yet</p>
          <Button asChild className="mt-5">
            <Link to="/forge">Generate My First Image</Link>
          </Button>
        </div>
      ) : (
        <>
          <Tabs value={tab} onValueChange={(value) => setTab(value as GalleryTab)}>
            <TabsList className="mb-5 flex w-full justify-start overflow-x-auto sm:w-fit" aria-label="Filter creations">
              {GALLERY_TABS.map((name) => (
                <TabsTrigger key={name} value={name} data-testid={`gallery-tab-${name.toLowerCase()}`}>{name}</TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          {shown.length ? (
            <CreationsGrid images={shown.slice(0, RECENT_LIMIT)} />
          ) : (
            <p className="rounded-2xl border border-dashed border-border-strong px-6 py-10 text-center text-sm text-muted" data-testid="recent-filter-empty">
              No creations here yet.
            </p>
          )}
        </>
      )}
    </section>
  );
}
