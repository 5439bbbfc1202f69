import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { GenerationProgress } from '@/features/generation/GenerationProgress';
import { TrendArt } from '@/features/forge/TrendArt';

/** Step 4's live progress, from the generationUpdated subscription. */
export function CreatingProgress({ trend, generation }: { trend: Trend; generation: Generation | null }) {
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
        <GenerationProgress generation={generation} statusTestId="wizard-generation-status" progressTestId="wizard-progress" />
        <p className="mt-4 text-xs text-subtle">Generation usually takes 15-30 seconds.</p>
      </div>
    </div>
  );
}
