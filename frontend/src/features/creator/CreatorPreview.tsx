import { forwardRef } from 'react';
import { Loader2 } from 'lucide-react';
import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { TrendArt } from '@/features/forge/TrendArt';
import { GenerationProgress } from '@/features/generation/GenerationProgress';
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
  const preview = generation?.status === 'active' ? generation.previewUrl : null;
  return (
    <div ref={ref} className="scroll-mt-36">
      <Card className="overflow-hidden" data-testid="creator-preview">
        <div className="relative">
          <TrendArt trend={trend} eager className="aspect-[16/10] w-full" />
          {generating && preview ? (
            // The picture forming, whole, over the style's art; the status stays readable over a lighter scrim.
            <img src={preview} alt={`Your ${trend.name} image, still forming`} data-testid="generation-preview" className="absolute inset-0 size-full bg-black object-contain" />
          ) : null}
          {generating ? (
            <div
              className={preview ? 'absolute inset-0 flex items-end justify-center bg-gradient-to-t from-black/85 via-black/20 to-transparent' : 'absolute inset-0 grid place-items-center bg-black/55 backdrop-blur-sm'}
              data-testid="creator-generating"
            >
              <div className="w-full max-w-xs px-6 text-center">
                {preview ? null : <Loader2 aria-hidden className="mx-auto mb-3 size-10 animate-spin text-violet-300" />}
                <p className="text-lg font-bold" role="status">
                  Creating your {trend.name}
                </p>
                {preview ? null : <p className="mt-1 text-xs text-white/70">Generation usually takes 15-30 seconds.</p>}
                <div className={preview ? 'pb-4' : undefined}>
                  <GenerationProgress generation={generation} statusTestId="creator-generation-status" tone="overlay" />
                </div>
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
