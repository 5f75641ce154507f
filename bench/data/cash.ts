/**
 * The scale data set's cash (issue 9 ledger, docs/cash-ledger.md), posted as the app posts it, so every balance
 * the app derives is a sum of these entries: a collection journal (customer → hand) for every delivered cash
 * order, at its delivery; and a counted hand-over per rider each month (the morning of the 1st, Kuwait time)
 * of everything collected before it: a confirmed cash submission with its two journals, hand → transit and,
 * when the manager counts it, transit → company. A last hand-over two days before --now leaves the last two
 * days' cash on the riders' hands. Orders arrive in creation order and are delivered within MAX_DELIVERY_MS, so
 * a hand-over is posted as soon as the first order created after its cut arrives, and cash delivered past a cut
 * waits for the next one; no rider's hand goes below zero at any time.
 */
import { DAY_MS } from '../../src/shared/time';
import type { BulkTable, Inserter, Loader } from './bulk';
import type { Fleet } from './fleet';
import type { Rand } from './random';

/** Every order is delivered (or finished) within this of its creation (bench/data/orders.ts). */
export const MAX_DELIVERY_MS = 3 * 3_600_000;
const HOUR = 3_600_000;
/** Kuwait is UTC+3 all year. */
const KUWAIT_OFFSET_MS = 3 * HOUR;

/** The cuts: the 1st of every month at 10:00 Kuwait time after `from`, and two days before `now`. */
export function handoverCuts(from: number, now: number): number[] {
  const last = now - 2 * DAY_MS;
  const cuts: number[] = [];
  const local = new Date(from + KUWAIT_OFFSET_MS);
  for (let m = local.getUTCMonth() + 1; ; m++) {
    const cut = Date.UTC(local.getUTCFullYear(), m, 1, 10) - KUWAIT_OFFSET_MS;
    // A month's cut within a day of the last one would leave too little between them to tell deliveries apart.
    if (cut > last - DAY_MS) break;
    cuts.push(cut);
  }
  cuts.push(last);
  return cuts;
}

export class CashBook {
  private readonly ledger: Inserter;
  private readonly submissions: Inserter;
  /** Per rider: cash collected before the next cut, and after it (delivered past the cut). */
  private readonly held: Float64Array;
  private readonly carry: Float64Array;
  private readonly cuts: number[];
  private next = 0;

  constructor(
    tx: Loader,
    private readonly fleet: Fleet,
    private readonly r: Rand,
    from: number,
    now: number,
  ) {
    this.ledger = tx.table('cash_ledger', ['journal_id', 'rider_id', 'company_id', 'currency', 'account', 'amount_minor', 'kind', 'order_id', 'submission_id', 'actor_id', 'at']);
    this.submissions = tx.table('cash_submissions', [
      'id', 'rider_id', 'amount_minor', 'currency', 'status', 'channel', 'code_attempts', 'counted_minor', 'received_by', 'received_at', 'receipt_method', 'discrepancy_minor', 'created_at', 'confirmed_at',
    ]);
    this.held = new Float64Array(fleet.riders.length);
    this.carry = new Float64Array(fleet.riders.length);
    this.cuts = handoverCuts(from, now);
  }

  /** Called with each order's creation time, in order: posts the hand-overs of every cut passed. */
  reach(createdAt: number): void {
    while (this.next < this.cuts.length && this.cuts[this.next]! <= createdAt) this.handOver(this.cuts[this.next++]!);
  }

  /** A delivered cash order: customer → hand at its delivery. */
  collect(rider: number, orderId: string, amountMinor: number, deliveredAt: number): void {
    const cut = this.cuts[this.next] ?? Number.POSITIVE_INFINITY;
    if (deliveredAt < cut) this.held[rider]! += amountMinor;
    else this.carry[rider]! += amountMinor;
    this.journal(rider, 'collection', deliveredAt, null, null, orderId, [
      ['customer', -amountMinor],
      ['hand', amountMinor],
    ]);
  }

  /** Posts the cuts no order reached, then writes what is buffered. */
  end(): BulkTable[] {
    while (this.next < this.cuts.length) this.handOver(this.cuts[this.next++]!);
    return [this.ledger.end(), this.submissions.end()];
  }

  private handOver(cut: number): void {
    const { r, fleet } = this;
    for (let i = 0; i < fleet.riders.length; i++) {
      const amount = this.held[i]!;
      this.held[i] = this.carry[i]!;
      this.carry[i] = 0;
      if (amount <= 0) continue;
      const rider = fleet.riders[i]!;
      const manager = fleet.companies[rider.company]!.manager.id;
      const submittedAt = cut + r.int(0, 90) * 60_000;
      const receivedAt = submittedAt + r.int(10, 180) * 60_000;
      const id = r.id();
      const cur = fleet.companies[rider.company]!.country.currency;
      this.submissions.add([id, rider.id, amount, cur, 'confirmed', 'handover', 0, amount, manager, receivedAt, r.chance(0.7) ? 'qr' : 'code', 0, submittedAt, receivedAt]);
      this.journal(i, 'handover_submitted', submittedAt, rider.account?.id ?? null, id, null, [
        ['hand', -amount],
        ['transit', amount],
      ]);
      this.journal(i, 'handover_received', receivedAt, manager, id, null, [
        ['transit', -amount],
        ['company', amount],
      ]);
    }
  }

  /** One journal: integer minor units summing to zero, as src/server/services/cash/ledger.ts requires. */
  private journal(rider: number, kind: string, at: number, actorId: string | null, submissionId: string | null, orderId: string | null, lines: [string, number][]): void {
    if (lines.reduce((s, [, m]) => s + m, 0) !== 0 || lines.some(([, m]) => !Number.isSafeInteger(m))) throw new Error(`unbalanced ${kind} journal`);
    const p = this.fleet.riders[rider]!;
    const company = this.fleet.companies[p.company]!;
    const journalId = this.r.id();
    for (const [account, amount] of lines) {
      this.ledger.add([journalId, p.id, company.id, company.country.currency, account, amount, kind, orderId, submissionId, actorId, at]);
    }
  }
}
