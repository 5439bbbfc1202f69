import { Link, useNavigate, useParams } from 'react-router-dom';
import { Heart, Loader2, Share2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { engineLabel, type Image } from '@/lib/types';
import { useAuth } from '@/features/auth/auth-context';
import { DeleteImageDialog } from '@/features/images/DeleteImageDialog';
import { DetailDownloads } from '@/features/images/DetailDownloads';
import { DetailImage } from '@/features/images/DetailImage';
import { relativeTime } from '@/features/images/relative-time';
import { useDeleteImage, useImageDetail, useToggleImageFavorite } from '@/features/images/use-image-detail';
import { useTrendName } from '@/features/images/use-trend-name';
import { PublicLink, SharePanel, useShareCreation } from '@/features/sharing';
import { BackLink } from '@/ui/back-link';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LazyImage } from '@/ui/lazy-image';
import { PageSpinner } from '@/ui/spinner';

export default function ForgeDetailPage() {
  const { id = '' } = useParams();
  const detail = useImageDetail(id);
  if (detail.isPending && detail.fetchStatus !== 'idle') return <PageSpinner />;
  if (!detail.data) return <ImageNotFound />;
  return <CreationDetail image={detail.data} onReload={() => void detail.refetch()} />;
}

function ImageNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center" data-testid="image-not-found">
      <h1 className="text-2xl font-bold tracking-tight">Image Not Found</h1>
      <p className="mt-2 text-muted">The image couldn't be loaded. It may have expired or been removed.</p>
      <Button asChild variant="secondary" className="mt-6">
        <Link to="/forge/history">Back to Your Creations</Link>
      </Button>
    </div>
  );
}

function CreationDetail({ image, onReload }: { image: Image; onReload: () => void }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const trendName = useTrendName(image.trendId);
  const favorite = useToggleImageFavorite(image.id);
  const remove = useDeleteImage(image.id, () => navigate('/forge/history'));
  const share = useShareCreation(image, trendName);
  const engine = engineLabel(image.engine);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <BackLink to="/forge/history">Back to Your Creations</BackLink>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <Card className="overflow-hidden p-2">
          <DetailImage src={image.generatedImage} alt={image.prompt} onRetry={onReload} />
        </Card>
        <div className="grid min-w-0 gap-4">
          <Card className="grid content-start gap-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{trendName}</Badge>
              {engine ? <Badge variant="muted">{engine}</Badge> : null}
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto"
                aria-pressed={image.isFavorite}
                aria-label={image.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
                disabled={favorite.isPending}
                onClick={() => favorite.mutate()}
                data-testid="detail-favorite"
              >
                <Heart className={cn(image.isFavorite && 'fill-rose-400 text-rose-400')} aria-hidden />
              </Button>
            </div>
            {/* The page's heading: the caption, else a name for readers that list headings. */}
            <h1 className={image.caption ? 'text-lg font-medium' : 'sr-only'}>{image.caption || 'Your creation'}</h1>
            <div>
              <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Prompt used</p>
              <p className="mt-1 break-words text-sm text-muted" data-testid="detail-prompt">{image.prompt}</p>
            </div>
            <p className="text-xs text-subtle">
              Created <time dateTime={image.createdAt}>{relativeTime(image.createdAt)}</time>
            </p>
            <DetailDownloads image={image} trendName={trendName} role={user?.role} />
            <div className="flex flex-wrap gap-2">
              <Button className="min-w-36 flex-1" disabled={share.pending} onClick={() => void share.run()} data-testid="detail-share">
                {share.pending ? <Loader2 className="animate-spin" aria-hidden /> : <Share2 aria-hidden />}
                Share
              </Button>
              <DeleteImageDialog pending={remove.isPending} onConfirm={() => remove.mutate()} />
            </div>
          </Card>
          <SharePanel image={image} trendName={trendName} />
          <PublicLink imageId={image.id} />
          {image.originalImage ? (
            <Card className="p-5 sm:p-6">
              <figure className="grid gap-2" data-testid="original-photo">
                <figcaption className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Original photo</figcaption>
                <LazyImage
                  src={image.originalImage}
                  alt="Original photo"
                  wrapperClassName="aspect-square w-full max-w-xs rounded-xl border border-border"
                  className="object-cover"
                />
              </figure>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
