import { describe, expect, test } from 'bun:test';
import type { OutboxEntry } from '../../../src/client/outbox/types';
import { addPosition, emptyLedger, forDuty } from './ledger';
import { applyCashWrites, applyDutyWrites, applyOrderWrites, unseenWrites, type ServerOrder } from './overlay';

let seq = 0;
const entry = (kind: string, body: Record<string, unknown>, meta: Record<string, unknown> = {}): OutboxEntry => ({
  method: 'POST',
  url: `/api/${kind}`,
  body,
  meta: { kind, ...meta },
  key: `k-${++seq}`,
  owner: 'u',
  createdAt: 1000 + seq,
  seq,
  attempts: 0,
  lastError: null,
});

const order = (id: string, status: 'assigned' | 'picked_up' = 'assigned'): ServerOrder => ({
  id,
  status,
  priority: 'normal',
  customerName: 'Noura',
  customerPhone: '+96550001234',
  pickupAddress: 'Souq',
  pickupAddressParts: null,
  pickupPlace: null,
  deliveryPlace: null,
  deliveryAddressParts: null,
  deliveryAddress: 'Salmiya',
  itemDescription: '',
  notes: '',
  currency: 'KWD',
  cashToCollect: 7.25,
  deliveryFee: 1.5,
  createdAt: '2026-11-22T05:00:00.000Z',
  startedAt: '2026-11-22T05:01:00.000Z',
  pickupPlan: null,
  dropoffPlan: null,
});

describe('duty seen through unsent writes', () => {
  test('start, break, end of break, applied in order from off duty', () => {
    const writes = [entry('duty.start', { startOdometerKm: 84512, at: 100 }), entry('break.start', { at: 200 }), entry('break.end', { at: 300 })];
    expect(applyDutyWrites(null, writes)).toEqual({ startTime: 100, startOdometer: 84512, breaks: [{ start: 200, end: 300 }] });
    expect(applyDutyWrites(null, [...writes, entry('duty.end', { endOdometerKm: 84600, at: 400 })])).toBeNull();
  });

  test('a write the server already applied changes nothing', () => {
    const server = { startTime: 100, startOdometer: 84512, breaks: [{ start: 200, end: null }] };
    expect(applyDutyWrites(server, [entry('duty.start', { startOdometerKm: 1, at: 150 }), entry('break.start', { at: 200 })])).toEqual(server);
  });

  test('sent writes count only until the data is newer than them', () => {
    const a = entry('break.start', { at: 1 });
    expect(unseenWrites([], [{ entry: a, at: 50 }], 40)).toEqual([a]);
    expect(unseenWrites([], [{ entry: a, at: 50 }], 60)).toEqual([]);
  });
});

describe('orders and cash seen through unsent writes', () => {
  test('picked up moves an order on (waiting); delivered takes it off', () => {
    const pick = entry('order', { status: 'picked_up' }, { orderId: 'a' });
    const done = entry('order', { status: 'delivered' }, { orderId: 'b', cash: 7.25, currency: 'KWD' });
    const view = applyOrderWrites([order('a'), order('b', 'picked_up')], [pick, done], new Set([pick.key]));
    expect(view.map((o) => [o.id, o.status, o.waiting])).toEqual([['a', 'picked_up', true]]);
  });

  test('a pick-up not yet sent starts the order clock at its own time (average order time)', () => {
    const at = Date.parse('2026-11-22T05:20:00.000Z');
    const view = applyOrderWrites([order('a')], [entry('order', { status: 'picked_up', at }, { orderId: 'a' })], new Set());
    expect(view[0]!.startedAt).toBe('2026-11-22T05:20:00.000Z');
  });

  test('cash on hand adds unsynced cash deliveries and subtracts submissions, in fils', () => {
    const writes = [entry('order', { status: 'delivered' }, { orderId: 'b', cash: 7.25, currency: 'KWD' }), entry('cash', { amount: 5.1 })];
    expect(applyCashWrites({ currency: 'KWD', cashOnHand: 18.39, pendingCash: 12.26 }, writes)).toEqual({ currency: 'KWD', onHand: 20.54, pending: 17.36 });
  });
});

describe('the duty ledger', () => {
  test('a new duty starts from zero; a start time the server clamped by seconds is the same duty', () => {
    const l = addPosition(emptyLedger(1_000_000), { lat: 29.3375, lng: 48.0263 }, 5, 1);
    expect(forDuty(l, 1_000_000 - 3_000).trail).toHaveLength(1);
    expect(forDuty(l, 1_000_000 + 3_600_000).trail).toHaveLength(0);
  });

  test('the route leaves out inaccurate fixes but still spaces the pings by them', () => {
    let l = emptyLedger(0);
    l = addPosition(l, { lat: 29.3375, lng: 48.0263 }, 5, 1);
    l = addPosition(l, { lat: 29.3339, lng: 48.0761 }, 500, 2);
    expect([l.trail, l.lastLocationAt]).toEqual([[{ lat: 29.3375, lng: 48.0263 }], 2]);
  });
});
