import { sendWrite, type OutboxWrite } from '../../../src/client/outbox';
import type { SubmitOutcome } from '../../../src/client/scanner';
import type { Currency } from '../../../src/shared/money';
import { REGIONS, type RegionId } from '../../../src/shared/regions';
import type { WriteKind } from './overlay';

/**
 * Every rider write, as an outbox entry on the spec's REST path. The phone's
 * time travels in the body (`at`, `recordedAt`, `timestamp`) so a late upload
 * keeps the time of the event.
 */
const post = (url: string, kind: WriteKind, body: Record<string, unknown>, extra: Partial<OutboxWrite> = {}): OutboxWrite => ({
  method: 'POST',
  url,
  body,
  ...extra,
  meta: { kind, ...extra.meta },
});

/** A scanned photo (odometer, cash slip): its captureId, or the outbox key of its still-waiting upload. */
export type CaptureRef = { captureId: string } | { key: string } | null;

/** The photo a later write refers to, from how its upload went (a refused upload is no photo). */
export const captureRefOf = (o: SubmitOutcome): CaptureRef =>
  o.kind === 'sent' && o.captureId ? { captureId: o.captureId } : o.kind === 'queued' ? { key: o.key } : null;

/** The photo's id in `field`, now or, while its upload waits in the outbox, filled in from that upload's answer. */
export const withCapture = (c: CaptureRef, field = 'captureId'): { body: Record<string, unknown>; extra: Partial<OutboxWrite> } =>
  !c ? { body: {}, extra: {} } : 'captureId' in c ? { body: { [field]: c.captureId }, extra: {} } : { body: {}, extra: { refs: { [field]: { key: c.key, field: 'captureId' } } } };

export function dutyStart(startOdometerKm: number, capture: CaptureRef = null, at = Date.now()) {
  const c = withCapture(capture);
  return sendWrite(post('/api/rider/duty/start', 'duty.start', { startOdometerKm, at, ...c.body }, c.extra));
}
export function dutyEnd(endOdometerKm: number, capture: CaptureRef = null, at = Date.now()) {
  const c = withCapture(capture);
  return sendWrite(post('/api/rider/duty/end', 'duty.end', { endOdometerKm, at, ...c.body }, c.extra));
}
export const breakStart = (at = Date.now()) => sendWrite(post('/api/rider/duty/break/start', 'break.start', { at }));
export const breakEnd = (at = Date.now()) => sendWrite(post('/api/rider/duty/break/end', 'break.end', { at }));

export interface Fix {
  lat: number;
  lng: number;
  accuracy: number | null;
  at: number;
}

/**
 * The spec's "body not actually sent" fixed: { lat, lng, accuracy } (+ when). Quiet: the header shows what waits;
 * a quiet one is a periodic ping, kept in the outbox list only when refused.
 */
export const sendLocation = (riderId: string, fix: Fix, opts: { quiet?: boolean } = { quiet: true }) =>
  sendWrite(
    post(
      `/api/riders/${encodeURIComponent(riderId)}/location`,
      'location',
      {
        lat: fix.lat,
        lng: fix.lng,
        ...(fix.accuracy !== null ? { accuracy: Math.round(fix.accuracy * 10) / 10 } : {}),
        recordedAt: Math.round(fix.at),
      },
      { background: opts.quiet !== false },
    ),
    opts,
  );

/** The spec's "body not actually sent" fixed: { amount }, with the scanned cash slip when there is one. */
export function submitCash(riderId: string, amount: number, slip: CaptureRef = null) {
  const c = withCapture(slip, 'slipCaptureId');
  return sendWrite(post(`/api/riders/${encodeURIComponent(riderId)}/cash/submit`, 'cash', { amount, ...c.body }, c.extra));
}

/** `previous`: the region shown before, restored should the server refuse the change (cash still to account for). */
export const setRegion = (riderId: string | null, region: RegionId, previous: RegionId | null = null) =>
  sendWrite(
    post(
      '/api/rider/region',
      'region',
      { region, currency: REGIONS[region].currency, ...(riderId ? { riderId } : {}), timestamp: new Date().toISOString() },
      { meta: { previous } },
    ),
    { quiet: true },
  );

export const syncPerformance = (body: Record<string, unknown>) =>
  sendWrite(post('/api/performance/sync', 'performance', body, { coalesce: 'performance', background: true }), { quiet: true });

export const orderPickedUp = (orderId: string, at = Date.now()) =>
  sendWrite(post(`/api/rider/orders/${encodeURIComponent(orderId)}/status`, 'order', { status: 'picked_up', at }, { meta: { orderId } }));

export const orderFailed = (orderId: string, reason: string, at = Date.now()) =>
  sendWrite(post(`/api/rider/orders/${encodeURIComponent(orderId)}/status`, 'order', { status: 'failed', reason, at }, { meta: { orderId } }));

export interface Delivery {
  orderId: string;
  recipientName: string;
  pin?: string;
  photo?: string;
  location: Fix | null;
  cash: number;
  currency: Currency;
  /** The order's pick-up (else assignment) time, ms: the average order time counts it until the server has the delivery. */
  startedAt?: number | null;
  at?: number;
}

/**
 * Proof of delivery: the photo (if any) goes first as a 'proof' capture; the
 * delivery then takes its captureId from that answer, even when both were
 * recorded offline and replayed later.
 */
export async function orderDelivered(d: Delivery) {
  const at = d.at ?? Date.now();
  let photoKey: string | null = null;
  if (d.photo) {
    const photo = await sendWrite(
      post(
        '/api/ocr/submit',
        'capture',
        {
          type: 'proof',
          image: d.photo,
          timestamp: new Date(at).toISOString(),
          location: d.location ? { lat: d.location.lat, lng: d.location.lng, ...(d.location.accuracy !== null ? { accuracy: d.location.accuracy } : {}) } : null,
        },
        { keepResult: true },
      ),
      { quiet: true },
    );
    photoKey = photo.key;
  }
  return sendWrite(
    post(
      `/api/rider/orders/${encodeURIComponent(d.orderId)}/status`,
      'order',
      { status: 'delivered', recipientName: d.recipientName, ...(d.pin ? { pin: d.pin } : {}), at },
      { meta: { orderId: d.orderId, cash: d.cash, currency: d.currency, startedAt: d.startedAt ?? null }, ...(photoKey ? { refs: { proofCaptureId: { key: photoKey, field: 'captureId' } } } : {}) },
    ),
  );
}
