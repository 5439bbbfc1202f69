import type { Trend } from '@/lib/types';
import type { Generation } from '@/features/generation/documents';
import { queueStatusText } from '@/features/generation/generation-state';
import { Progress } from '@/ui/progress';
import { TrendArt } from './TrendArt';

export function generationStatusText(generation: Generation | null): string {
  if (!generation) return 'Sending your idea to the forge...';
  switch (generation.status) {
    case 'queued':
      return generation.position != null ? queueStatusText(generation.position, generation.etaSeconds) : 'Waiting in queue...';
    case 'active':
      return `Forging... ${Math.round(generation.progress ?? 0)}%`;
    case 'completed':
      return 'Done! Loading your image...';
    case 'failed':
      return 'Generation failed';
    default:
      return 'Working...';
  }
}

export function GeneratingView({ trend, generation }: { trend: Trend; generation: Generation | null }) {
  const active = generation?.status === 'active';
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
        <p
          className="mb-3 text-sm font-medium text-violet-200"
          aria-live="polite"
          data-testid="generation-status"
          data-status={generation?.status ?? 'starting'}
        >
          {generationStatusText(generation)}
        </p>
        {active ? (
          <Progress value={generation?.progress ?? 0} aria-label="Generation progress" data-testid="generation-progress" />
        ) : (
          <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-white/8">
            <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-[shimmer_1.4s_ease-in-out_infinite] [background-size:200%_100%]" />
          </div>
        )}
      </div>
    </div>
  );
}
