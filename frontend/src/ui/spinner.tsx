import { Loader2 } from 'lucide-react';
import { clsx } from 'clsx';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <Loader2 aria-hidden className={clsx('spinner', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh w-full items-center justify-center" data-testid="page-spinner">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
