import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';

/**
 * A part of a page below the fold whose code loads only once the visitor scrolls to it: the first
 * screen's JavaScript is all a phone downloads before the page is interactive.
 *
 * On a prerendered page its HTML is there from the start, and React leaves it as it is (a
 * dehydrated Suspense boundary) until the code arrives, then hydrates it; its links work as plain
 * links meanwhile, and a tap on one of its buttons before then does nothing (as anywhere before
 * hydration). Whenever the part is rendered in the browser instead — a page the browser renders, or
 * a boundary React has to render anew because something above it changed before it hydrated — the
 * placeholder asks for the code at once: an empty room must not wait for a scroll. The wrapper
 * marks `data-live` once the part is interactive (the e2e tests wait for it).
 *
 * The prerender (no IntersectionObserver) and old browsers load it at once.
 */
export function lazyNearViewport(load: () => Promise<{ default: ComponentType }>, name: string) {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  if (typeof IntersectionObserver === 'undefined') reach();
  const Part = lazy(() => reached.then(load));

  /** Shown only when the part renders in the browser (never while its prerendered HTML is kept). */
  function Placeholder({ className }: { className: string }) {
    useEffect(reach, []);
    return <div aria-hidden className={className} />;
  }

  function Live({ target }: { target: React.RefObject<HTMLDivElement | null> }) {
    useEffect(() => {
      if (target.current) target.current.dataset.live = 'true';
    }, [target]);
    return null;
  }

  function NearViewport({ className, placeholderClassName }: { className?: string; placeholderClassName: string }) {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        reach();
        observer.disconnect();
      });
      observer.observe(element);
      return () => observer.disconnect();
    }, []);
    return (
      <div ref={ref} data-near-viewport={name} className={className}>
        <Suspense fallback={<Placeholder className={placeholderClassName} />}>
          <Part />
          <Live target={ref} />
        </Suspense>
      </div>
    );
  }
  // A parent's re-render alone must not make React render a part waiting to hydrate anew.
  return memo(NearViewport);
}
