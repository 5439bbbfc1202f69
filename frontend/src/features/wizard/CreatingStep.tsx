import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { ForgingArt } from '@/features/generation/ForgingArt';
import { GenerationProgress } from '@/features/generation/GenerationProgress';

/** Step 4's live progress, from the generationUpdated subscription. */
export function CreatingProgress({ trend, generation }: { trend: Trend; generation: Generation | null }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-6 text-center">
      <ForgingArt trend={trend} generation={generation} ringClassName="size-36 sm:size-44" />
      <div className="w-full">
        <GenerationProgress generation={generation} statusTestId="wizard-generation-status" progressTestId="wizard-progress" />
        <p className="mt-4 text-xs text-subtle">Generation usually takes 15-30 seconds.</p>
      </div>
    </div>
  );
}
