import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Heart } from 'lucide-react';
import { engineLabel } from '@/lib/types';
import { useImages } from '@/features/images/use-images';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LazyImage } from '@/ui/lazy-image';
import { PageSpinner } from '@/ui/spinner';

function relativeTime(iso: string): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - Date.now()) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

export default function ForgeDetailPage() {
  const { id } = useParams();
  const images = useImages();
  if (images.isLoading) return <PageSpinner />;
  const image = images.data?.find((i) => i.id === id);

  if (!image) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Image Not Found</h1>
        <p className="mt-2 text-muted">The image couldn't be loaded. It may have expired or been removed.</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/forge/history">Back to Your Creations</Link>
        </Button>
      </div>
    );
  }

  const engine = engineLabel(image.engine);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-6">
        <Link to="/forge/history">
          <ArrowLeft aria-hidden />
          Back to Your Creations
        </Link>
      </Button>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Card className="overflow-hidden p-2">
          <LazyImage src={image.generatedImage} alt={image.prompt} wrapperClassName="aspect-square rounded-xl" className="object-contain" />
        </Card>
        <Card className="grid content-start gap-4 p-6">
          <div className="flex flex-wrap gap-2">
            {engine ? <Badge variant="outline">{engine}</Badge> : null}
            {image.isFavorite ? (
              <Badge variant="danger">
                <Heart aria-hidden /> Favorite
              </Badge>
            ) : null}
          </div>
          {image.caption ? <p className="text-lg font-medium">{image.caption}</p> : null}
          <div>
            <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Prompt used</p>
            <p className="mt-1 text-sm text-muted">{image.prompt}</p>
          </div>
          <p className="text-xs text-subtle">Created {relativeTime(image.createdAt)}</p>
          {image.originalImage ? (
            <figure className="grid gap-2" data-testid="original-photo">
              <figcaption className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Original photo</figcaption>
              <LazyImage
                src={image.originalImage}
                alt="Original photo"
                wrapperClassName="aspect-square w-full max-w-xs rounded-xl border border-border"
                className="object-cover"
              />
            </figure>
          ) : null}
        </Card>
      </div>
    </div>
  );
}
