import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** 160 random bits as the cookie value. */
export function generateSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Only this digest is stored, so a leaked table cannot be replayed as cookies. (Native SHA-256: on every request.) */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
