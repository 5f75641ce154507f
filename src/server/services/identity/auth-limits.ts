import type { Db } from '../../../../db/client';
import { DomainError } from '../../errors';
import { log } from '../../log';
import { audit } from '../../lib/audit';
import { hitRateLimit, reserveRateLimit, type RateRule } from '../../lib/rate-limit';
import { msg } from '../../../shared/i18n/message';

/**
 * Limits on the sign-in and token endpoints (the password login has its own, stored one: login-limiter.ts).
 * In memory, per app database handle, like rate-limit.ts: a restart forgetting a window is harmless.
 * `failures` rules count only failed attempts: each attempt is counted before it is checked and taken
 * back when it succeeds (reserveFailure), so concurrent attempts cannot overrun the limit; the others
 * count every request.
 */
const MIN = 60_000;
const rule = (name: string, max: number, windowMs: number): RateRule => ({ name, max, windowMs, message: msg('account.tooManyAttempts') });

export const AUTH_RULES = {
  /** Wrong (unknown, used, expired) reset links on auth.resetPassword, per IP (failures only; token-guessing.ts). */
  resetUse: rule('reset-use', 20, 15 * MIN),
  /** Wrong invitation links on auth.acceptInvite and auth.acceptManagerInvite, per IP (failures only; token-guessing.ts). */
  inviteAccept: rule('invite-accept', 20, 15 * MIN),
  /** Wrong current password on auth.changePassword, per user (failures only). */
  passwordChange: rule('password-change', 5, 15 * MIN),
  /** Google OAuth callback (/api/login/google/callback), per IP. */
  googleCallback: rule('google-callback', 20, 15 * MIN),
  /** API token creation (auth.apiTokenCreate), per user. */
  apiTokenCreate: rule('api-token-create', 10, 15 * MIN),
  /** Bad bearer tokens on /mcp (presented and invalid; a missing one is not counted), per IP (failures only). */
  mcpBadToken: rule('mcp-bad-token', 20, 15 * MIN),
  /** Calls with a good bearer token on /mcp, per user. */
  mcpUse: rule('mcp-use', 300, MIN),
  /** Bad bearer tokens on the shop order API (/api/v1), per IP (failures only). */
  apiBadToken: rule('api-bad-token', 20, 15 * MIN),
  /** Calls to the shop order API (/api/v1), per user: room for a shop's rush (1,000 new orders a minute, issue 25 item 8). */
  apiUse: rule('api-use', 1500, MIN),
} as const;
export type AuthRule = keyof typeof AUTH_RULES;

/** How many lockouts are remembered for the once-per-window audit; beyond it the oldest are dropped. */
export const AUDITED_CAP = 10_000;

/** When each key's lockout was last audited: one entry per lockout, not one per refused request. */
const audited = new WeakMap<object, Map<string, number>>();

/**
 * True when `id` was not marked within `windowMs` (and marks it now). The map keeps insertion order
 * by last mark, so beyond `cap` entries the oldest are dropped: memory stays bounded under a flood.
 */
export function markOnce(seen: Map<string, number>, id: string, now: number, windowMs: number, cap = AUDITED_CAP): boolean {
  const last = seen.get(id);
  if (last !== undefined && now - last < windowMs) return false;
  seen.delete(id);
  seen.set(id, now);
  for (const oldest of seen.keys()) {
    if (seen.size <= cap) break;
    seen.delete(oldest);
  }
  return true;
}

/** Writes one 'rate-limit-lockout' audit entry per endpoint and key and window. Never throws. */
export async function auditLockout(db: Db, endpoint: string, key: string, retryAfterSeconds: number, windowMs: number, now = Date.now()) {
  let seen = audited.get(db);
  if (!seen) audited.set(db, (seen = new Map()));
  if (!markOnce(seen, `${endpoint}:${key}`, now, windowMs)) return;
  await audit(db, { actorId: null, action: 'rate-limit-lockout', entity: 'auth', entityId: null, after: { endpoint, key, retryAfterSeconds } }).catch((err) =>
    log.error('audit of a lockout failed', err instanceof Error ? { err: err.message } : err),
  );
}

async function guarded<T>(db: Db, name: AuthRule, key: string, now: number, check: (owner: object, rule: RateRule, key: string, now: number) => T): Promise<T> {
  const r = AUTH_RULES[name];
  try {
    return check(db, r, key, now);
  } catch (err) {
    if (err instanceof DomainError && err.code === 'TOO_MANY_REQUESTS') await auditLockout(db, r.name, key, err.retryAfterSeconds ?? 0, r.windowMs, now);
    throw err;
  }
}

/** Count one request; TOO_MANY_REQUESTS (Retry-After) once over the rule's limit, the lockout audited. */
export const limitAuth = (db: Db, name: AuthRule, key: string, now = Date.now()): Promise<void> => guarded(db, name, key, now, hitRateLimit);
/**
 * For failures-only rules: count this attempt as a failure before checking it (TOO_MANY_REQUESTS, audited,
 * when the key is already locked out); call the returned release when the attempt turns out good.
 */
export const reserveFailure = (db: Db, name: AuthRule, key: string, now = Date.now()): Promise<() => void> => guarded(db, name, key, now, reserveRateLimit);
