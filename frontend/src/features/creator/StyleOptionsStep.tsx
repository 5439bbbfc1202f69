import { Check, RefreshCw } from 'lucide-react';
import type { StyleOptionsAnswer } from '@trendforge/contracts';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import { CreatorMessages } from './creator-messages';

export interface StyleOptionsStepProps {
  answer: StyleOptionsAnswer | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The flags that are on. */
  flags: readonly string[];
  onToggleFlag: (key: string, on: boolean) => void;
  vibe: string | null;
  onVibe: (vibe: string | null) => void;
  disabled?: boolean;
}

/** Step 3: the trend's style option flags (kept in the query string) and one vibe. */
export function StyleOptionsStep({ answer, isLoading, isError, onRetry, flags, onToggleFlag, vibe, onVibe, disabled }: StyleOptionsStepProps) {
  if (isLoading) {
    return (
      <div className="grid gap-2 sm:grid-cols-2" aria-busy="true" data-testid="creator-style-options-loading">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-16 animate-pulse rounded-xl bg-white/5" />
        ))}
      </div>
    );
  }
  if (isError || !answer) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-rose-400/25 bg-rose-500/10 p-3 text-sm text-rose-200">
        {CreatorMessages.styleOptionsError}
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden />
          Retry
        </Button>
      </div>
    );
  }

  const options = Object.entries(answer.styleOptions);
  return (
    <div className="grid gap-5">
      {options.length ? (
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map(([key, option]) => {
            const on = flags.includes(key);
            return (
              <button
                key={key}
                type="button"
                role="switch"
                aria-checked={on}
                disabled={disabled}
                data-testid={`creator-flag-${key}`}
                onClick={() => onToggleFlag(key, !on)}
                className={cn(
                  'flex items-start gap-3 rounded-xl border p-3 text-left transition-colors disabled:opacity-60',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                  on ? 'border-violet-400/60 bg-violet-500/15' : 'border-border bg-surface-2 hover:border-border-strong',
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'mt-0.5 grid size-5 shrink-0 place-items-center rounded-md border transition-colors',
                    on ? 'border-violet-400 bg-violet-500 text-white' : 'border-border-strong',
                  )}
                >
                  {on ? <Check className="size-3.5" /> : null}
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold">{option.label}</span>
                  <span className="block text-xs text-muted">{option.description}</span>
                </span>
              </button>
            );
          })}
        </div>
      ) : (
        <p className="text-sm text-muted">This style has no extra options: it looks great as it is.</p>
      )}

      {answer.vibes.length ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Vibe</legend>
          <div className="flex flex-wrap gap-2">
            {answer.vibes.map((v, i) => (
              <button
                key={v}
                type="button"
                aria-pressed={vibe === v}
                disabled={disabled}
                data-testid={`creator-vibe-${i}`}
                onClick={() => onVibe(vibe === v ? null : v)}
                className={cn(
                  'rounded-full border px-3 py-1.5 text-xs font-medium transition-colors disabled:opacity-60',
                  vibe === v
                    ? 'border-violet-400/60 bg-violet-500/20 text-violet-100'
                    : 'border-border bg-surface-2 text-muted hover:border-border-strong hover:text-foreground',
                )}
              >
                {v}
              </button>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
