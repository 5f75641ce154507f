import type { OutboxEntry } from '../../../src/client/outbox/types';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { fromMinor, toMinor, type Currency } from '../../../src/shared/money';
import { performanceOf, type PerformanceMetrics } from '../../../src/shared/performance';
import { duringShift, dutyMs, type ShiftSpan } from '../../../src/shared/rider-route';
import { SAME_DUTY_MS } from './ledger';
import { kindOf, type Duty } from './overlay';

/**
 * The rider app's figures of today (docs/figures.md): the server's answer (tracking.today, what /rider shows), plus
 * what the phone recorded that the server has not seen yet. Pure; every formula is the shared one the server uses.
 */
export type ServerToday = RouterOutputs['tracking']['today'];

export interface UnsentDelivery {
  orderId: string;
  at: number;
  startedAt: number | null;
  cash: number;
  currency: Currency;
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The deliveries among writes the server has not seen (overlay.ts unseenWrites). */
export const unsentOf = (writes: readonly OutboxEntry[]): UnsentDelivery[] =>
  writes
    .filter((w) => kindOf(w) === 'order' && w.body?.status === 'delivered')
    .map((w) => ({ orderId: String(w.meta?.orderId), at: num(w.body?.at) ?? w.createdAt, startedAt: num(w.meta?.startedAt), cash: num(w.meta?.cash) ?? 0, currency: w.meta?.currency as Currency }));

const DAY_MS = 86_400_000;

/**
 * The day's shifts as the phone knows them: the server's, with the phone's current duty (its breaks, or a duty the
 * server has not seen) in place of the open one; a shift the server still has open but the phone has ended, up to
 * the server's answer.
 */
export function shiftsWithDuty(server: readonly ShiftSpan[], duty: Duty | null, asOf: number): ShiftSpan[] {
  let matched = false;
  const shifts = server.map((s) => {
    if (duty && !matched && (s.end === null || Math.abs(s.start - duty.startTime) < SAME_DUTY_MS)) {
      matched = true;
      return { start: s.start, end: null, breaks: duty.breaks };
    }
    return s.end === null ? { ...s, end: asOf } : s;
  });
  if (duty && !matched) shifts.push({ start: duty.startTime, end: null, breaks: duty.breaks });
  return shifts;
}

/**
 * Today's figures on the phone. The server's answer counts when it is of today (a cached answer from an earlier
 * day does not); a delivery it already lists is not counted again, whether the phone's write is still waiting or
 * was sent after the answer was fetched. Km are the answer's: positions are sent every 30 s while online.
 */
export function todayFigures(server: ServerToday | undefined, phone: { duty: Duty | null; unsent: readonly UnsentDelivery[]; currency: Currency }, now: number): PerformanceMetrics {
  const basis = server && now < server.basis.since + DAY_MS ? server.basis : undefined;
  // Local midnight of today: the answer's, whole days on when it is of an earlier day.
  const since = server ? server.basis.since + Math.floor((now - server.basis.since) / DAY_MS) * DAY_MS : 0;
  const known = new Set(basis?.deliveries.map((d) => d.id));
  // (Each order once: added to `known` as it is taken.)
  const unsent = phone.unsent.filter((d) => d.at >= since && !known.has(d.orderId) && !!known.add(d.orderId));
  const times = [...(basis?.deliveries ?? []), ...unsent.map((d) => ({ startedAt: d.startedAt, deliveredAt: d.at }))];
  const shifts = shiftsWithDuty(basis?.shifts ?? [], phone.duty, basis?.asOf ?? now);
  const { currency } = phone;
  const cashMinor = unsent.reduce((sum, d) => sum + (d.currency === currency ? toMinor(d.cash, currency) : 0), basis ? toMinor(server!.cashCollected, currency) : 0);
  return performanceOf({
    hours: dutyMs(shifts, since, now) / 3_600_000,
    ordersCompleted: times.length,
    ordersOnDuty: times.filter((o) => duringShift(shifts, o.deliveredAt, now)).length,
    orderTimes: times,
    distanceKm: basis ? server!.kmTraveled : 0,
    cashCollected: fromMinor(cashMinor, currency),
  });
}
