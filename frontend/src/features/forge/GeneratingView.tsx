import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { GenerationProgress } from '@/features/generation/GenerationProgress';
import { TrendArt } from './TrendArt';

export function GeneratingView({ trend, generation }: { trend: Trend; generation: Generation | null }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-10 text-center" data-testid="generating-view">
      <div className="relative mb-8 size-40 sm:size-48">
        <div aria-hidden className="absolute -inset-6 rounded-full bg-brand opacity-30 blur-3xl motion-safe:animate-pulse" />
        <div aria-hidden className="absolute inset-0 rounded-full bg-[conic-gradient(from_0deg,#8b5cf6,#d946ef,#f472b6,#8b5cf6)] motion-safe:animate-spin [animation-duration:2.4s]" />
        <div className="absolute inset-[5px] overflow-hidden rounded-full bg-background">
          <TrendArt trend={trend} eager className="size-full opacity-80" />
        </div>
      </div>
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
