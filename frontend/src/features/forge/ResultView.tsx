import { Link } from 'react-router-dom';
import { Images, Palette, Plus, RefreshCw, SlidersHorizontal, Wand2 } from 'lucide-react';
import { withPersonTraits } from '@trendforge/contracts';
import type { Trend } from '@/lib/types';
import { creationOf } from '@/features/generation/creation';
import { GenerationResult } from '@/features/generation/GenerationResult';
import { SharePanel } from '@/features/sharing';
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

export function ResultView({ trend, result, onCreateAnother, onRetry, onAdjust, onDifferentStyle }: ResultViewProps) {
  const caption = result.caption || `Created in ${trend.name} style with TrendForge`;
  const creation = creationOf({ ...result, imageUrl: result.generatedImage }, trend.slug, result.prompt, caption);
  return (
    <GenerationResult
      testId="forge-result"
      creation={creation}
      trendName={trend.name}
      image={{ alt: result.prompt, testId: 'result-image' }}
      caption={{ label: 'Caption', text: caption, testId: 'result-caption' }}
      prompt={{ label: 'Prompt', text: withPersonTraits(result.prompt, result.personalization), testId: 'result-prompt' }}
      actions={
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
      }
    >
      <SharePanel image={creation} trendName={trend.name} />

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
    </GenerationResult>
  );
}
