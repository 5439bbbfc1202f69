import { Link } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/ui/button';
import { PageSpinner } from '@/ui/spinner';
import { CreatorMessages } from './creator-messages';
import { CreatorWorkspace } from './CreatorWorkspace';
import { useCreatorTrend } from './use-creator-trend';

/** /forge/{slug}: the trend creator page, or "Trend not found". */
export function CreatorScreen({ slug }: { slug: string }) {
  const trend = useCreatorTrend(slug);
  if (trend.isLoading) return <PageSpinner />;

  if (trend.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center" data-testid="creator-load-error">
        <h1 className="text-2xl font-bold tracking-tight">{CreatorMessages.trendLoadFailed}</h1>
        <p className="mt-2 text-muted">Please check your connection and try again.</p>
        <div className="mt-6 flex gap-2">
          <Button variant="secondary" onClick={() => void trend.refetch()}>
            <RefreshCw aria-hidden />
            Try Again
          </Button>
          <Button asChild variant="ghost">
            <Link to="/forge">{CreatorMessages.backToTrends}</Link>
          </Button>
        </div>
      </div>
    );
  }

  if (!trend.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center" data-testid="trend-not-found">
        <h1 className="text-2xl font-bold tracking-tight">{CreatorMessages.notFoundTitle}</h1>
        <p className="mt-2 text-muted">{CreatorMessages.notFound}</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/forge">{CreatorMessages.backToTrends}</Link>
        </Button>
      </div>
    );
  }

  // A new trend starts a fresh page (prompt, options and generation belong to one trend).
  return <CreatorWorkspace key={trend.data.slug} trend={trend.data} />;
}
