import type { LedgerKind } from '../../../shared/cash/ledger-types';

/** One entry of a rider's `hand` (or `transit`) account in one currency, as the ledger holds it. */
export interface HandEntry {
  seq: number;
  amountMinor: number;
  at: Date;
  kind: LedgerKind;
  orderId?: string | null;
  submissionId?: string | null;
  /** The entry's account: `hand` when left out. Only `hand` and `transit` entries are read. */
  account?: 'hand' | 'transit' | (string & {});
}

/** A lot of cash: how much and since when (the time it first came into the rider's hand). */
export interface HeldLot {
  minor: number;
  at: Date;
  orderId: string | null;
}

/** The rider's cash lot by lot, oldest first: what is in hand, and what was handed over and not yet counted. */
export interface CashLots {
  hand: HeldLot[];
  transit: HeldLot[];
}

const byTime = (a: HeldLot, b: HeldLot) => a.at.getTime() - b.at.getTime();

/**
 * The rider's cash lot by lot (FIFO), from the `hand` and `transit` entries in `seq` order. Money into
 * the hand (collections, corrections) adds a lot; money out of it settles the oldest lots first, as cash
 * is handed over in practice. A lot keeps the time it first came into the rider's hand wherever it goes
 * until the company has counted it, so the hold clock cannot be reset by moving cash around:
 * - a submission (`handover_submitted`) moves the lots it takes from the hand to transit, times kept;
 * - the company's count (`handover_received`, a `transit` entry) consumes the submission's lots: they
 *   leave transit (they are no longer the rider's to hold);
 * - a withdrawn or disputed hand-over (`handover_cancelled`) puts back the very lots it took;
 * - a short count the rider still owes (`discrepancy_resolved` into the hand) brings back the newest
 *   lots of that submission, with their original times (the counted cash settled its oldest lots);
 * - a collection reversal takes back its own order's lot first (that delivery's cash never was the
 *   rider's to hold), then FIFO for any rest.
 * Money out of the hand beyond what is held (a negative balance) is a debt that later money in pays first.
 * Without `transit` entries (account left out), the hand's lots are exactly as before: transit lots
 * then simply never leave transit.
 */
export function cashLots(entries: readonly HandEntry[]): CashLots {
  const hand: HeldLot[] = [];
  /** The lots each submission took from the hand, and whether they are still in transit. */
  const submitted = new Map<string, { lots: HeldLot[]; inTransit: boolean }>();
  let debt = 0;

  const take = (amount: number, pick: (lot: HeldLot) => boolean = () => true): { left: number; taken: HeldLot[] } => {
    const taken: HeldLot[] = [];
    let left = amount;
    for (let i = 0; i < hand.length && left > 0; ) {
      const lot = hand[i]!;
      if (!pick(lot)) {
        i++;
        continue;
      }
      const used = Math.min(lot.minor, left);
      taken.push({ ...lot, minor: used });
      lot.minor -= used;
      left -= used;
      if (lot.minor === 0) hand.splice(i, 1);
      else i++;
    }
    return { left, taken };
  };

  const add = (lot: HeldLot) => {
    const paid = Math.min(debt, lot.minor);
    debt -= paid;
    if (lot.minor - paid <= 0) return;
    // Kept in time order: a lot put back goes where its time says.
    const at = hand.findIndex((l) => l.at.getTime() > lot.at.getTime());
    const next = { ...lot, minor: lot.minor - paid };
    if (at === -1) hand.push(next);
    else hand.splice(at, 0, next);
  };

  /** Puts `amount` of a submission's lots back into the hand: all of them (cancelled) or its newest (owed). */
  const giveBack = (submissionId: string, amount: number, newestFirst: boolean): number => {
    const s = submitted.get(submissionId);
    if (!s) return amount;
    let left = amount;
    const order = newestFirst ? [...s.lots].reverse() : [...s.lots];
    for (const lot of order) {
      if (left <= 0) break;
      const minor = Math.min(lot.minor, left);
      add({ ...lot, minor });
      lot.minor -= minor;
      left -= minor;
    }
    s.lots = s.lots.filter((l) => l.minor > 0);
    if (newestFirst) s.inTransit = false;
    else submitted.delete(submissionId);
    return left;
  };

  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    const account = e.account ?? 'hand';
    if (account === 'transit') {
      // The count takes the submission's lots out of transit (a short part can still come back to the hand).
      if (e.amountMinor < 0 && e.kind === 'handover_received' && e.submissionId) {
        const s = submitted.get(e.submissionId);
        if (s) s.inTransit = false;
      }
      continue;
    }
    if (account !== 'hand') continue;
    if (e.amountMinor > 0) {
      let left = e.amountMinor;
      if (e.submissionId && e.kind === 'handover_cancelled') left = giveBack(e.submissionId, left, false);
      else if (e.submissionId && e.kind === 'discrepancy_resolved') left = giveBack(e.submissionId, left, true);
      if (left > 0) add({ minor: left, at: e.at, orderId: e.orderId ?? null });
    } else if (e.amountMinor < 0) {
      let amount = -e.amountMinor;
      const taken: HeldLot[] = [];
      if (e.kind === 'collection_reversal' && e.orderId) {
        const own = take(amount, (lot) => lot.orderId === e.orderId);
        taken.push(...own.taken);
        amount = own.left;
      }
      const rest = take(amount);
      taken.push(...rest.taken);
      debt += rest.left;
      if (e.kind === 'handover_submitted' && e.submissionId) {
        // Handed over beyond what was held (only after a reversal): that part has no older time.
        if (rest.left > 0) taken.push({ minor: rest.left, at: e.at, orderId: null });
        const s = submitted.get(e.submissionId) ?? { lots: [], inTransit: true };
        s.lots.push(...taken);
        submitted.set(e.submissionId, s);
      }
    }
  }
  const transit = [...submitted.values()].filter((s) => s.inTransit).flatMap((s) => s.lots.filter((l) => l.minor > 0));
  return { hand, transit: transit.sort(byTime) };
}

/** The cash a rider still holds (the `hand` account), lot by lot, oldest first. */
export function heldLots(entries: readonly HandEntry[]): HeldLot[] {
  return cashLots(entries).hand;
}

/** When the oldest cash the rider still holds came into their hand, or null when they hold none. */
export function oldestHeldSince(entries: readonly HandEntry[]): Date | null {
  return heldLots(entries)[0]?.at ?? null;
}

/**
 * Cash the company has not counted yet, in hand or in transit, lot by lot, oldest first (needs the
 * `transit` entries too, with their account).
 */
export function uncountedLots(entries: readonly HandEntry[]): HeldLot[] {
  const { hand, transit } = cashLots(entries);
  return [...hand, ...transit].sort(byTime);
}

/** When the oldest cash the company has not counted came into the rider's hand, or null when there is none. */
export function oldestUncountedSince(entries: readonly HandEntry[]): Date | null {
  return uncountedLots(entries)[0]?.at ?? null;
}
