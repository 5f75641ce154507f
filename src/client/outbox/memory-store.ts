import type { OutboxEntry, OutboxStore, OutcomeRecord } from './types';

/** The outbox store in memory: for tests, and where IndexedDB is missing (private modes of some browsers). */
export function memoryStore(): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  const results = new Map<string, { value: unknown; at: number }>();
  const outcomes = new Map<string, OutcomeRecord>();
  return {
    entries,
    list: async () => [...entries.values()].sort((a, b) => a.seq - b.seq).map((e) => structuredClone(e)),
    put: async (e) => void entries.set(e.key, structuredClone(e)),
    delete: async (key) => void entries.delete(key),
    putResult: async (key, value, at) => void results.set(key, { value: structuredClone(value), at }),
    getResult: async (key) => results.get(key)?.value,
    pruneResults: async (olderThan) => {
      for (const [k, r] of results) if (r.at < olderThan) results.delete(k);
    },
    putOutcome: async (r) => void outcomes.set(r.key, structuredClone(r)),
    listOutcomes: async () => [...outcomes.values()].sort((a, b) => a.at - b.at).map((r) => structuredClone(r)),
    pruneOutcomes: async (olderThan, keep) => {
      const all = [...outcomes.values()].sort((a, b) => a.at - b.at);
      all.forEach((r, i) => {
        if (r.at < olderThan || i < all.length - keep) outcomes.delete(r.key);
      });
    },
  };
}
