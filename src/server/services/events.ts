/**
 * In-process change notifications. Services publish after a committed write;
 * live views (tRPC subscriptions) listen. One process serves everything, so
 * this is enough until we run several.
 */
export type ChangeTopic = 'orders' | 'riders' | 'companies' | 'duty' | 'locations';

type Listener = (topic: ChangeTopic) => void;
const listeners = new Set<Listener>();

export function publishChange(topic: ChangeTopic): void {
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
