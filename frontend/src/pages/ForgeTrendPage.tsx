import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Sparkles } from 'lucide-react';
import { useTrends } from '@/features/trends/use-trends';
import { TrendArt } from '@/features/forge/TrendArt';
import { TrendBadges } from '@/features/forge/trend-badges';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { PageSpinner } from '@/ui/spinner';

export default function ForgeTrendPage() {
  const { id } = useParams();
  const trends = useTrends();
  if (trends.isLoading) return <PageSpinner />;
  const trend = trends.data?.find((t) => t.slug === id);

  if (!trend) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center px-4 py-20 text-center" data-testid="trend-not-found">
        <h1 className="text-2xl font-bold tracking-tight">Trend not found</h1>
        <p className="mt-2 text-muted">The trend you're looking for doesn't exist or has been removed.</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link to="/forge">Back to Trends</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" size="sm" className="-ml-2 mb-6">
        <Link to="/forge">
          <ArrowLeft aria-hidden />
          Change Style
        </Link>
      </Button>
      <Card className="overflow-hidden">
        <div className="grid md:grid-cols-2">
          <TrendArt trend={trend} eager className="aspect-[4/3] w-full md:aspect-auto md:h-full" />
          <div className="flex flex-col gap-4 p-6 sm:p-8">
            <TrendBadges trend={trend} />
            <h1 className="text-3xl font-black tracking-tight">{trend.name}</h1>
            <p className="text-muted">{trend.description}</p>
            <Button asChild size="lg" className="mt-2 w-full sm:w-fit">
              <Link to={`/forge?trend=${encodeURIComponent(trend.slug)}`}>
                <Sparkles aria-hidden />
                Create with this Style
              </Link>
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
