import { Plus, Repeat2, Sparkles, Wand2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import { creationOf } from '@/features/generation/creation';
import { GenerationResult } from '@/features/generation/GenerationResult';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { fallbackCaption, shownPrompt, type WizardResult } from './wizard-state';

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
    <GenerationResult
      testId="wizard-result"
      creation={creationOf(result, trend.slug, result.prompt, caption)}
      trendName={trend.name}
      image={{
        alt: result.prompt,
        testId: 'wizard-result-image',
        children: watermark ? (
          <span
            aria-hidden
            data-testid="wizard-watermark"
            className="pointer-events-none absolute bottom-3 right-3 inline-flex select-none items-center gap-1.5 rounded-full bg-black/45 px-3 py-1 font-display text-sm font-bold tracking-tight text-white/80 backdrop-blur-sm"
          >
            <Sparkles className="size-3.5" />
            TrendForge
          </span>
        ) : null,
      }}
      badges={
        <Badge variant="muted" data-testid="wizard-counter">
          {generationCount} {generationCount === 1 ? 'image' : 'images'} created
        </Badge>
      }
      caption={{ label: 'Caption', text: caption, testId: 'wizard-caption' }}
      prompt={{ label: 'Prompt used', text: shownPrompt(result.prompt, result.personalization), testId: 'wizard-result-prompt' }}
    >
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
    </GenerationResult>
  );
}
