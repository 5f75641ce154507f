import { rateLimited } from '../errors';

/**
 * A sliding-window limit on requests per key (an IP), in memory: one server process answers the
 * public chat, and a restart forgetting the window is harmless. The window lives with its owner
 * (the app's database handle), so two apps in one process (tests) never share counts.
 */
export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

const windows = new WeakMap<object, Map<string, number[]>>();
/** Above this many keys, a hit first forgets keys whose window has passed. */
const PRUNE_AT = 10_000;

function prune(hits: Map<string, number[]>, since: number) {
  for (const [key, times] of hits) if (!times.length || times.at(-1)! <= since) hits.delete(key);
}

/** Count one request for `key`; throws TOO_MANY_REQUESTS (with Retry-After) once over the limit. */
export function hitRateLimit(owner: object, rule: RateRule, key: string, now = Date.now()): void {
  let hits = windows.get(owner);
  if (!hits) windows.set(owner, (hits = new Map()));
  const since = now - rule.windowMs;
  if (hits.size > PRUNE_AT) prune(hits, since);
  const id = `${rule.name}:${key}`;
  const times = (hits.get(id) ?? []).filter((t) => t > since);
  if (times.length >= rule.max) {
    hits.set(id, times);
    throw rateLimited(rule.message, Math.max(1, Math.ceil((times[0]! + rule.windowMs - now) / 1000)));
  }
  times.push(now);
  hits.set(id, times);
}

export const perMinute = (name: string, max: number): RateRule => ({
  name,
  max,
  windowMs: 60_000,
  message: 'Too many requests. Please wait a minute and try again.',
});
