import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface GenerationPageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The pill above the title (an icon and where the member is). */
  eyebrow?: ReactNode;
  /** What stands above the title instead (a back link, the trend's badges). */
  above?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  /** The wizard's single column is narrower. */
  width?: 'wide' | 'narrow';
}

/** The frame of a generating screen (Forge, wizard, creator): the glow, the header and the content below it. */
export function GenerationPage({ eyebrow, above, title, lead, width = 'wide', children, className, ...props }: GenerationPageProps) {
  return (
    <div className={cn('relative', className)} {...props}>
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,rgb(124_58_237_/_0.18),transparent)]" />
      <div className={cn('relative mx-auto px-4 py-8 sm:px-6 lg:px-8 lg:py-12', width === 'wide' ? 'max-w-7xl' : 'max-w-6xl')}>
        <header className="mb-8">
          {eyebrow ? (
            <p className="mb-3 inline-flex items-center gap-2 rounded-full border border-violet-400/25 bg-violet-500/10 px-3 py-1 text-xs font-semibold text-violet-200 [&>svg]:size-3.5">
              {eyebrow}
            </p>
          ) : null}
          {above}
          <h1 className={cn('font-display text-4xl font-black tracking-tight sm:text-5xl', above ? 'mt-3' : null)}>{title}</h1>
          <p className="mt-3 max-w-2xl text-muted">{lead}</p>
        </header>
        {children}
      </div>
    </div>
  );
}
