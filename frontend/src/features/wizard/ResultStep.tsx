import { Plus, Repeat2, Sparkles, Wand2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { ResultImage } from '@/features/generation/ResultImage';
import { CreationActions } from '@/features/sharing';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { fallbackCaption, resultImage, shownPrompt, type WizardResult } from './wizard-state';

export interface ResultStepProps {
  trend: Trend;
  result: WizardResult;
  /** Every role but pro_unlimited sees the watermark. */
  watermark: boolean;
  generationCount: number;
  /** The trend's vibes (style options); undefined while they load. */
  vibes: string[] | undefined;
  vibesFailed: boolean;
  onNewImage: () => void;
  onRemix: () => void;
  onRemixWithVibe: (vibe: string) => void;
}

/** Step 5: the image, its caption, the sharing actions, New Image, Remix and Remix with a vibe. */
export function ResultStep({ trend, result, watermark, generationCount, vibes, vibesFailed, onNewImage, onRemix, onRemixWithVibe }: ResultStepProps) {
  const caption = result.caption || fallbackCaption(trend.name, result.prompt);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start" data-testid="wizard-result">
      <ResultImage src={result.imageUrl} alt={result.prompt} engine={result.engine} testId="wizard-result-image">
        {watermark ? (
          <span
            aria-hidden
            data-testid="wizard-watermark"
            className="pointer-events-none absolute bottom-3 right-3 inline-flex select-none items-center gap-1.5 rounded-full bg-black/45 px-3 py-1 font-display text-sm font-bold tracking-tight text-white/80 backdrop-blur-sm"
          >
            <Sparkles className="size-3.5" />
            TrendForge
          </span>
        ) : null}
      </ResultImage>

      <div className="grid gap-4">
        <Card className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="success">Ready to share</Badge>
            <Badge variant="outline">{trend.name}</Badge>
            <Badge variant="muted" data-testid="wizard-counter">
              {generationCount} {generationCount === 1 ? 'image' : 'images'} created
            </Badge>
          </div>
          <div>
            <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Caption</p>
            <p className="mt-1 text-base font-medium" data-testid="wizard-caption">
              {caption}
            </p>
          </div>
          <div>
            <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">Prompt used</p>
            <p className="mt-1 break-words text-sm text-muted" data-testid="wizard-result-prompt">
              {shownPrompt(result.prompt, result.personalization)}
            </p>
          </div>
          <CreationActions image={resultImage(trend, result, caption)} trendName={trend.name} />
        </Card>

        <Card className="grid gap-4 p-5 sm:p-6">
          <div className="grid grid-cols-2 gap-2">
            <Button onClick={onNewImage} data-testid="wizard-new-image">
              <Plus aria-hidden />
              New Image
            </Button>
            <Button variant="secondary" onClick={onRemix} data-testid="wizard-remix">
              <Repeat2 aria-hidden />
              Remix
            </Button>
          </div>
          <div>
            <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold">
              <Wand2 aria-hidden className="size-4 text-violet-300" />
              Remix with a vibe
            </p>
            {vibesFailed ? (
              <p className="text-xs text-muted">Error loading style options. Please try again.</p>
            ) : vibes === undefined ? (
              <div className="flex gap-2" aria-label="Loading vibes">
                {[0, 1, 2].map((i) => (
                  <span key={i} className="h-8 w-20 animate-pulse rounded-full bg-surface-3" />
                ))}
              </div>
            ) : vibes.length ? (
              <div className="flex flex-wrap gap-2">
                {vibes.map((vibe, i) => (
                  <button
                    key={vibe}
                    type="button"
                    onClick={() => onRemixWithVibe(vibe)}
                    data-testid={`wizard-vibe-${i}`}
                    className="rounded-full border border-border bg-surface-2 px-3 py-1.5 text-xs font-medium text-muted transition-colors hover:border-violet-400/50 hover:bg-violet-500/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  >
                    {vibe}
                  </button>
                ))}
              </div>
            ) : (
              <p className="text-xs text-muted">This style has no vibes to remix with.</p>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
