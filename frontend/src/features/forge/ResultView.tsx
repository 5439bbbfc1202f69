import { Link } from 'react-router-dom';
import { Images, Palette, Plus, RefreshCw, SlidersHorizontal, Wand2 } from 'lucide-react';
import { withPersonTraits } from '@trendforge/contracts';
import type { Image, Trend } from '@/lib/types';
import { ResultImage } from '@/features/generation/ResultImage';
import { CreationActions, SharePanel } from '@/features/sharing';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';

export interface ForgeResult {
  id: string;
  generatedImage: string;
  caption: string | null;
  engine: string | null;
  prompt: string;
  /** The person traits sent with it, shown after the prompt (" | Person traits: ..."). */
  personalization?: string;
}

export interface ResultViewProps {
  trend: Trend;
  result: ForgeResult;
  onCreateAnother: () => void;
  onRetry: () => void;
  onAdjust: () => void;
  onDifferentStyle: () => void;
}

/** The finished generation is already a creation with the same id; this is its gallery view. */
export function resultAsImage(trend: Pick<Trend, 'slug' | 'name'>, result: ForgeResult, caption: string): Image {
  return {
    id: result.id,
    prompt: result.prompt,
    trendId: trend.slug,
    generatedImage: result.generatedImage,
    thumbnail: result.generatedImage,
    originalImage: null,
    caption,
    engine: result.engine ?? '',
    isFavorite: false,
    createdAt: new Date().toISOString(),
  };
}

export function ResultView({ trend, result, onCreateAnother, onRetry, onAdjust, onDifferentStyle }: ResultViewProps) {
  const caption = result.caption || `Created in ${trend.name} style with TrendForge`;
  const image = resultAsImage(trend, result, caption);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start" data-testid="forge-result">
      <ResultImage src={result.generatedImage} alt={result.prompt} engine={result.engine} testId="result-image" />

      <div className="grid gap-4">
        <Card className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="success">Ready to share</Badge>
            <Badge variant="outline">{trend.name}</Badge>
          </div>
          <div>
            <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Caption</p>
            <p className="mt-1 text-base font-medium" data-testid="result-caption">
              {caption}
            </p>
          </div>
          <div>
            <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Prompt</p>
            <p className="mt-1 text-sm text-muted" data-testid="result-prompt">
              {withPersonTraits(result.prompt, result.personalization)}
            </p>
          </div>
          <CreationActions image={image} trendName={trend.name} />
          <div className="flex flex-wrap gap-2 [&>*]:flex-1">
            <Button onClick={onCreateAnother} data-testid="create-another">
              <Plus aria-hidden />
              Create Another
            </Button>
            <Button asChild variant="secondary" data-testid="view-all-creations">
              <Link to="/forge/history">
                <Images aria-hidden />
                View All Creations
              </Link>
            </Button>
          </div>
        </Card>

        <SharePanel image={image} trendName={trend.name} />

        <Card className="grid gap-2 p-5 sm:p-6">
          <Button variant="outline" onClick={onRetry} className="justify-start" data-testid="try-again">
            <RefreshCw aria-hidden />
            Try Generation Again
          </Button>
          <Button variant="outline" onClick={onAdjust} className="justify-start" data-testid="adjust-prompt">
            <SlidersHorizontal aria-hidden />
            Adjust Settings & Prompt
          </Button>
          <Button variant="outline" onClick={onDifferentStyle} className="justify-start" data-testid="different-style">
            <Palette aria-hidden />
            Try Different Style
          </Button>
          <Button asChild variant="ghost" className="justify-start">
            <Link to="/forge/mojo">
              <Wand2 aria-hidden />
              Try Mojo-Style
            </Link>
          </Button>
        </Card>
      </div>
    </div>
  );
}
