import type { ReactNode } from 'react';

export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-violet-300">{eyebrow}</p>
      <h2 id={id} className="mt-3 font-display text-3xl font-black tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-base text-muted sm:text-lg">{children}</p> : null}
    </div>
  );
}
