import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ImagePlus, Sparkles } from 'lucide-react';
import type { Image } from '@/lib/types';
import { Button } from '@/ui/button';
import { CreationCard } from './CreationCard';
import { CreationShareDialog } from './CreationShareDialog';
import { useImages } from './use-images';

export function CreationsGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="aspect-square animate-pulse rounded-2xl border border-border bg-surface-2" />
      ))}
    </ul>
  );
}

export function CreationsEmptyState() {
  return (
    <div
      data-testid="creations-empty"
      className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-border-strong bg-surface/50 px-6 py-16 text-center"
    >
      <span className="mb-4 inline-flex size-14 items-center justify-center rounded-2xl bg-violet-500/10 ring-1 ring-violet-400/25">
        <ImagePlus className="size-6 text-violet-300" aria-hidden />
      </span>
      <h3 className="text-lg font-semibold">No creations yet</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">
        Pick a trending style, describe your idea and forge your first viral image.
      </p>
      <Button asChild className="mt-6" size="lg">
        <Link to="/forge">
          <Sparkles aria-hidden />
          Create Your First Image
        </Link>
      </Button>
    </div>
  );
}

export interface CreationsGridProps {
  images: Image[];
  /** Select mode: cards toggle their selection instead of opening the detail. */
  selection?: { selected: ReadonlySet<string>; onToggle: (image: Image) => void };
}

/** 1 to 4 columns by width; each card can open the share dialog. */
export function CreationsGrid({ images, selection }: CreationsGridProps) {
  const [sharing, setSharing] = useState<Image | null>(null);
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="creations-grid">
        {images.map((image, index) => (
          <CreationCard
            key={image.id}
            image={image}
            index={index}
            onShare={setSharing}
            selectable={Boolean(selection)}
            selected={selection?.selected.has(image.id)}
            onToggleSelect={selection?.onToggle}
          />
        ))}
      </ul>
      <CreationShareDialog image={sharing} onClose={() => setSharing(null)} />
    </>
  );
}

/** The member's creations in whatever state their query is: loading, failed, empty or listed. */
export function MyCreations({ skeletonCount }: { skeletonCount?: number }) {
  const images = useImages();
  if (images.isLoading) return <CreationsGridSkeleton count={skeletonCount} />;
  if (images.isError) {
    return (
      <p role="alert" className="rounded-2xl border border-rose-400/25 bg-rose-500/10 p-4 text-sm text-rose-200">
        We couldn't load your creations. Please try again later.
      </p>
    );
  }
  return images.data?.length ? <CreationsGrid images={images.data} /> : <CreationsEmptyState />;
}
