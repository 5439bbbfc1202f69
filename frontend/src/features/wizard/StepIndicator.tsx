import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';
import { LAST_STEP, STEP_LABELS, type WizardStep } from './wizard-state';

const STEPS = Object.keys(STEP_LABELS).map(Number) as WizardStep[];

/** Six dots and labels; on a phone only the current step's label shows, under the bar. */
export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <nav aria-label="Wizard progress" data-testid="wizard-steps">
      <ol className="flex items-center">
        {STEPS.map((n) => {
          const done = n < step;
          const current = n === step;
          return (
            <li key={n} className={cn('flex items-center', n < LAST_STEP && 'flex-1')} aria-current={current ? 'step' : undefined}>
              <span className="flex items-center gap-2">
                <span
                  className={cn(
                    'grid size-8 shrink-0 place-items-center rounded-full border text-xs font-bold transition-colors',
                    done && 'border-transparent bg-violet-500/30 text-violet-100',
                    current && 'border-transparent bg-brand text-white shadow-[0_0_0_4px_rgb(139_92_246_/_0.2)]',
                    !done && !current && 'border-border-strong bg-surface-2 text-subtle',
                  )}
                >
                  {done ? <Check aria-hidden className="size-4" /> : n + 1}
                  <span className="sr-only">
                    {' '}
                    {STEP_LABELS[n]}
                    {done ? ' (done)' : ''}
                  </span>
                </span>
                <span
                  aria-hidden
                  className={cn('hidden text-xs font-semibold lg:inline', current ? 'text-foreground' : done ? 'text-muted' : 'text-subtle')}
                >
                  {STEP_LABELS[n]}
                </span>
              </span>
              {n < LAST_STEP ? (
                <span aria-hidden className={cn('mx-2 h-0.5 flex-1 rounded-full', done ? 'bg-violet-400/50' : 'bg-white/10')} />
              ) : null}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-xs font-semibold uppercase tracking-widest text-subtle lg:hidden">
        Step {step + 1} of {LAST_STEP + 1} · <span className="text-violet-200">{STEP_LABELS[step]}</span>
      </p>
    </nav>
  );
}
