import { AsyncLocalStorage } from 'node:async_hooks';
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
      console.error('change listener failed', err);
    }
  }
}

export function onChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Yields once at start and then at most every `minGapMs` while changes keep
 * arriving, until `signal` aborts.
 */
export async function* changeTicks(topics: readonly ChangeTopic[], signal: AbortSignal | undefined, minGapMs = 250) {
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
  }
}
