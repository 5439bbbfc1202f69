import { forwardRef } from 'react';
import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { TrendArt } from '@/features/forge/TrendArt';
import { GenerationWaiting } from '@/features/generation/GenerationWaiting';
import { Badge } from '@/ui/badge';
import { Card } from '@/ui/card';

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
  return (
    <div ref={ref} className="scroll-mt-36">
      <Card className="overflow-hidden" data-testid="creator-preview">
        <div className="relative">
          <TrendArt trend={trend} eager className="aspect-[16/10] w-full" />
          {generating ? (
            <GenerationWaiting
              variant="overlay"
              trend={trend}
              generation={generation}
              title={`Creating your ${trend.name}`}
              testId="creator-generating"
              statusTestId="creator-generation-status"
            />
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
