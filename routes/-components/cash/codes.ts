import { useCallback, useSyncExternalStore } from 'react';
import { queryClient } from '../../../src/client/query';

/**
 * One-time hand-over codes the server just gave this phone (the server keeps nothing but their hash): the submit
 * answer, an outbox replay's answer, or a new code the rider asked for. They live in the rider's query cache
 * under a key of their own, so the persisted cache (src/client/persist) keeps them with the rider's other answers
 * — a rider who reopens the app offline still has the code to show — and wipes them with it.
 */
export interface FreshCode {
  code: string;
  qr: string;
  expiresAt: string;
}

/** Under `rider`, so the persisted cache takes it (src/client/persist/rider-queries.ts); never fetched. */
export const HANDOVER_CODES_KEY = [['rider', 'handoverCodes'], { type: 'local' }] as const;
type Codes = Record<string, FreshCode>;

const all = (): Codes => queryClient.getQueryData<Codes>(HANDOVER_CODES_KEY) ?? {};

export function rememberCode(submissionId: string, c: FreshCode): void {
  // Codes past their expiry are dropped as a new one comes.
  const now = Date.now();
  const kept = Object.fromEntries(Object.entries(all()).filter(([, v]) => Date.parse(v.expiresAt) > now));
  queryClient.setQueryData<Codes>(HANDOVER_CODES_KEY, { ...kept, [submissionId]: { code: c.code, qr: c.qr, expiresAt: c.expiresAt } });
}

/**
 * From a cash submit answer (REST or tRPC): remembers its code when it carries one. `unlessKnown`: an answer read
 * back later (the worker's replay) never replaces a code this phone already has, e.g. a new one the rider asked for.
 */
export function rememberFromAnswer(answer: unknown, opts: { unlessKnown?: boolean } = {}): void {
  const a = answer as { submissionId?: string; code?: string; qr?: string; codeExpiresAt?: string } | null;
  if (!a?.submissionId || !a.code || !a.qr || !a.codeExpiresAt) return;
  if (opts.unlessKnown && all()[a.submissionId]) return;
  rememberCode(a.submissionId, { code: a.code, qr: a.qr, expiresAt: a.codeExpiresAt });
}

export function useFreshCode(submissionId: string): FreshCode | null {
  const subscribe = useCallback((l: () => void) => queryClient.getQueryCache().subscribe(l), []);
  return useSyncExternalStore(subscribe, () => all()[submissionId] ?? null, () => null);
}
