import { integer, text } from 'drizzle-orm/sqlite-core';

/** Random, non-sequential ids (20 chars of base32, 100 bits) so a client never learns counts. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(13));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let out = '';
  for (const b of bytes) out += alphabet[b & 31];
  for (let i = 0; i < 7; i++) out += alphabet[(bytes[i]! >> 5) | ((bytes[i + 6]! & 3) << 3)];
  return out;
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
