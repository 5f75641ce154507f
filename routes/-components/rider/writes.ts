import { sendWrite, startOutbox, type OutboxWrite } from '../../../src/client/outbox';
import type { Fix } from '../../../src/client/scanner';
import { withCapture, type CaptureRef } from '../app/actions';

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

export { parseAmount } from '../../../src/client/format';

export type WriteResult = { kind: 'sent' } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'unauthorized' };

async function riderWrite(userId: string, url: string, body: Record<string, unknown>, meta: Record<string, unknown>, extra: Partial<OutboxWrite> = {}): Promise<WriteResult> {
  await startOutbox(userId);
  const o = await sendWrite({ method: 'POST', url, body, meta, ...extra });
  if (o.kind === 'dropped') return { kind: 'refused', message: o.message };
  return { kind: o.kind };
}

export const sendLocationUpdate = (userId: string, riderId: string, fix: Fix, at = Date.now()) =>
  riderWrite(userId, locationUrl(riderId), locationBody(fix, at), { kind: 'location' });

/** Cash { amount }, with the scanned cash slip (its captureId now, or from its upload's answer once sent). */
export function sendCash(userId: string, riderId: string, amount: number, slip: CaptureRef = null) {
  const c = withCapture(slip, 'slipCaptureId');
  return riderWrite(userId, cashUrl(riderId), { ...cashBody(amount), ...c.body }, { kind: 'cash' }, c.extra);
}
