const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;
const waiting: (() => void)[] = [];
let state: 'idle' | 'listening' | 'interacted' = 'idle';

function interacted() {
  state = 'interacted';
  for (const e of EVENTS) window.removeEventListener(e, interacted, true);
  for (const run of waiting.splice(0)) run();
}

/**
 * Runs `run` on the page's first interaction (a touch, a key, a focus), or at once if there has been one; never
 * on a server rendering. For code that a tap needs but the first paint does not (issue 20, item 9): fetched then,
 * it is in memory should the network be cut later, even where no service worker has precached it yet.
 */
export function onFirstInteraction(run: () => void): void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  if (state === 'interacted') return run();
  waiting.push(run);
  if (state === 'idle') {
    state = 'listening';
    for (const e of EVENTS) window.addEventListener(e, interacted, { capture: true, passive: true });
  }
}
