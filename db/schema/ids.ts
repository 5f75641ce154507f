import { integer, text } from 'drizzle-orm/sqlite-core';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const ID_LENGTH = 20;

/**
 * The id of 13 random bytes: their first 100 bits, five at a time (most significant first), each as one of
 * the 32 characters, so every character carries 5 bits of its own and 20 characters carry 100.
 */
function idFromBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) {
    const bit = i * 5;
    const at = bit >> 3;
    // Two bytes as one 16-bit window holds any 5 bits that start in the first of them.
    const window = (bytes[at]! << 8) | (bytes[at + 1] ?? 0);
    out += ALPHABET[(window >> (11 - (bit & 7))) & 31];
  }
  return out;
}

/** Random, non-sequential ids (20 chars of base32, 100 bits from the system's CSPRNG) so a client never learns counts. */
export function newId(): string {
  return idFromBytes(crypto.getRandomValues(new Uint8Array(13)));
}

export const id = () => text('id').primaryKey().$defaultFn(newId);
/** UTC instants as integer milliseconds. */
export const utc = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () => utc('created_at').notNull().$defaultFn(() => new Date());

/** 120 random bits as 24 hex characters: the public tracking link's code. */
export function newTrackingCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 4-digit delivery PIN (uniform, no modulo bias). */
export function newDeliveryPin(): string {
  const n = crypto.getRandomValues(new Uint16Array(1))[0]!;
  return n < 60000 ? String(n % 10000).padStart(4, '0') : newDeliveryPin();
}
