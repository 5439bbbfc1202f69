import { Progress } from '@/ui/progress';
import type { Generation } from './documents';
import { queueStatusText } from './generation-state';

/** The live status line of a generation being waited for. */
function generationStatusText(generation: Generation | null): string {
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

const tones = {
  /** On the page's background. */
  page: { status: 'mb-3 text-sm font-medium text-violet-200', bar: undefined, track: 'h-2 w-full overflow-hidden rounded-full bg-white/8' },
  /** Over an image's dark scrim. */
  overlay: { status: 'mt-4 text-sm font-medium text-violet-100', bar: 'mt-3', track: 'mt-3 h-2 w-full overflow-hidden rounded-full bg-white/10' },
};

export interface GenerationProgressProps {
  generation: Generation | null;
  /** data-testid of the status line (it also carries data-status). */
  statusTestId: string;
  /** data-testid of the progress bar, shown while the generation is active. */
  progressTestId?: string;
  tone?: keyof typeof tones;
}

/**
 * A generation's live status (announced politely) over its progress: the bar while it is being
 * made, a shimmer while it waits to start.
 */
export function GenerationProgress({ generation, statusTestId, progressTestId, tone = 'page' }: GenerationProgressProps) {
  const classes = tones[tone];
  return (
    <>
      <p className={classes.status} aria-live="polite" data-testid={statusTestId} data-status={generation?.status ?? 'starting'}>
        {generationStatusText(generation)}
      </p>
      {generation?.status === 'active' ? (
        <Progress value={generation.progress ?? 0} className={classes.bar} aria-label="Generation progress" data-testid={progressTestId} />
      ) : (
        <div aria-hidden className={classes.track}>
          <div className="h-full w-1/3 rounded-full bg-brand motion-safe:animate-[shimmer_1.4s_ease-in-out_infinite] [background-size:200%_100%]" />
        </div>
      )}
    </>
  );
}
