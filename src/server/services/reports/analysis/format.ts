import { t, tn } from '../../../../shared/i18n';
import { toDecimalString, type Currency } from '../../../../shared/money';

/** An amount in integer minor units with its decimal string ('1.250') and currency. */
export interface MoneyFigure {
  minor: number;
  decimal: string;
  currency: Currency;
}
export type ByCurrency<T> = Record<Currency, T>;

export const moneyFigure = (minor: number, currency: Currency): MoneyFigure => ({ minor, decimal: toDecimalString(minor, currency), currency });

/** '1.250 KWD' */
export const amountText = (minor: number, currency: Currency) => t('analysis.amount', { amount: toDecimalString(minor, currency), currency });

/** The amounts of the scope's currencies that are not zero, joined ('1.250 KWD and 40.00 AED'); '0.000 KWD' when all are. */
export function amountsText(minor: ByCurrency<number>, currencies: readonly Currency[]): string {
  const shown = currencies.filter((c) => minor[c] !== 0);
  return listText((shown.length ? shown : currencies.slice(0, 1)).map((c) => amountText(minor[c], c)));
}

export const hoursOf = (ms: number) => Math.round((ms / 3_600_000) * 100) / 100;
export const minutesOf = (ms: number) => Math.round(ms / 60_000);
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Share in percent with one decimal; null when there is nothing to share. */
export const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
export const listText = (items: readonly string[]) => list.format(items);

/** At most five names, then 'and N more'. */
export function namesText(names: readonly string[], max = 5): string {
  const shown = names.slice(0, max);
  return listText(names.length > max ? [...shown, t('analysis.names.more', { n: names.length - max })] : shown);
}

type Unit = 'rider' | 'order' | 'shift' | 'break' | 'stretch' | 'day' | 'week';
/** '1 rider', '3 riders'; Arabic's dual and 3–10 / 11–99 forms through Intl.PluralRules (i18n `plural`). */
export const count = (n: number, unit: Unit) => tn(`analysis.unit.${unit}`, n);
