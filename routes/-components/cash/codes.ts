import { useSyncExternalStore } from 'react';

/**
 * One-time hand-over codes the server just gave this phone, kept in memory only (the server keeps
 * nothing but their hash): the submit answer, an outbox replay's answer, or a new code the rider asked for.
 */
export interface FreshCode {
  code: string;
  qr: string;
  expiresAt: string;
}

let codes = new Map<string, FreshCode>();
const listeners = new Set<() => void>();

export function rememberCode(submissionId: string, c: FreshCode): void {
  codes = new Map(codes).set(submissionId, { code: c.code, qr: c.qr, expiresAt: c.expiresAt });
  listeners.forEach((l) => l());
}

/** From a cash submit answer (REST or tRPC): remembers its code when it carries one. */
export function rememberFromAnswer(answer: unknown): void {
  const a = answer as { submissionId?: string; code?: string; qr?: string; codeExpiresAt?: string } | null;
  if (a?.submissionId && a.code && a.qr && a.codeExpiresAt) rememberCode(a.submissionId, { code: a.code, qr: a.qr, expiresAt: a.codeExpiresAt });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useFreshCode(submissionId: string): FreshCode | null {
  return useSyncExternalStore(subscribe, () => codes.get(submissionId) ?? null);
}
