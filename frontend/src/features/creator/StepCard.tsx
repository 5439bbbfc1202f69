import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';

export interface StepCardProps {
  step: number;
  /** Left out when the step's content brings its own heading. */
  title?: string;
  hint?: string;
  /** Beside the title (e.g. a coach button). */
  aside?: ReactNode;
  className?: string;
  'data-testid'?: string;
  /** Receives the heading's id, to label the step's main control. */
  children?: ReactNode | ((headingId: string) => ReactNode);
}

/** One numbered step of the left column ("Step 1", "Step 2", ...). */
export function StepCard({ step, title, hint, aside, className, children, ...rest }: StepCardProps) {
  const headingId = useId();
  return (
    <Card className={cn('p-5 sm:p-6', className)} aria-labelledby={title ? headingId : undefined} role={title ? 'region' : undefined} {...rest}>
      <div className={cn('flex items-start justify-between gap-3', children ? (title ? 'mb-4' : 'mb-2') : undefined)}>
        <div className="min-w-0">
          <p className="text-[11px] font-bold uppercase tracking-widest text-violet-300">Step {step}</p>
          {title ? (
            <h2 id={headingId} className="mt-0.5 text-base font-semibold">
              {title}
            </h2>
          ) : null}
          {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
        </div>
        {aside}
      </div>
      {typeof children === 'function' ? children(headingId) : children}
    </Card>
  );
}
