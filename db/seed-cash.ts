import type { LedgerAccount, LedgerKind } from '../src/shared/cash/ledger-types';
import type { Currency } from '../src/shared/money';
import type { Db } from './client';
import { cashLedger, cashSubmissions, newId } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo's cash (issue 9), posted as the app posts it: a collection journal for every delivered cash
 * order (customer → hand, at its delivery time), and hand-overs with their journals. Each hand-over is
 * what the rider held at its own submission time (the cash collected up to then, less what was already
 * handed over), so no past balance goes below 0: riders hand over everything at the end of each shift
 * (`handoverTimes`: 20 minutes after it ended, seed.ts), counted in full by their company's manager half an hour later.
 * Today's cash is still with the riders; those with cash today have handed over about half of it, still
 * pending (the rider shows a code to have it counted; the Kuwait demo rider among them). One rider per
 * company stopped handing over a few days ago and is over the cash limit (held too long), so the
 * limits have something to show; everyone else is within them.
 * Migration 0008 backfilled only rows that existed when it ran; the seed runs after it, so it posts here.
 * (db/ may not import src/server: `journal` keeps the ledger's two rules itself: integer minor units,
 * lines summing to zero.)
 */
export interface SeedCashOrder {
  id: string;
  status: string;
  riderId: string | null;
  companyId: string;
  currency: Currency;
  paymentMethod: string;
  codAmountMinor: number;
  deliveredAt: Date | null;
}
export interface SeedCashRider {
  id: string;
  companyId: string;
  region: Currency;
  userId: string | null;
}

async function journal(
  tx: Tx,
  j: { kind: LedgerKind; riderId: string; companyId: string; currency: Currency; at: Date; orderId?: string; submissionId?: string; actorId?: string | null; lines: [LedgerAccount, number][] },
) {
  const lines = j.lines.filter(([, m]) => m !== 0);
  if (lines.some(([, m]) => !Number.isSafeInteger(m)) || lines.reduce((s, [, m]) => s + m, 0) !== 0) throw new Error(`unbalanced seed journal ${j.kind}`);
  const journalId = newId();
  await tx.insert(cashLedger).values(
    lines.map(([account, amountMinor]) => ({
      journalId,
      riderId: j.riderId,
      companyId: j.companyId,
      currency: j.currency,
      account,
      amountMinor,
      kind: j.kind,
      orderId: j.orderId ?? null,
      submissionId: j.submissionId ?? null,
      actorId: j.actorId ?? null,
      at: j.at,
    })),
  );
}

export async function seedCash(
  tx: Tx,
  riders: readonly SeedCashRider[],
  orders: readonly SeedCashOrder[],
  managerOf: (companyId: string) => string,
  handoverTimes: ReadonlyMap<string, readonly number[]>,
  now: number,
): Promise<void> {
  for (const o of orders) {
    if (o.status !== 'delivered' || o.paymentMethod !== 'cash' || !o.riderId || o.codAmountMinor <= 0) continue;
    await journal(tx, {
      kind: 'collection',
      riderId: o.riderId,
      companyId: o.companyId,
      currency: o.currency,
      orderId: o.id,
      at: o.deliveredAt ?? new Date(now),
      lines: [
        ['customer', -o.codAmountMinor],
        ['hand', o.codAmountMinor],
      ],
    });
  }
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  const cashOf = (r: SeedCashRider) =>
    orders
      .filter((o) => o.riderId === r.id && o.status === 'delivered' && o.paymentMethod === 'cash' && o.currency === r.region && o.codAmountMinor > 0)
      .map((o) => ({ at: (o.deliveredAt ?? new Date(now)).getTime(), minor: o.codAmountMinor }));
  // One rider per company who stopped handing over: the third that collected cash, not a demo account.
  const overLimit = new Set<string>();
  for (const companyId of new Set(riders.map((r) => r.companyId))) {
    const candidates = riders.filter((r) => r.companyId === companyId && !r.userId && cashOf(r).some((c) => c.at < now - 1.5 * DAY));
    const pick = candidates[2] ?? candidates.at(-1);
    if (pick) overLimit.add(pick.id);
  }
  for (const r of riders) {
    const cash = cashOf(r);
    if (cash.length === 0) continue;
    const base = { riderId: r.id, companyId: r.companyId, currency: r.region };
    const manager = managerOf(r.companyId);
    const holdingAt = (t: number) => cash.filter((c) => c.at <= t).reduce((sum, c) => sum + c.minor, 0);
    let handedOver = 0;
    // The rider over the limit has held everything since their last collection older than a day and a half.
    const stoppedAt = overLimit.has(r.id) ? Math.max(...cash.filter((c) => c.at < now - 1.5 * DAY).map((c) => c.at)) : Number.POSITIVE_INFINITY;
    for (const submittedAt of handoverTimes.get(r.id) ?? []) {
      if (submittedAt >= stoppedAt) break;
      if (submittedAt + HOUR / 2 > now) continue;
      const amount = holdingAt(submittedAt) - handedOver;
      if (amount <= 0) continue;
      handedOver += amount;
      const receivedAt = new Date(submittedAt + HOUR / 2);
      const [done] = await tx
        .insert(cashSubmissions)
        .values({ riderId: r.id, amountMinor: amount, currency: r.region, status: 'confirmed', submittedAt: new Date(submittedAt), confirmedAt: receivedAt, countedMinor: amount, discrepancyMinor: 0, receivedBy: manager, receivedAt, receiptMethod: 'code' })
        .returning({ id: cashSubmissions.id });
      await journal(tx, { ...base, kind: 'handover_submitted', submissionId: done!.id, actorId: r.userId, at: new Date(submittedAt), lines: [['hand', -amount], ['transit', amount]] });
      await journal(tx, { ...base, kind: 'handover_received', submissionId: done!.id, actorId: manager, at: receivedAt, lines: [['transit', -amount], ['company', amount]] });
    }
    if (overLimit.has(r.id)) continue;
    // Today: about half of what was collected since the last hand-over, in whole units, waits for the count.
    const at = Math.max(now - 2 * HOUR, ...cash.map((c) => c.at));
    const unit = r.region === 'KWD' ? 1_000 : 100;
    const pending = Math.floor((holdingAt(at) - handedOver) / 2 / unit) * unit;
    if (pending > 0) {
      const [open] = await tx.insert(cashSubmissions).values({ riderId: r.id, amountMinor: pending, currency: r.region, status: 'pending', submittedAt: new Date(at) }).returning({ id: cashSubmissions.id });
      await journal(tx, { ...base, kind: 'handover_submitted', submissionId: open!.id, actorId: r.userId, at: new Date(at), lines: [['hand', -pending], ['transit', pending]] });
    }
  }
}
