import { AsyncLocalStorage } from 'node:async_hooks';
import { log } from '../log';
/**
 * In-process change notifications. Services publish after a committed write;
 * live views (tRPC subscriptions) listen. One process serves everything, so
 * this is enough until we run several.
 */
export type ChangeTopic = 'orders' | 'riders' | 'companies' | 'duty' | 'locations';

type Listener = (topic: ChangeTopic) => void;
const listeners = new Set<Listener>();

/** Topics published inside a transaction wait here until it has committed. */
const deferred = new AsyncLocalStorage<Set<ChangeTopic>>();

/**
 * Run `fn` (a transaction) and announce its changes only once it has committed,
 * so a live view never reads the database before the write is visible.
 */
export async function afterCommit<T>(fn: () => Promise<T>): Promise<T> {
  const topics = new Set<ChangeTopic>();
  const result = await deferred.run(topics, fn);
  for (const t of topics) emit(t);
  return result;
}

export function publishChange(topic: ChangeTopic): void {
  const pending = deferred.getStore();
  if (pending) pending.add(topic);
  else emit(topic);
}

function emit(topic: ChangeTopic): void {
  for (const l of listeners) {
    try {
      l(topic);
    } catch (err) {
      log.error('change listener failed', err);
    }
  }
}

export function onChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Aborted when the server begins to stop: every live view ends, so the drain does not wait for them. */
let closing = new AbortController();

/** End every change stream now (src/server/shutdown.ts); later streams end at once too. */
export function endChangeStreams(): void {
  closing.abort();
}

/** For tests: streams may run again. */
export function reopenChangeStreams(): void {
  closing = new AbortController();
}

/**
 * Yields once at start and then at most every `minGapMs` while changes keep
 * arriving, until `signal` aborts or the server stops.
 */
export async function* changeTicks(topics: readonly ChangeTopic[], requestSignal: AbortSignal | undefined, minGapMs = 250) {
  // One signal for both ends; the listener on the process-wide one is removed when the stream ends.
  const stop = new AbortController();
  const end = () => stop.abort();
  const stopping = closing.signal;
  if (requestSignal?.aborted || stopping.aborted) end();
  requestSignal?.addEventListener('abort', end, { once: true });
  stopping.addEventListener('abort', end, { once: true });
  const signal = stop.signal;
  let pending = true;
  let wake: (() => void) | undefined;
  const off = onChange((topic) => {
    if (!topics.includes(topic)) return;
    pending = true;
    wake?.();
  });
  const aborted = new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
  try {
    while (!signal?.aborted) {
      if (!pending) await Promise.race([new Promise<void>((r) => (wake = r)), aborted]);
      if (signal?.aborted) break;
      pending = false;
      yield;
      await Promise.race([new Promise((r) => setTimeout(r, minGapMs)), aborted]);
    }
  } finally {
    off();
    stopping.removeEventListener('abort', end);
    requestSignal?.removeEventListener('abort', end);
  }
}
