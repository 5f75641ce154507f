import { t } from '../../shared/i18n';
import { CURRENCIES, toDecimalString, type Currency } from '../../shared/money';

/**
 * A tool's result as short plain text for the offline support assistant: the tools return data
 * (objects, lists, money as decimal strings or minor units), and this reads any of it aloud without
 * knowing each tool's shape. Ids are left out; lists show their first few rows.
 */
const MAX_ROWS = 5;
const MAX_LINES = 40;
/** Fields shown per list row after its title. */
const ROW_FIELDS = 4;
/** Fields that name a row: shown first, without a label. */
const TITLE_KEYS = ['name', 'customerName', 'subject', 'riderName', 'companyName', 'title'];
/** Amounts that are in the row's currency. */
const MONEY_KEY = /revenue|earning|cash|fee|amount|cod|collected|confirmed|pending|disputed|onHand/i;

const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && (CURRENCIES as readonly string[]).includes(v);
const isId = (key: string) => key === 'id' || /Id$/.test(key) || key === 'scope';

export function humanize(key: string): string {
  if (key === key.toUpperCase()) return key;
  const words = key
    .replace(/Minor$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plain amount of the row's currency gets the currency after it (minor units already have it). */
const withCurrency = (key: string, value: unknown, text: string, currency: Currency | undefined) =>
  currency && MONEY_KEY.test(key) && !/Minor$/.test(key) && (typeof value === 'number' || /^-?\d+(\.\d+)?$/.test(String(value))) ? `${text} ${currency}` : text;

function scalar(key: string, value: unknown, currency: Currency | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && /Minor$/.test(key) && currency) return `${toDecimalString(value, currency)} ${currency}`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return null;
}

/** One row of a list on one line: "Rami Alpha — status: active, vehicle type: motorcycle". */
function rowLine(row: unknown): string {
  if (typeof row !== 'object' || row === null) return String(row);
  const obj = row as Record<string, unknown>;
  const currency = isCurrency(obj.currency) ? obj.currency : undefined;
  const title = TITLE_KEYS.map((k) => obj[k]).find((v) => typeof v === 'string' && v);
  // A chat bubble on a phone: the first few fields, no timestamps.
  const rest = Object.entries(obj)
    .filter(([k, v]) => !isId(k) && v !== title && k !== 'currency' && !/At$/.test(k) && !(v instanceof Date))
    .flatMap(([k, v]) => {
      const s = scalar(k, v, currency);
      return s === null ? [] : [`${humanize(k).toLowerCase()}: ${withCurrency(k, v, s, currency)}`];
    })
    .slice(0, ROW_FIELDS);
  return title ? `${title}${rest.length ? ` — ${rest.join(', ')}` : ''}` : rest.join(', ');
}

function listLines(items: unknown[], total = items.length): string[] {
  if (!items.length) return [t('assistant.support.empty')];
  const lines = items.slice(0, MAX_ROWS).map((r) => `- ${rowLine(r)}`);
  if (total > MAX_ROWS) lines.push(`- ${t('assistant.support.more', { n: total - MAX_ROWS })}`);
  return lines;
}

function objectLines(obj: Record<string, unknown>, depth: number): string[] {
  // A paged list: { items, total, … }.
  if (Array.isArray(obj.items)) {
    const total = typeof obj.total === 'number' ? obj.total : obj.items.length;
    return total ? [t('assistant.support.listHead', { total }), ...listLines(obj.items, total)] : [t('assistant.support.empty')];
  }
  const currency = isCurrency(obj.currency) ? obj.currency : undefined;
  const lines: string[] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (isId(key) || key === 'currency') continue;
    const s = scalar(key, value, currency);
    if (s !== null) {
      lines.push(`${humanize(key)}: ${withCurrency(key, value, s, currency)}`);
    } else if (Array.isArray(value)) {
      lines.push(`${humanize(key)}:`, ...listLines(value));
    } else if (value && typeof value === 'object' && depth < 1) {
      const inner = objectLines(value as Record<string, unknown>, depth + 1);
      if (inner.length) lines.push(`${humanize(key)}: ${inner.join('; ')}`);
    }
  }
  return lines;
}

export function describeResult(result: unknown): string {
  const lines = Array.isArray(result)
    ? listLines(result)
    : result && typeof result === 'object'
      ? objectLines(result as Record<string, unknown>, 0)
      : [String(result ?? '')];
  return (lines.length ? lines : [t('assistant.support.empty')]).slice(0, MAX_LINES).join('\n');
}
