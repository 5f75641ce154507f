import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, companies, riders, users } from '../../../../db/schema';
import type { CashCorrectionInput } from '../../../shared/cash/handover';
import type { LedgerAccount, LedgerKind } from '../../../shared/cash/ledger-types';
import { formatMoney, fromMinor, type Currency } from '../../../shared/money';
import { invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { cashCurrencyOf, cashOperationCurrency, currencyList, riderCash } from '../rider';
import { minorOrRefuse } from './amounts';
import type { Actor } from '../access';
import { balancesOf, postJournal, riderBalances, type DbOrTx, type RiderBalances } from './ledger';
import { msg } from '../../../shared/i18n/message';

async function scopedRider(db: DbOrTx, scope: { companyId: string | null }, riderId: string) {
  const rider = await db.query.riders.findFirst({
    where: scope.companyId ? and(eq(riders.id, riderId), eq(riders.companyId, scope.companyId)) : eq(riders.id, riderId),
  });
  // Another company's rider answers exactly like a missing one.
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  return rider;
}

/** Balances in minor units of `currency`, under the names the screens use (each door shapes them: shared/money-wire.ts). */
export function balanceView(b: RiderBalances, currency: Currency) {
  return {
    currency,
    onHandMinor: b.handMinor,
    pendingMinor: b.transitMinor,
    discrepancyMinor: b.discrepancyMinor,
    outstandingMinor: b.outstandingMinor,
    collectedMinor: b.collectedMinor,
    receivedMinor: b.receivedMinor,
  };
}

/**
 * A manual correction of a rider's cash on hand (hand ↔ adjustment) by the company or an admin, with
 * the reason on the entry; never below 0 on hand. Audited.
 */
export async function correctRiderCash(db: Db, actor: Actor, input: CashCorrectionInput, now = new Date()) {
  return db.transaction(async (tx) => {
    const rider = await scopedRider(tx, actor, input.riderId);
    const currency = await cashOperationCurrency(tx, rider, input.currency);
    const amountMinor = minorOrRefuse(input.amount, currency, 'amount');
    if (amountMinor === 0) throw invalid(msg('handover.error.zeroCorrection'), 'amount');
    const before = await riderBalances(tx, rider.id, currency);
    if (before.handMinor + amountMinor < 0) {
      throw invalid(msg('handover.error.correctionBelowZero', { amount: formatMoney(before.handMinor, currency) }), 'amount');
    }
    const journalId = await postJournal(tx, {
      kind: 'correction',
      riderId: rider.id,
      companyId: rider.companyId,
      currency,
      actorId: actor.userId,
      reason: input.reason,
      at: now,
      lines: [
        { account: 'hand', amountMinor },
        { account: 'adjustment', amountMinor: -amountMinor },
      ],
    });
    await audit(tx, {
      actorId: actor.userId,
      action: 'correct',
      entity: 'rider_cash',
      entityId: rider.id,
      before: { handMinor: before.handMinor },
      after: { handMinor: before.handMinor + amountMinor, amountMinor, reason: input.reason, journalId },
    });
    return { success: true as const, journalId, balances: balanceView(await riderBalances(tx, rider.id, currency), currency) };
  });
}

/**
 * One rider's ledger, newest journal first: each journal with its lines (account and signed amount),
 * who posted it and why; and the balances derived from the same entries.
 */
export async function riderLedger(db: Db, scope: Actor, riderId: string, limit = 100) {
  const rider = await scopedRider(db, scope, riderId);
  const latest = await db
    .select({ journalId: cashLedger.journalId, last: sql<number>`max(${cashLedger.seq})`.mapWith(Number) })
    .from(cashLedger)
    .where(eq(cashLedger.riderId, rider.id))
    .groupBy(cashLedger.journalId)
    .orderBy(desc(sql`max(${cashLedger.seq})`))
    .limit(limit);
  const entries = latest.length
    ? await db
        .select({ e: cashLedger, actorFirst: users.firstName, actorLast: users.lastName })
        .from(cashLedger)
        .leftJoin(users, eq(users.id, cashLedger.actorId))
        .where(inArray(cashLedger.journalId, latest.map((l) => l.journalId)))
        .orderBy(asc(cashLedger.seq))
    : [];
  const journals = new Map<string, { journalId: string; at: string; kind: LedgerKind; currency: Currency; actorName: string | null; reason: string | null; orderId: string | null; submissionId: string | null; lines: { account: LedgerAccount; amountMinor: number }[] }>();
  for (const { e, actorFirst, actorLast } of entries) {
    let j = journals.get(e.journalId);
    if (!j) {
      j = { journalId: e.journalId, at: e.at.toISOString(), kind: e.kind, currency: e.currency, actorName: actorFirst ? `${actorFirst} ${actorLast ?? ''}`.trim() : null, reason: e.reason, orderId: e.orderId, submissionId: e.submissionId, lines: [] };
      journals.set(e.journalId, j);
    }
    j.lines.push({ account: e.account, amountMinor: e.amountMinor });
  }
  const { currency, list } = await riderCash(db, rider);
  return {
    rider: { id: rider.id, name: rider.name, currency },
    balances: balanceView(await riderBalances(db, rider.id, currency), currency),
    /** Every currency of the rider's ledger (the company's first): none is left out of view. */
    balancesByCurrency: list.map((c) => balanceView(c.balances, c.currency)),
    journals: latest.map((l) => journals.get(l.journalId)!).filter(Boolean),
  };
}

/** Every rider of a company (or all riders, for an admin) with the cash the ledger says they hold. */
export async function ridersCash(db: Db, scope: Actor) {
  const list = await db
    .select({ id: riders.id, name: riders.name, companyCurrency: companies.currency, status: riders.status })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(scope.companyId ? eq(riders.companyId, scope.companyId) : undefined)
    .orderBy(asc(riders.name));
  const balances = await balancesOf(db, list.map((r) => r.id));
  return list
    .map((r) => {
      // The currency the rider holds cash in (the company's first), and every other one of the ledger beside it.
      const all = currencyList(balances, r.id, r.companyCurrency);
      const currency = cashCurrencyOf(all);
      const others = all.filter((c) => c.currency !== currency).map((c) => balanceView(c.balances, c.currency));
      return { riderId: r.id, name: r.name, status: r.status, ...balanceView(all.find((c) => c.currency === currency)!.balances, currency), others };
    })
    // Most outstanding first, in major units (as the screen reads them), then by name.
    .sort((a, b) => fromMinor(b.outstandingMinor, b.currency) - fromMinor(a.outstandingMinor, a.currency) || a.name.localeCompare(b.name));
}
