import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { generationStatusText } from '@/features/forge/GeneratingView';
import { TrendArt } from '@/features/forge/TrendArt';
import { Progress } from '@/ui/progress';

/** Step 4's live progress, from the generationUpdated subscription. */
export function CreatingProgress({ trend, generation }: { trend: Trend; generation: Generation | null }) {
  const active = generation?.status === 'active';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-6 text-center">
      <div className="relative mb-8 size-36 sm:size-44">
        <div aria-hidden className="absolute -inset-6 rounded-full bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
        <div aria-hidden className="absolute inset-0 rounded-full bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] motion-safe:animate-spin [animation-duration:2.4s]" />
        <div className="absolute inset-[5px] overflow-hidden rounded-full bg-background">
          <TrendArt trend={trend} eager className="size-full opacity-80" />
        </div>
      </div>
      <div className="w-full">
        <p
          className="mb-3 text-sm font-medium text-violet-200"
          aria-live="polite"
          data-testid="wizard-generation-status"
          data-status={generation?.status ?? 'starting'}
        >
          {generationStatusText(generation)}
        </p>
        {active ? (
          <Progress value={generation?.progress ?? 0} aria-label="Generation progress" data-testid="wizard-progress" />
        ) : (
          <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-white/8">
            <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-[shimmer_1.4s_ease-in-out_infinite] [background-size:200%_100%]" />
          </div>
        )}
        <p className="mt-4 text-xs text-subtle">Generation usually takes 15-30 seconds.</p>
      </div>
    </div>
  );
}
