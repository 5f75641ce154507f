import { useSyncExternalStore } from 'react';
import { outbox } from './index';

/** What waits to be sent (the rider sees the count), what was sent lately, and what became of each write (issue 20). */
export function useOutbox() {
  const snap = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return { pending: snap.pending, done: snap.done, outcomes: snap.outcomes, count: snap.pending.length, replay: outbox.replay, refresh: outbox.refresh };
}

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}
