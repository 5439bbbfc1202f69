import { useCallback, useEffect, useRef } from 'react';

/** Spec part 2 section 9: generation auto-starts this long after choosing an idea or 1-click. */
export const AUTO_START_DELAY_MS = 100;

/** Runs one action after a delay; scheduling again replaces it, unmounting cancels it. */
export function useDelayedAction(delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);
  const schedule = useCallback(
    (action: () => void) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        action();
      }, delayMs);
    },
    [cancel, delayMs],
  );
  return { schedule, cancel };
}
