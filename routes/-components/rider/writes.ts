import { sendWrite, startOutbox } from '../../../src/client/outbox';
import type { Fix } from '../../../src/client/scanner';

/**
 * The dashboard's two writes, with the bodies the spec meant but never sent
 * (docs/spec-decisions.md): location { lat, lng, accuracy } and cash { amount }.
 * Both go through the rider outbox, so each carries an Idempotency-Key and a
 * write made without signal is sent later, once.
 */
export const locationUrl = (riderId: string) => `/api/riders/${encodeURIComponent(riderId)}/location`;
export const cashUrl = (riderId: string) => `/api/riders/${encodeURIComponent(riderId)}/cash/submit`;

/** The phone's time goes along, so a late upload keeps when the rider was there. */
export function locationBody(fix: Fix, at: number) {
  return { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy, recordedAt: Math.round(at) };
}

export function cashBody(amount: number) {
  return { amount };
}

/** Cash in major units → a number with the currency's digits (KWD 3, AED 2), or null when not a positive amount. */
export function parseAmount(text: string, digits: number): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  if (!Number.isFinite(n) || n <= 0) return null;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export type WriteResult = { kind: 'sent' } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'unauthorized' };

async function riderWrite(userId: string, url: string, body: Record<string, unknown>, meta: Record<string, unknown>): Promise<WriteResult> {
  await startOutbox(userId);
  const o = await sendWrite({ method: 'POST', url, body, meta });
  if (o.kind === 'dropped') return { kind: 'refused', message: o.message };
  return { kind: o.kind };
}

export const sendLocationUpdate = (userId: string, riderId: string, fix: Fix, at = Date.now()) =>
  riderWrite(userId, locationUrl(riderId), locationBody(fix, at), { kind: 'location' });

export const sendCash = (userId: string, riderId: string, amount: number) => riderWrite(userId, cashUrl(riderId), cashBody(amount), { kind: 'cash' });
