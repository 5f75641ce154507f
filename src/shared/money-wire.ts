import { CURRENCIES, fromMinor, toDecimalString, type Currency } from './money';

/**
 * Money on the wire, one form per door (docs/architecture.md "Money on the wire"). Services return integer minor
 * units in fields named `…Minor` beside their `currency`; a door shapes them once, here:
 *
 * - tRPC and the REST shims (which answer with the same procedures): a JSON number in major units, the spec's form
 *   (`totalRevenue: 1250.5`): `onTheWire` turns `cashOnHandMinor: 1250` (KWD) into `cashOnHand: 1.25`;
 * - MCP tools (and webhooks, CSV, Sheets): a decimal string with the currency's digits: `inDecimals` gives
 *   `cashOnHand: '1.250'`.
 *
 * Both are exact: minor / 10^digits is the double nearest the decimal, and JSON prints it back as that decimal.
 */
export type MoneyShaped<T, M> = T extends Date
  ? T
  : T extends readonly (infer U)[]
    ? MoneyShaped<U, M>[]
    : T extends object
      ? { [K in keyof T as K extends `${infer B}Minor` ? B : K]: K extends `${string}Minor` ? Extract<T[K], null | undefined> | M : MoneyShaped<T[K], M> }
      : T;

const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);

/**
 * Every `…Minor` field as `form(minor, currency)` under the name without the suffix, in the currency of the nearest
 * object that names one (`currency`), else `currency`. A `…Minor` field with no currency in reach is a bug: thrown.
 */
function shape<M>(value: unknown, form: (minor: number, currency: Currency) => M, currency?: Currency): unknown {
  if (Array.isArray(value)) return value.map((v) => shape(v, form, currency));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const own = (value as { currency?: unknown }).currency;
  const cur = isCurrency(own) ? own : currency;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (!key.endsWith('Minor') || key === 'Minor') out[key] = shape(v, form, cur);
    else if (v === null || v === undefined) out[key.slice(0, -5)] = v;
    else if (typeof v !== 'number' || !cur) throw new TypeError(`${key}: minor units need a number and a currency`);
    else out[key.slice(0, -5)] = form(v, cur);
  }
  return out;
}

/** The tRPC and REST form: major units as a JSON number. */
export const onTheWire = <T>(value: T, currency?: Currency) => shape(value, fromMinor, currency) as MoneyShaped<T, number>;
/** The MCP form: a decimal string ('1.250' KWD, '12.50' AED). */
export const inDecimals = <T>(value: T, currency?: Currency) => shape(value, toDecimalString, currency) as MoneyShaped<T, string>;
