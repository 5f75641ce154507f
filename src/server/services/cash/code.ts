import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { HANDOVER_CODE_TTL_MS } from '../../../shared/cash/handover';

/**
 * The one-time hand-over code (issue 9): 6 digits from the system's CSPRNG, shown once to the rider
 * (as digits and inside the QR code). Only its SHA-256 hex is stored; a check compares hashes in
 * constant time. Not an HMAC: the environment has no server secret to key it with (src/server/env.ts);
 * a million codes hash quickly, so what protects a code is its 30-minute life and the lock after 5
 * wrong tries, not the hash. With a secret in the env, hashCode would become HMAC-SHA-256 keyed by it.
 */
export function newHandoverCode(now: Date) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { code, codeHash: hashCode(code), codeExpiresAt: new Date(now.getTime() + HANDOVER_CODE_TTL_MS) };
}

export const hashCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

/** Whether `code` hashes to `storedHash`, without leaking where they differ through timing. */
export function codeMatches(code: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashCode(code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
