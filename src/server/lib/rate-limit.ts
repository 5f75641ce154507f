import { rateLimited } from '../errors';
import { msg, type Message } from '../../shared/i18n/message';

/**
 * A sliding-window limit on requests per key (an IP), in memory: one server process answers the
 * public chat, and a restart forgetting the window is harmless. The window lives with its owner
 * (the app's database handle), so two apps in one process (tests) never share counts.
 */
export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  message: Message;
}

const windows = new WeakMap<object, Map<string, number[]>>();
/** Above this many keys, a hit first forgets keys whose window has passed. */
const PRUNE_AT = 10_000;

function prune(hits: Map<string, number[]>, since: number) {
  for (const [key, times] of hits) if (!times.length || times.at(-1)! <= since) hits.delete(key);
}

/** The hits of `key` still inside the window; throws TOO_MANY_REQUESTS (with Retry-After) when at the limit. */
function liveHits(owner: object, rule: RateRule, key: string, now: number): number[] {
  let hits = windows.get(owner);
  if (!hits) windows.set(owner, (hits = new Map()));
  const since = now - rule.windowMs;
  if (hits.size > PRUNE_AT) prune(hits, since);
  const id = `${rule.name}:${key}`;
  const times = (hits.get(id) ?? []).filter((t) => t > since);
  hits.set(id, times);
  if (times.length >= rule.max) throw rateLimited(rule.message, Math.max(1, Math.ceil((times[0]! + rule.windowMs - now) / 1000)));
  return times;
}

/** Count one request for `key`; throws TOO_MANY_REQUESTS (with Retry-After) once over the limit. */
export function hitRateLimit(owner: object, rule: RateRule, key: string, now = Date.now()): void {
  liveHits(owner, rule, key, now).push(now);
}

/**
 * For limits on failures (a wrong password, a bad token): counts the attempt BEFORE it is checked, so
 * concurrent attempts cannot all pass a check made before any of them failed; throws like hitRateLimit
 * when `key` is already at the limit. Returns the release to call when the attempt succeeds, which takes
 * the count back (once).
 */
export function reserveRateLimit(owner: object, rule: RateRule, key: string, now = Date.now()): () => void {
  liveHits(owner, rule, key, now).push(now);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const times = windows.get(owner)?.get(`${rule.name}:${key}`);
    const at = times?.indexOf(now) ?? -1;
    if (at >= 0) times!.splice(at, 1);
  };
}

export const perMinute = (name: string, max: number): RateRule => ({
  name,
  max,
  windowMs: 60_000,
  message: msg('errors.tooManyRequests'),
});
