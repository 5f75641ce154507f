import { currentLocale, t, type MessageKey } from '../../../shared/i18n';
import { formatMoney, toMinor, type Currency } from '../../../shared/money';
import type { Role } from '../../../shared/permissions';
import type { ChatTable } from '../../../shared/schemas/ai';

/**
 * What the support assistant says for one tool's result: a sentence with the figure first, in the
 * current language (`t`), and the rows behind it as a table shown below the sentence.
 */
export interface Answer {
  text: string;
  table?: ChatTable;
}

/** What a composer knows besides the result: who asks, what they wrote, the tool input used. */
export interface Asked {
  role: Role;
  message: string;
  input: Record<string, unknown>;
}

export type Composer<R> = (result: R, asked: Asked) => Answer;

/** Rows shown in a chat bubble; the rest is counted in the table's note. */
export const MAX_TABLE_ROWS = 10;

/** A decimal amount (string or number, as the tools return it) in the current language: "KWD 5.000", "5.000 د.ك.". */
export const money = (amount: number | string, currency: Currency) => formatMoney(toMinor(amount, currency), currency);

/** "a", "a and b", "a, b and c" in the current language. */
export const joinAll = (parts: readonly string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : t('answers.and', { a: parts.slice(0, -1).join(comma()), b: parts.at(-1)! });
/** List separators of the current language. */
export const comma = () => (currentLocale() === 'ar' ? '، ' : ', ');
export const semicolon = () => (currentLocale() === 'ar' ? '؛ ' : '; ');

/** Amounts per currency joined: "KWD 5.000 and AED 20.00"; none at all reads as zero in `fallback`. */
export const amounts = (list: readonly { currency: Currency; amount: number | string }[], fallback: Currency) =>
  list.length ? joinAll(list.map((a) => money(a.amount, a.currency))) : money(0, fallback);

export const yesNo = (v: boolean) => t(v ? 'answers.yes' : 'answers.no');
export const percent = (n: number) => `${n}%`;

/** A table with labelled columns; rows past `limit` (or past the `total` a page stands for) are noted. */
/** A column: its label's key, or the key and 'numeric' for figures aligned to the end. */
export type Column = MessageKey | readonly [MessageKey, 'numeric'];

export function table(columns: readonly Column[], rows: string[][], total = rows.length, limit = MAX_TABLE_ROWS): ChatTable {
  const shown = rows.slice(0, limit);
  return {
    columns: columns.map((c) => (typeof c === 'string' ? { label: t(c) } : { label: t(c[0]), numeric: true })),
    rows: shown,
    ...(total > shown.length ? { note: t('assistant.support.more', { n: total - shown.length }) } : {}),
  };
}

/** A two-column table of figures: label, value. */
export const figures = (rows: readonly [MessageKey, string][]): ChatTable =>
  table(['answers.col.metric', ['answers.col.value', 'numeric']], rows.map(([k, v]) => [t(k), v]), rows.length, rows.length);
