import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type BadgeVariant = 'default' | 'brand' | 'outline' | 'success' | 'warning' | 'danger' | 'muted';

const variants: Record<BadgeVariant, string> = {
  default: 'bg-violet-500/15 text-violet-200 border-violet-400/25',
  brand: 'bg-brand text-white border-transparent',
  outline: 'bg-transparent text-foreground/80 border-border-strong',
  success: 'bg-emerald-500/15 text-emerald-300 border-emerald-400/25',
  warning: 'bg-amber-500/15 text-amber-300 border-amber-400/25',
  danger: 'bg-rose-500/15 text-rose-300 border-rose-400/25',
  muted: 'bg-white/5 text-muted border-border',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-[11px] font-semibold leading-5 tracking-wide [&_svg]:size-3',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
