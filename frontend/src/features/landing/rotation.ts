import { useCallback, useEffect, useState } from 'react';

/** Index i of a ring of n items, wrapping both ways (-1 → n-1, n → 0). */
export const wrapIndex = (i: number, n: number) => ((i % n) + n) % n;

export interface Rotation {
  index: number;
  next: () => void;
  prev: () => void;
  goTo: (i: number) => void;
}

/**
 * A ring of `count` slides. With `intervalMs` it advances on its own; every move (a tick, an arrow or
 * a dot) starts the interval again, so a jump is shown for the full time. `paused` holds it still.
 */
export function useRotation(count: number, { intervalMs, paused = false }: { intervalMs?: number; paused?: boolean } = {}): Rotation {
  const [index, setIndex] = useState(0);
  const goTo = useCallback((i: number) => setIndex(wrapIndex(i, count)), [count]);
  const next = useCallback(() => setIndex((i) => wrapIndex(i + 1, count)), [count]);
  const prev = useCallback(() => setIndex((i) => wrapIndex(i - 1, count)), [count]);

  useEffect(() => {
    if (!intervalMs || paused || count < 2) return;
    const timer = setTimeout(next, intervalMs);
    return () => clearTimeout(timer);
  }, [index, intervalMs, paused, count, next]);

  return { index, next, prev, goTo };
}
