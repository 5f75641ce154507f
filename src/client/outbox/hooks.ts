import { useSyncExternalStore } from 'react';
import { outbox } from './index';

/** What waits to be sent (the rider sees the count) and what was sent lately. */
export function useOutbox() {
  const snap = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
  return { pending: snap.pending, done: snap.done, count: snap.pending.length, replay: outbox.replay };
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
