import { describe, expect, test } from 'bun:test';
import type { OutboxEntry } from '../../../src/client/outbox/types';
import { unseenWrites } from './overlay';
import { shiftsWithDuty, todayFigures, unsentOf, type ServerToday } from './today';

const MIN = 60_000;
const H = 60 * MIN;
/** Local midnight of the known day (any instant works: every time below is relative to it). */
const DAY = Date.UTC(2027, 2, 14, 21, 0);

let seq = 0;
const entry = (kind: string, body: Record<string, unknown>, meta: Record<string, unknown> = {}): OutboxEntry => ({
  method: 'POST',
  url: `/api/${kind}`,
  body,
  meta: { kind, ...meta },
  key: `k-${++seq}`,
  owner: 'u',
  createdAt: DAY + seq,
  seq,
  attempts: 0,
  lastError: null,
});
const delivered = (orderId: string, at: number, startedAt: number | null, cash = 0) =>
  entry('order', { status: 'delivered', recipientName: 'Noura', at }, { orderId, cash, currency: 'KWD', startedAt });

/**
 * The server's answer at 10:00 of the known day: one shift 08:00–10:00, two deliveries (12 and 8 minutes), 4.2 km,
 * KWD 3.500 collected; as tracking.today gives it (the figures /rider shows).
 */
const server = (over: Partial<ServerToday['basis']> = {}): ServerToday => ({
  currency: 'KWD',
  ordersCompleted: 2,
  cashCollected: 3.5,
  kmTraveled: 4.2,
  averageOrderMinutes: 10,
  route: { distanceKm: 4.2, dutyMinutes: 120, onDuty: false, ordersPerHour: 1, efficiency: 33.3, lastLocation: { lat: 29.3375, lng: 48.0263, at: new Date(DAY + 10 * H).toISOString() } },
  basis: {
    since: DAY,
    asOf: DAY + 10 * H,
    shifts: [{ start: DAY + 8 * H, end: DAY + 10 * H, breaks: [] }],
    deliveries: [
      { id: 'a', startedAt: DAY + 8 * H + 20 * MIN, deliveredAt: DAY + 8 * H + 32 * MIN },
      { id: 'b', startedAt: DAY + 9 * H, deliveredAt: DAY + 9 * H + 8 * MIN },
    ],
    ...over,
  },
});

const none: ReturnType<typeof unsentOf> = [];

describe('today on the phone: the server figures plus what it has not seen', () => {
  test('with nothing unsent, the figures are exactly the server answer (/rider)', () => {
    const s = server();
    const m = todayFigures(s, { duty: null, unsent: none, currency: 'KWD' }, DAY + 11 * H);
    expect(m).toEqual({ ordersCompleted: 2, ordersPerHour: 1, totalDistance: 4.2, averageOrderTime: 10, cashCollected: 3.5, efficiency: 33.3, workingHours: 2 });
    expect<unknown[]>([m.ordersCompleted, m.ordersPerHour, m.averageOrderTime, m.totalDistance]).toEqual([s.ordersCompleted, s.route.ordersPerHour, s.averageOrderMinutes, s.kmTraveled]);
  });

  test('a delivery recorded offline counts once before it is sent, once after, and once when the answer has it', () => {
    const duty = { startTime: DAY + 10 * H + 30 * MIN, startOdometer: 100, breaks: [] };
    const write = delivered('c', DAY + 11 * H, DAY + 10 * H + 54 * MIN, 2.25);
    const now = DAY + 11 * H + 30 * MIN;
    // Waiting in the outbox (offline), the server answer from 10:00.
    const waiting = todayFigures(server(), { duty, unsent: unsentOf(unseenWrites([write], [], DAY + 10 * H)), currency: 'KWD' }, now);
    expect([waiting.ordersCompleted, waiting.cashCollected, waiting.averageOrderTime]).toEqual([3, 5.75, 8.7]);
    // 3 on duty over 2 h + 1 h = 1 an hour.
    expect([waiting.workingHours, waiting.ordersPerHour, waiting.efficiency]).toEqual([3, 1, 33.3]);
    // Sent at 11:05, the answer still the one of 10:00: the write is still unseen by it.
    const sent = todayFigures(server(), { duty, unsent: unsentOf(unseenWrites([], [{ entry: write, at: DAY + 11 * H + 5 * MIN }], DAY + 10 * H)), currency: 'KWD' }, now);
    expect(sent).toEqual(waiting);
    // The answer refetched at 11:06 lists it: counted from the answer only, not again from the phone.
    const fresh = server({
      asOf: DAY + 11 * H + 6 * MIN,
      shifts: [...server().basis.shifts, { start: duty.startTime, end: null, breaks: [] }],
      deliveries: [...server().basis.deliveries, { id: 'c', startedAt: DAY + 10 * H + 54 * MIN, deliveredAt: DAY + 11 * H }],
    });
    const after = todayFigures({ ...fresh, ordersCompleted: 3, cashCollected: 5.75 }, { duty, unsent: unsentOf(unseenWrites([], [{ entry: write, at: DAY + 11 * H + 5 * MIN }], DAY + 11 * H + 6 * MIN)), currency: 'KWD' }, now);
    expect(after).toEqual(waiting);
    // Even a write still listed as unseen is not counted twice once the answer has its order.
    const both = todayFigures({ ...fresh, ordersCompleted: 3, cashCollected: 5.75 }, { duty, unsent: unsentOf([write, write]), currency: 'KWD' }, now);
    expect(both.ordersCompleted).toBe(3);
    expect(both.cashCollected).toBe(5.75);
  });

  test("yesterday's cached answer is not today's: only the phone's own writes of today count", () => {
    const now = DAY + 24 * H + 9 * H;
    const duty = { startTime: DAY + 24 * H + 8 * H, startOdometer: 0, breaks: [{ start: DAY + 24 * H + 8 * H + 15 * MIN, end: DAY + 24 * H + 8 * H + 45 * MIN }] };
    const unsent = unsentOf([delivered('old', DAY + 9 * H, null), delivered('d', DAY + 24 * H + 8 * H + 50 * MIN, DAY + 24 * H + 8 * H + 46 * MIN)]);
    const m = todayFigures(server(), { duty, unsent, currency: 'KWD' }, now);
    // One delivery in 30 minutes worked (an hour less a 30-minute break): 2 an hour.
    expect([m.ordersCompleted, m.workingHours, m.ordersPerHour, m.averageOrderTime, m.totalDistance, m.cashCollected]).toEqual([1, 0.5, 2, 4, 0, 0]);
  });

  test('no answer at all (first start offline): the phone’s own deliveries; a location write is no delivery', () => {
    const duty = { startTime: DAY + 8 * H, startOdometer: 0, breaks: [] };
    const unsent = unsentOf([entry('location', { lat: 29.3, lng: 48, recordedAt: DAY + 8 * H }), delivered('e', DAY + 8 * H + 30 * MIN, DAY + 8 * H + 10 * MIN, 1.5)]);
    const m = todayFigures(undefined, { duty, unsent, currency: 'KWD' }, DAY + 9 * H);
    expect(m).toEqual({ ordersCompleted: 1, ordersPerHour: 1, totalDistance: 0, averageOrderTime: 20, cashCollected: 1.5, efficiency: 33.3, workingHours: 1 });
  });

  test('a delivery in another currency adds to the count, not to the cash of this one', () => {
    const unsent = unsentOf([entry('order', { status: 'delivered', at: DAY + 10 * H + 5 * MIN }, { orderId: 'f', cash: 20, currency: 'AED', startedAt: null })]);
    const m = todayFigures(server(), { duty: null, unsent, currency: 'KWD' }, DAY + 11 * H);
    expect([m.ordersCompleted, m.cashCollected, m.ordersPerHour]).toEqual([3, 3.5, 1]);
  });
});

describe('the day’s shifts on the phone', () => {
  test('the phone’s duty replaces the open shift (its breaks), a duty the server has not seen is added, one the phone ended stops at the answer', () => {
    const open = { start: DAY + 8 * H, end: null, breaks: [] };
    const duty = { startTime: DAY + 8 * H + 2000, startOdometer: 0, breaks: [{ start: DAY + 9 * H, end: null }] };
    expect(shiftsWithDuty([open], duty, DAY + 10 * H)).toEqual([{ start: DAY + 8 * H, end: null, breaks: duty.breaks }]);
    expect(shiftsWithDuty([{ start: DAY, end: DAY + H, breaks: [] }], duty, DAY + 10 * H)).toEqual([
      { start: DAY, end: DAY + H, breaks: [] },
      { start: duty.startTime, end: null, breaks: duty.breaks },
    ]);
    expect(shiftsWithDuty([open], null, DAY + 10 * H)).toEqual([{ ...open, end: DAY + 10 * H }]);
  });
});
