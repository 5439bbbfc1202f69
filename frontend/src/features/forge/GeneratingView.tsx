import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { ForgingArt } from '@/features/generation/ForgingArt';
import { GenerationProgress } from '@/features/generation/GenerationProgress';

export function GeneratingView({ trend, generation }: { trend: Trend; generation: Generation | null }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-10 text-center" data-testid="generating-view">
      <ForgingArt trend={trend} generation={generation} ringClassName="size-40 sm:size-48" />
      <h2 className="text-2xl font-bold tracking-tight" role="status">
        Creating your {trend.name}
      </h2>
      <p className="mt-2 text-muted">Generation usually takes 15-30 seconds.</p>
      <div className="mt-8 w-full max-w-sm">
        <GenerationProgress generation={generation} statusTestId="generation-status" progressTestId="generation-progress" />
      </div>
    </div>
  );
}
