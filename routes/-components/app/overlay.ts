import type { RouterOutputs } from '../../../src/server/trpc/root';
import type { OutboxEntry } from '../../../src/client/outbox/types';
import { fromMinor, toMinor, type Currency } from '../../../src/shared/money';
import type { DutyBreak } from '../../../src/shared/performance';

/**
 * What the rider sees = what the server last said + the writes it has not seen
 * yet (still in the outbox, or sent after that answer was fetched). Pure, so
 * an offline duty day reads the same as an online one.
 */
export type ServerDuty = RouterOutputs['rider']['duty'];
export type ServerOrder = RouterOutputs['rider']['orders'][number];
export type ServerDashboard = RouterOutputs['rider']['dashboard'];

export type WriteKind = 'duty.start' | 'duty.end' | 'break.start' | 'break.end' | 'order' | 'cash' | 'location' | 'region' | 'performance' | 'capture' | 'ticket';

export interface Duty {
  startTime: number;
  startOdometer: number | null;
  breaks: DutyBreak[];
}

export const kindOf = (e: OutboxEntry) => e.meta?.kind as WriteKind | undefined;
const atOf = (e: OutboxEntry) => (typeof e.body?.at === 'number' ? e.body.at : e.createdAt);

/** The writes a view must still apply: pending ones, and sent ones newer than its data. */
export function unseenWrites(pending: readonly OutboxEntry[], done: readonly { entry: OutboxEntry; at: number }[], dataUpdatedAt: number): OutboxEntry[] {
  return [...done.filter((d) => d.at > dataUpdatedAt).map((d) => d.entry), ...pending].sort((a, b) => a.seq - b.seq);
}

export function dutyFromServer(d: ServerDuty | undefined): Duty | null {
  if (!d) return null;
  return {
    startTime: Date.parse(d.startTime),
    startOdometer: d.startOdometer,
    breaks: d.breaks.map((b) => ({ start: Date.parse(b.start), end: b.end ? Date.parse(b.end) : null })),
  };
}

/** Each step is harmless when the server already applied it (start when on duty, end of no break...). */
export function applyDutyWrites(base: Duty | null, writes: readonly OutboxEntry[]): Duty | null {
  let duty = base;
  for (const w of writes) {
    const at = atOf(w);
    switch (kindOf(w)) {
      case 'duty.start':
        if (!duty) duty = { startTime: at, startOdometer: Number(w.body?.startOdometerKm ?? 0), breaks: [] };
        break;
      case 'break.start':
        if (duty && !duty.breaks.some((b) => b.end === null)) duty = { ...duty, breaks: [...duty.breaks, { start: at, end: null }] };
        break;
      case 'break.end':
        if (duty) duty = { ...duty, breaks: duty.breaks.map((b) => (b.end === null ? { ...b, end: Math.max(at, b.start) } : b)) };
        break;
      case 'duty.end':
        duty = null;
        break;
      default:
        break;
    }
  }
  return duty;
}

export const onBreak = (d: Duty | null) => !!d?.breaks.some((b) => b.end === null);

export interface ViewOrder extends ServerOrder {
  /** A change to it is still waiting in the outbox. */
  waiting: boolean;
}

/** Picked up moves the order on; delivered or failed takes it off the list. */
export function applyOrderWrites(orders: readonly ServerOrder[], writes: readonly OutboxEntry[], pendingKeys: ReadonlySet<string>): ViewOrder[] {
  const byId = new Map<string, ViewOrder>(orders.map((o) => [o.id, { ...o, waiting: false }]));
  for (const w of writes) {
    if (kindOf(w) !== 'order') continue;
    const id = String(w.meta?.orderId ?? '');
    const o = byId.get(id);
    if (!o) continue;
    const status = w.body?.status;
    if (status === 'delivered' || status === 'failed') byId.delete(id);
    else if (status === 'picked_up') {
      // The pick-up starts the order's clock (average order time, docs/figures.md), as the server will record it.
      const at = typeof w.body?.at === 'number' ? new Date(w.body.at).toISOString() : o.startedAt;
      byId.set(id, { ...o, status: 'picked_up', startedAt: at, waiting: o.waiting || pendingKeys.has(w.key) });
    }
  }
  return [...byId.values()];
}

export interface CashView {
  currency: Currency;
  onHand: number;
  pending: number;
}

/**
 * Cash on hand grows with each cash delivery and shrinks with each submission,
 * in integer minor units (never float money).
 */
export function applyCashWrites(dash: Pick<ServerDashboard, 'currency' | 'cashOnHand' | 'pendingCash'>, writes: readonly OutboxEntry[]): CashView {
  const cur = dash.currency;
  let onHand = toMinor(dash.cashOnHand, cur);
  let pending = toMinor(dash.pendingCash, cur);
  for (const w of writes) {
    const kind = kindOf(w);
    if (kind === 'order' && w.body?.status === 'delivered' && w.meta?.currency === cur) onHand += toMinor(Number(w.meta?.cash ?? 0), cur);
    if (kind === 'cash') {
      const m = toMinor(Number(w.body?.amount ?? 0), cur);
      onHand -= m;
      pending += m;
    }
  }
  return { currency: cur, onHand: fromMinor(onHand, cur), pending: fromMinor(pending, cur) };
}
