import { startTransition, useEffect, useState } from 'react';

/**
 * False for a screen's first render, true once the browser has painted it: parts below the first screen mount in a
 * second, separate commit, so a cheap phone draws what it can show first instead of building the whole page in one
 * long task (Lighthouse's Total Blocking Time). The second render is a transition, done in slices.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame, then a task after it: the first screen is on the glass before the rest is built.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
