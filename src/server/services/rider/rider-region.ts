import { eq } from 'drizzle-orm';
import { companies } from '../../../../db/schema';
import { CURRENCIES, type Currency } from '../../../shared/money';
import { REGIONS, type Region } from '../../../shared/regions';
import { invalid } from '../../errors';
import { balancesOf, emptyBalances, type DbOrTx, type RiderBalances } from '../cash';
import { msg } from '../../../shared/i18n/message';

/**
 * Which region and currency a rider's rules and money follow (issue 9 review, docs/spec-decisions.md).
 *
 * A rider may pick a region in the app (spec: region selector), stored in `riders.region` as a
 * currency. That choice is the rider's own and may change at any time, so nothing that protects the
 * rider or the company's money is read from it:
 * - the working rules, "today" and the document dates follow the rider's company's region (its zone);
 * - new cash is collected in the order's currency (the company's); the rider's balances are kept per
 *   currency in the ledger and shown for every currency the rider has there, so no cash becomes
 *   unreachable whatever the rider picks;
 * - a region change is refused while the rider still answers for cash in the current currency
 *   (rider-settings.ts).
 */
export interface RiderWorkplace {
  /** The company's region: working rules, the zone of "today" and of document dates. */
  region: Region;
  /** The company's currency: what new orders, and so new cash, are in. */
  currency: Currency;
}

export async function riderWorkplace(db: DbOrTx, rider: { companyId: string }): Promise<RiderWorkplace> {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, rider.companyId), columns: { region: true, currency: true } });
  const region = REGIONS[company?.region ?? 'kuwait'];
  return { region, currency: company?.currency ?? region.currency };
}

export interface CurrencyBalances {
  currency: Currency;
  balances: RiderBalances;
}

/**
 * A rider's balances per currency from `balancesOf`: the company's currency first (always there, 0
 * when nothing is on record), then every other currency the rider has entries in.
 */
export function currencyList(all: Map<string, RiderBalances>, riderId: string, companyCurrency: Currency): CurrencyBalances[] {
  const list: CurrencyBalances[] = [{ currency: companyCurrency, balances: all.get(`${riderId}:${companyCurrency}`) ?? emptyBalances() }];
  for (const currency of CURRENCIES) {
    const b = all.get(`${riderId}:${currency}`);
    if (currency !== companyCurrency && b) list.push({ currency, balances: b });
  }
  return list;
}

/**
 * The currency the rider's cash screens show and a hand-over or correction without a currency uses:
 * the first of the list (the company's first) with cash on hand, else with anything outstanding,
 * else the company's. A rider holding cash in one currency only always sees and hands over that one.
 */
export function cashCurrencyOf(list: readonly CurrencyBalances[]): Currency {
  return (list.find((c) => c.balances.handMinor > 0) ?? list.find((c) => c.balances.outstandingMinor !== 0) ?? list[0]!).currency;
}

/** One rider's balances in every currency (see currencyList) and the currency their cash screens use. */
export async function riderCash(db: DbOrTx, rider: { id: string; companyId: string }) {
  const { currency: companyCurrency } = await riderWorkplace(db, rider);
  const list = currencyList(await balancesOf(db, [rider.id]), rider.id, companyCurrency);
  return { companyCurrency, list, currency: cashCurrencyOf(list) };
}

/**
 * The currency of a hand-over or a correction: the one asked for when it is the company's or one the
 * rider has ledger entries in (400 otherwise), else the rider's cash currency (cashCurrencyOf).
 */
export async function cashOperationCurrency(db: DbOrTx, rider: { id: string; companyId: string }, requested?: Currency | null): Promise<Currency> {
  const { list, currency } = await riderCash(db, rider);
  if (!requested) return currency;
  if (!list.some((c) => c.currency === requested)) {
    throw invalid(msg('app.cash.currencyNotHeld', { currency: requested, currencies: list.map((c) => c.currency).join(', ') }), 'currency');
  }
  return requested;
}
