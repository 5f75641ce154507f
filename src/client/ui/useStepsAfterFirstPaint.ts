import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a screen's `total` later parts to show: none in its first render, then one more after each frame the
 * browser paints. Parts below the first screen mount in commits of their own, one at a time, so a cheap phone draws
 * what it can show first and then builds and lays out the rest in short tasks instead of one long one (Lighthouse's
 * Total Blocking Time). Each step is a transition, rendered in slices.
 */
export function useStepsAfterFirstPaint(total: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown >= total) return;
    // A frame, then a task after it: what is mounted is on the glass before the next part is built.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(total, n + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, total]);
  return shown;
}
