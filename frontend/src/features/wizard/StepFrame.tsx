import { useId, type ReactNode } from 'react';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Button } from '@/ui/button';
import type { WizardStep } from './wizard-state';

export interface StepFrameProps {
  step: WizardStep;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One step's container: its title (focusable, so the screen can move focus to a new step), its text and its content. */
export function StepFrame({ step, title, subtitle, children, className }: StepFrameProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`wizard-step-${step}`} className={cn('animate-fade-in', className)}>
      <header className="mb-6">
        <h2 id={`${id}-title`} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-2 text-muted">{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}

export interface WizardNavProps {
  onBack?: () => void;
  /** The forward button: Continue, or the step's own action. */
  forward?: {
    label: ReactNode;
    onClick: () => void;
    disabled?: boolean;
    testId?: string;
    icon?: ReactNode;
    /** The id of what says why the button is disabled. */
    describedBy?: string;
  };
}

/** Back (steps 1 to 4) and the forward button, at the end of a step. */
export function WizardNav({ onBack, forward }: WizardNavProps) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="ghost" onClick={onBack} data-testid="wizard-back" className="sm:-ml-3">
          <ArrowLeft aria-hidden />
          Back
        </Button>
      ) : (
        <span aria-hidden />
      )}
      {forward ? (
        <Button
          size="lg"
          onClick={forward.onClick}
          disabled={forward.disabled}
          aria-describedby={forward.describedBy}
          data-testid={forward.testId ?? 'wizard-continue'}
          className="w-full sm:w-auto sm:min-w-44"
        >
          {forward.label}
          {forward.icon ?? <ArrowRight aria-hidden />}
        </Button>
      ) : null}
    </div>
  );
}
