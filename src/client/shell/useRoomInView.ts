import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element (the room a page keeps at its end for the chat bubble) is wholly on screen; undefined until
 * the first report.
 */
export function useRoomInView() {
  const [inView, setInView] = useState<boolean>();
  const observer = useRef<IntersectionObserver>(null);
  const room = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    if (!el) return;
    // Almost wholly: a page scrolled to its end may leave a fraction of a pixel of the room's top above the fold.
    observer.current = new IntersectionObserver(([e]) => setInView(e!.intersectionRatio >= 0.97), { threshold: 0.97 });
    observer.current.observe(el);
  }, []);
  return [room, inView] as const;
}
