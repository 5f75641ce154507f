import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cashLedger, companies, riders } from '../../../../db/schema';
import { cashLimitIn, cashLimitOf, DEFAULT_CASH_HOLD_HOURS, DEFAULT_CASH_LIMIT_MINOR } from '../../../shared/cash/limits';
import { formatMoney, MINOR_DIGITS, minorPerUnit, type Currency } from '../../../shared/money';
import { formatDateTime, REGIONS, type RegionId } from '../../../shared/regions';
import { parseLimitAmount, MAX_LIMIT_MAJOR, type CashLimitReason, type CashLimitState } from '../../../shared/schemas/cash-limits';
import { localIsoDate } from '../../../shared/schemas/order-import';
import { invalid, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { notify } from '../compliance';
import { oldestUncountedSince, type HandEntry } from './fifo';
import { LOT_COLUMNS, type DbOrTx } from './ledger';
import { msg, type Message } from '../../../shared/i18n/message';

const HOUR_MS = 3_600_000;

/**
 * Which limits a rider is over (amount before overdue). Both count the cash the company has not counted
 * yet: in the rider's hand or handed over and still in transit (a hand-over the company never counts
 * does not free the rider). Over the amount: strictly more than the limit (a rider may have exactly the
 * limit). Overdue: the oldest of that cash came into the rider's hand strictly longer than the hold time ago.
 */
export function evaluateCashLimit(s: { uncountedMinor: number; limitMinor: number; holdHours: number; since: Date | null; now: Date }): CashLimitReason[] {
  const reasons: CashLimitReason[] = [];
  if (s.uncountedMinor > s.limitMinor) reasons.push('amount');
  if (s.uncountedMinor > 0 && s.since && s.now.getTime() - s.since.getTime() > s.holdHours * HOUR_MS) reasons.push('overdue');
  return reasons;
}

async function riderAndCompany(db: DbOrTx, riderId: string) {
  const [row] = await db
    .select({ rider: riders, company: companies })
    .from(riders)
    .innerJoin(companies, eq(companies.id, riders.companyId))
    .where(eq(riders.id, riderId))
    .limit(1);
  return row ?? null;
}

interface Uncounted {
  handMinor: number;
  transitMinor: number;
  /** When the oldest cash not yet counted came into the rider's hand (FIFO, fifo.ts). */
  since: Date | null;
}

/** Per currency: the cash in hand and in transit, and since when the oldest of it is uncounted (FIFO over the hand and transit entries). */
async function uncountedByCurrency(db: DbOrTx, riderId: string): Promise<Map<Currency, Uncounted>> {
  const rows = await db
    .select(LOT_COLUMNS)
    .from(cashLedger)
    .where(and(eq(cashLedger.riderId, riderId), inArray(cashLedger.account, ['hand', 'transit'])))
    .orderBy(asc(cashLedger.seq));
  const byCurrency = new Map<Currency, HandEntry[]>();
  for (const r of rows) byCurrency.set(r.currency, [...(byCurrency.get(r.currency) ?? []), r]);
  const out = new Map<Currency, Uncounted>();
  for (const [currency, entries] of byCurrency) {
    const sum = (account: string) => entries.filter((e) => e.account === account).reduce((s, e) => s + e.amountMinor, 0);
    out.set(currency, { handMinor: sum('hand'), transitMinor: sum('transit'), since: oldestUncountedSince(entries) });
  }
  return out;
}

export interface RiderCashCheck extends CashLimitState {
  riderId: string;
  riderName: string;
  companyId: string;
  /** The company's region: its zone dates the notices and the messages. */
  region: RegionId;
}

/**
 * A rider's cash-limit state now. The company's limit applies to its own currency; cash in another
 * currency (rare: a rider's orders are in the company's currency) is held to that currency's default
 * limit. The hold time applies to every currency. The state reported is the first currency that is
 * over a limit (the company's own first), else the company's currency.
 */
export async function cashLimitState(db: DbOrTx, riderId: string, now = new Date()): Promise<RiderCashCheck> {
  const found = await riderAndCompany(db, riderId);
  if (!found) throw notFound(msg('errors.riderNotFound'));
  const { rider, company } = found;
  const own = cashLimitOf(company);
  const held = await uncountedByCurrency(db, riderId);
  const currencies = [company.currency, ...[...held.keys()].filter((c) => c !== company.currency)];
  const states = currencies.map((currency): RiderCashCheck => {
    const { handMinor, transitMinor, since } = held.get(currency) ?? { handMinor: 0, transitMinor: 0, since: null };
    const uncountedMinor = handMinor + transitMinor;
    const limitMinor = cashLimitIn(company, currency);
    const holding = uncountedMinor > 0 ? since : null;
    const reasons = evaluateCashLimit({ uncountedMinor, limitMinor, holdHours: own.holdHours, since: holding, now });
    return {
      riderId,
      riderName: rider.name,
      companyId: company.id,
      region: company.region,
      overLimit: reasons.length > 0,
      reason: reasons[0] ?? null,
      reasons,
      currency,
      handMinor,
      transitMinor,
      uncountedMinor,
      limitMinor,
      holdHours: own.holdHours,
      since: holding?.toISOString() ?? null,
      dueAt: holding ? new Date(holding.getTime() + own.holdHours * HOUR_MS).toISOString() : null,
    };
  });
  return states.find((s) => s.overLimit) ?? states[0]!;
}

/**
 * The rider's cash-limit state now, and when over a limit a notice to the company and to the rider
 * (once per rider, reason, currency and day in the company's zone). Called after each collection, when
 * an order is assigned, and whenever the rider's or the company's notices are read (so the hold time is
 * caught without a timer).
 */
export async function checkCashLimit(db: DbOrTx, riderId: string, now = new Date()): Promise<RiderCashCheck> {
  const state = await cashLimitState(db, riderId, now);
  if (!state.overLimit) return state;
  const day = localIsoDate(now, REGIONS[state.region].timezone);
  for (const reason of state.reasons) {
    const kind = reason === 'amount' ? 'cash_limit' : 'cash_overdue';
    const params: Record<string, string | number> =
      reason === 'amount'
        ? { rider: state.riderName, amount: state.uncountedMinor, limit: state.limitMinor, currency: state.currency }
        : { rider: state.riderName, amount: state.uncountedMinor, currency: state.currency, since: state.since!, hours: state.holdHours };
    for (const audience of ['company', 'rider'] as const) {
      await notify(db, { companyId: state.companyId, riderId, audience, kind, params, dedupeKey: `${kind}:${riderId}:${state.currency}:${audience}:${day}` }, now);
    }
  }
  return state;
}

/**
 * Every rider of the company with cash the company has not counted (in hand or in transit), checked now (posting notices as checkCashLimit does);
 * returns those over a limit, by name.
 */
export async function checkCompanyCashLimits(db: Db, companyId: string, now = new Date()): Promise<RiderCashCheck[]> {
  const holders = await db
    .select({ riderId: cashLedger.riderId })
    .from(cashLedger)
    .innerJoin(riders, eq(riders.id, cashLedger.riderId))
    .where(and(eq(riders.companyId, companyId), inArray(cashLedger.account, ['hand', 'transit'])))
    .groupBy(cashLedger.riderId, cashLedger.currency)
    .having(gt(sql`sum(${cashLedger.amountMinor})`, 0));
  const ids = [...new Set(holders.map((h) => h.riderId))];
  const states: RiderCashCheck[] = [];
  for (const id of ids) states.push(await checkCashLimit(db, id, now));
  return states.filter((s) => s.overLimit).sort((a, b) => a.riderName.localeCompare(b.riderName));
}

/** The reason a cash order is refused, in the request's language ('Rami has KWD 120.000 not yet counted …'); the time in the company's zone. */
export function cashLimitMessage(state: RiderCashCheck): Message {
  if (state.reason === 'amount') {
    return msg('reconcile.guard.overLimit', { rider: state.riderName, amount: formatMoney(state.uncountedMinor, state.currency), limit: formatMoney(state.limitMinor, state.currency) });
  }
  return msg('reconcile.guard.overdue', { rider: state.riderName, since: formatDateTime(new Date(state.since!), REGIONS[state.region]), hours: state.holdHours });
}

/** The company's limits as its settings card shows them: what is in force, what it set (null: default) and the defaults. */
export async function companyCashLimits(db: Db, companyId: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw notFound(msg('errors.companyNotFound'));
  const inForce = cashLimitOf(c);
  return {
    currency: c.currency,
    limitMinor: inForce.limitMinor,
    holdHours: inForce.holdHours,
    limitSetting: c.cashLimitMinor,
    holdHoursSetting: c.cashHoldHours,
    defaultLimitMinor: DEFAULT_CASH_LIMIT_MINOR[c.currency],
    defaultHoldHours: DEFAULT_CASH_HOLD_HOURS,
  };
}

/** Sets (or, with null, returns to the default) the company's own limits; audited with before and after. */
export async function setCompanyCashLimits(db: Db, actorId: string, companyId: string, input: { limit: string | null; holdHours: number | null }) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!c) throw notFound(msg('errors.companyNotFound'));
  let cashLimitMinor: number | null = null;
  if (input.limit !== null && input.limit !== '') {
    const parsed = parseLimitAmount(input.limit, c.currency);
    if (!parsed.ok) {
      const message =
        parsed.problem === 'tooLarge'
          ? msg('reconcile.error.amountTooLarge', { amount: formatMoney(MAX_LIMIT_MAJOR * minorPerUnit(c.currency), c.currency) })
          : msg('reconcile.error.amount', { digits: MINOR_DIGITS[c.currency] });
      throw invalid(message, 'limit');
    }
    cashLimitMinor = parsed.minor;
  }
  const after = { cashLimitMinor, cashHoldHours: input.holdHours };
  await db.transaction(async (tx) => {
    await tx.update(companies).set(after).where(eq(companies.id, companyId));
    await audit(tx, { actorId, action: 'cash_limits', entity: 'company', entityId: companyId, before: { cashLimitMinor: c.cashLimitMinor, cashHoldHours: c.cashHoldHours }, after });
  });
  return companyCashLimits(db, companyId);
}
