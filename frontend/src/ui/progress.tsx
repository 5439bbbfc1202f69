import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '@/lib/cn';

export type ProgressTone = 'brand' | 'good' | 'warning' | 'danger' | 'unlimited';

const tones: Record<ProgressTone, string> = {
  brand: 'bg-brand',
  good: 'bg-gradient-to-r from-emerald-400 to-teal-400',
  warning: 'bg-gradient-to-r from-amber-400 to-orange-400',
  danger: 'bg-gradient-to-r from-rose-500 to-red-500',
  unlimited: 'bg-gradient-to-r from-violet-400 via-fuchsia-400 to-pink-400',
};

export interface ProgressProps extends ComponentPropsWithoutRef<typeof ProgressPrimitive.Root> {
  tone?: ProgressTone;
  indicatorClassName?: string;
}

export const Progress = forwardRef<ComponentRef<typeof ProgressPrimitive.Root>, ProgressProps>(function Progress(
  { className, value, tone = 'brand', indicatorClassName, ...props },
  ref,
) {
  const pct = Math.max(0, Math.min(100, value ?? 0));
  return (
    <ProgressPrimitive.Root
      ref={ref}
      value={pct}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-white/8', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full rounded-full transition-transform duration-500 ease-out', tones[tone], indicatorClassName)}
        style={{ transform: `translateX(-${100 - pct}%)` }}
      />
    </ProgressPrimitive.Root>
  );
});
