import { Link } from 'react-router-dom';
import { Plus } from 'lucide-react';
import { useImages } from '@/features/images/use-images';
import { CreationsEmptyState, CreationsGrid, CreationsGridSkeleton } from '@/features/images/CreationsGrid';
import { Button } from '@/ui/button';

export const GALLERY_LIMIT = 100;

export default function ForgeHistoryPage() {
  const images = useImages();
  const list = (images.data ?? []).slice(0, GALLERY_LIMIT);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">Your Creations</h1>
          <p className="mt-1 text-muted">Every image you have forged, newest first.</p>
        </div>
        <Button asChild>
          <Link to="/forge">
            <Plus aria-hidden />
            Create New
          </Link>
        </Button>
      </div>
      {images.isLoading ? (
        <CreationsGridSkeleton />
      ) : images.isError ? (
        <p role="alert" className="rounded-2xl border border-rose-400/25 bg-rose-500/10 p-4 text-sm text-rose-200">
          We couldn't load your creations. Please try again later.
        </p>
      ) : list.length ? (
        <CreationsGrid images={list} />
      ) : (
        <CreationsEmptyState />
      )}
    </div>
  );
}
