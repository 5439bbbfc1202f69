import { startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => {};

/**
 * Renders its children right after the first paint, in a transition React splits into small tasks,
 * so what is below the fold does not hold up the first screen (Lighthouse's total blocking time).
 * The placeholder keeps its room so nothing visible moves when the children arrive.
 * A prerendered page (see src/prerender.tsx) has them in its HTML already: they render at once,
 * on the server and while React hydrates that HTML (the server snapshot is only read then).
 */
export function Deferred({ children, placeholderClassName }: { children: ReactNode; placeholderClassName: string }) {
  const prerendered = useSyncExternalStore(noSubscription, () => false, () => true);
  const [shown, setShown] = useState(prerendered);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  // Off screen, the browser skips their layout and paint until they scroll near (content-visibility).
  return shown ? <div className="[content-visibility:auto] [contain-intrinsic-size:auto_300vh]">{children}</div> : <div aria-hidden className={placeholderClassName} />;
}
