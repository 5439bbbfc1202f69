import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children right after the first paint, in a transition React splits into small tasks,
 * so what is below the fold does not hold up the first screen (Lighthouse's total blocking time).
 * The placeholder keeps its room so nothing visible moves when the children arrive.
 */
export function Deferred({ children, placeholderClassName }: { children: ReactNode; placeholderClassName: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? <>{children}</> : <div aria-hidden className={placeholderClassName} />;
}
