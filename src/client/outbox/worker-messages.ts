import type { OutboxEntry, Outcome } from './types';

/** What the worker posts to the open pages for each record its replay settled. */
export const OUTBOX_SETTLED_MESSAGE = 'kwt-outbox-settled';
export interface OutboxMessage {
  type: typeof OUTBOX_SETTLED_MESSAGE;
  entry: OutboxEntry;
  outcome: Outcome;
}

/** Runs `listener` for each record the worker's replay settled (sent, or refused by the server). */
export function onWorkerSettled(listener: (entry: OutboxEntry, outcome: Outcome) => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<unknown>) => {
    const data = e.data as Partial<OutboxMessage> | null;
    if (data?.type === OUTBOX_SETTLED_MESSAGE && data.entry && data.outcome) listener(data.entry, data.outcome);
  });
}
