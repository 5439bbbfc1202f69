import { forwardRef } from 'react';
import { Loader2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { TrendArt } from '@/features/forge/TrendArt';
import { generationStatusText } from '@/features/forge/GeneratingView';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';
import { Progress } from '@/ui/progress';

export interface CreatorPreviewProps {
  trend: Trend;
  generating: boolean;
  generation: Generation | null;
  /** The prompt that will be used (creatorPrompt + person traits); null while Step 1 is empty. */
  finalPrompt: string | null;
  vibe: string | null;
}

/** The right column's preview: the style, the prompt that will be used, and the live generation. */
export const CreatorPreview = forwardRef<HTMLDivElement, CreatorPreviewProps>(function CreatorPreview(
  { trend, generating, generation, finalPrompt, vibe },
  ref,
) {
  const active = generation?.status === 'active';
  return (
    <div ref={ref} className="scroll-mt-36">
      <Card className="overflow-hidden" data-testid="creator-preview">
        <div className="relative">
          <TrendArt trend={trend} eager className="aspect-[16/10] w-full" />
          {generating ? (
            <div className="absolute inset-0 grid place-items-center bg-black/55 backdrop-blur-sm" data-testid="creator-generating">
              <div className="w-full max-w-xs px-6 text-center">
                <Loader2 aria-hidden className="mx-auto mb-3 size-10 animate-spin text-violet-300" />
                <p className="text-lg font-bold" role="status">
                  Creating your {trend.name}
                </p>
                <p className="mt-1 text-xs text-white/70">Generation usually takes 15-30 seconds.</p>
                <p
                  className="mt-4 text-sm font-medium text-violet-100"
                  aria-live="polite"
                  data-testid="creator-generation-status"
                  data-status={generation?.status ?? 'starting'}
                >
                  {generationStatusText(generation)}
                </p>
                {active ? (
                  <Progress value={generation?.progress ?? 0} className="mt-3" aria-label="Generation progress" />
                ) : (
                  <div aria-hidden className="mt-3 h-2 w-full overflow-hidden rounded-full bg-white/10">
                    <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-[shimmer_1.4s_ease-in-out_infinite] [background-size:200%_100%]" />
                  </div>
                )}
              </div>
            </div>
          ) : (
            <p className="absolute bottom-3 left-3 rounded-full bg-black/60 px-3 py-1 text-[11px] font-semibold uppercase tracking-wider text-white/90 backdrop-blur">
              Preview · {trend.name}
            </p>
          )}
        </div>
        <div className="grid gap-3 p-5">
          <p className="text-[11px] font-semibold uppercase tracking-widest text-subtle">The prompt that will be used</p>
          {finalPrompt ? (
            <p className="text-sm leading-relaxed text-muted" data-testid="creator-final-prompt">
              {finalPrompt}
            </p>
          ) : (
            <p className="text-sm text-subtle">Describe your idea in Step 1 and the full prompt appears here.</p>
          )}
          {vibe ? (
            <div>
              <Badge variant="default" data-testid="creator-final-vibe">
                Vibe: {vibe}
              </Badge>
            </div>
          ) : null}
        </div>
      </Card>
    </div>
  );
});
