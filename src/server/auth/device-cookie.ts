import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serialize } from 'hono/utils/cookie';
import type { Env } from '../env';
import { log } from '../log';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; docs/decisions/007-device-cookies.md):
 * a browser that signed in to an account before carries `<userId>.<nonce>.<hmac>` for it, signed with
 * DEVICE_COOKIE_SECRET. Stateless: nothing is stored per device; a device's failed sign-ins are counted
 * under its nonce in login_attempts. Separate from the session (sign-out leaves it), HttpOnly, one cookie
 * holding the tokens of the last few accounts used on that browser (a shared phone).
 */
export const DEVICE_COOKIE = 'kwt_device';
/** A year: a phone that signs in once a year stays trusted. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered per browser; the oldest drops off. */
export const DEVICE_TOKENS_PER_BROWSER = 4;

const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const keys = new WeakMap<Env, Buffer>();

/** The HMAC key: DEVICE_COOKIE_SECRET, or (unset) a random key for this process: cookies then stop counting after a restart. */
function keyFor(config: Env): Buffer {
  let key = keys.get(config);
  if (!key) {
    if (config.DEVICE_COOKIE_SECRET) key = Buffer.from(config.DEVICE_COOKIE_SECRET, 'utf8');
    else {
      key = randomBytes(32);
      if (config.NODE_ENV === 'production') log.warn('DEVICE_COOKIE_SECRET is not set: device cookies are trusted until the next restart only');
    }
    keys.set(config, key);
  }
  return key;
}

const sign = (config: Env, userId: string, nonce: string) => createHmac('sha256', keyFor(config)).update(`kwt-device-v1|${userId}|${nonce}`).digest('base64url');

/** A new token for `userId`: a random 128-bit nonce, signed. */
export function issueDeviceToken(config: Env, userId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${sign(config, userId, nonce)}`;
}

/** The nonce of a correctly signed token for `userId` in the cookie's value, else null (forged, another user's, malformed). */
export function trustedDeviceNonce(config: Env, cookieValue: string | undefined, userId: string): string | null {
  for (const token of (cookieValue ?? '').split('~').slice(0, DEVICE_TOKENS_PER_BROWSER)) {
    const m = TOKEN.exec(token);
    if (!m || m[1] !== userId) continue;
    const expected = Buffer.from(sign(config, userId, m[2]!));
    const given = Buffer.from(m[3]!);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return m[2]!;
  }
  return null;
}

/**
 * The cookie after a successful sign-in of `userId`: its token first (the one presented, when it was
 * trusted, so the nonce and its failure count carry on; else a new one), the other accounts' after it.
 */
export function deviceCookieAfterSignIn(config: Env, cookieValue: string | undefined, userId: string, secure: boolean): string {
  const kept = trustedDeviceNonce(config, cookieValue, userId);
  const own = kept ? `${userId}.${kept}.${sign(config, userId, kept)}` : issueDeviceToken(config, userId);
  const others = (cookieValue ?? '')
    .split('~')
    .filter((tk) => TOKEN.test(tk) && !tk.startsWith(`${userId}.`))
    .slice(0, DEVICE_TOKENS_PER_BROWSER - 1);
  return serialize(DEVICE_COOKIE, [own, ...others].join('~'), { httpOnly: true, sameSite: 'Lax', secure, path: '/api', maxAge: DEVICE_COOKIE_MAX_AGE_S });
}
