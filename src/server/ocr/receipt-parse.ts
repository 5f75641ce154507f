import { normalizeDigits } from '../../shared/digits';

/**
 * The grand total of a receipt or cash slip from its printed rows (issue 23): the amount on the row
 * with the strongest total label (Grand Total, Amount Due, Net Amount, المبلغ المستحق … then Total,
 * المجموع, Summe), never on a subtotal, savings, tax, rounding, tip, change, cash-tendered or item-count
 * row; on the label's row, else right under it. Also the currency (as printed, else the rider's), the
 * date and the merchant. The evidence fields feed the confidence (ocr/confidence.ts).
 */
export interface ReceiptReading {
  /** The amount as a decimal string with the currency's digits, e.g. "12.500" KWD, "56.58" USD. */
  amount: string;
  currency: string;
  /** Integer minor units of `currency`. */
  minor: number;
  date?: string;
  merchant?: string;
  /** The row the total was read from. */
  row: number;
  /** 3 grand-total wording, 2 total, 1 an amount/payment line, 0 no label (the largest amount). */
  strength: number;
  /** The total is confirmed by the receipt itself: printed twice, or subtotal + tax (+ tip/service) equals it. */
  confirmed: boolean;
  /** Another row of the same strength names a different amount. */
  contested: boolean;
  /** The decimal point was missing and put back. */
  repaired: boolean;
}

/** Currencies with 3 decimals in the Gulf; every other currency is read with 2. */
const THREE_DECIMALS = new Set(['KWD', 'BHD', 'OMR', 'JOD']);
export const decimalsOf = (currency: string) => (THREE_DECIMALS.has(currency) ? 3 : 2);

/**
 * An upper-case code standing apart from other capitals, or right before an amount: PP-OCR drops spaces
 * ("GrandTotalAED 281.19") and reads an Arabic label beside it as Latin letters ("Total/JLUIAED 460.09").
 */
const code = (c: string) => new RegExp(`(?<![A-Z])${c}(?![A-Z])|${c}(?=\\s*\\d)`);

const CURRENCY_MARKS: [RegExp[], string][] = [
  [[code('KWD'), code('K\\.?\\s?D'), /د\.?\s?ك|دينار\s*كويتي/], 'KWD'],
  [[code('AED'), /\bDhs?\b|(?<![A-Za-z])DH(?![A-Za-z])|د\.?\s?إ|درهم/], 'AED'],
  [[code('SAR'), code('S\\.R'), /ر\.?\s?س|ريال\s*سعودي/], 'SAR'],
  [[code('QAR'), code('Q\\.?R'), /ر\.?\s?ق/], 'QAR'],
  [[code('BHD'), code('B\\.D'), /د\.?\s?ب/], 'BHD'],
  [[code('OMR'), code('R\\.O'), /ر\.?\s?ع/], 'OMR'],
  [[/€/, code('EUR')], 'EUR'],
  [[/£/, code('GBP')], 'GBP'],
  [[/₹/, code('INR'), /\bRs\.?\s?\d/], 'INR'],
  [[code('MYR'), /\bRM\s?\d/], 'MYR'],
  [[/\$/, code('USD')], 'USD'],
];

/** The currency printed on the receipt, the first mark found in the order above (Gulf currencies first), or null. */
export function printedCurrency(text: string): string | null {
  for (const [marks, iso] of CURRENCY_MARKS) if (marks.some((re) => re.test(text))) return iso;
  return null;
}

const STRONG = /grand\s*-?\s*total|total\s*(?:amount\s*)?(?:due|payable|to\s*pay)|amount\s*(?:due|payable)|balance\s*due|net\s*(?:amount|payable)|total\s*amount|order\s*total|total\s*sale|zu\s*zahlen|gesamtbetrag|endbetrag|المبلغ\s*المستحق|الإجمالي|الاجمالي|اجمالي|إجمالي|المجموع\s*الكلي|الصافي/i;
const PLAIN = /\btota[l1I]\b|\btotal|\bsumme\b|\bgesamt|\bbetrag\b|المجموع|\bTTL\b|\bsum\b/i;
const WEAK = /\bamount\b|\bvisa\b|\bmaster\s*card\b|\bmastercard\b|\bamex\b|\bdebit\b|\bcredit\b|\bcard\b|\bEC\b|\bkarte\b|\bpaid\b|\bpayment\b|مدفوع|\bdrive\s*thru\b/i;
/** Rows whose amount is never the grand total, even when they say "total". */
const NEVER =
  /sub\s*-?\s*tota|subtotal|zwischen|sav(?:ing|ed)|discount|rabatt|\btax\b|\bvat\b|\bgst\b|\bhst\b|mwst|ust\b|ضريبة|\btip\b|gratuity|trinkgeld|change|r[uü]ckgeld|wechselgeld|\bcash\b|\bbar\b|bargeld|tender|given|received|\bround|rundung|\bitems?\b|\bqty\b|quantity|\bcount\b|artikel|anzahl|points|punkte|balance\s*(?:forward|brought)|\bincl|included|enthalten|الباقي|نقد|خصم|المجموع\s*الفرعي|كمية/i;
const DEBT = /\bchange\b|r[uü]ckgeld|الباقي/i;

interface Money {
  text: string;
  /** Decimal string normalised to '.', e.g. "1234.56". */
  value: string;
  decimals: number;
}

const DATE_RE = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})\b|\b(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})\b/g;
const TIME_RE = /\b\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AP]M)?/gi;

/** Money amounts of a row: digits with a decimal separator and 2 (or, for 3-decimal currencies, 3) digits after it. */
export function moneyIn(row: string, currency: string | null): Money[] {
  const t = normalizeDigits(row)
    .replace(DATE_RE, ' ')
    .replace(TIME_RE, ' ')
    .replace(/(\d)\s*([.,])\s+(\d{2,3})\b/g, '$1$2$3')
    .replace(/(\d)\s+([.,]\d{2,3})\b/g, '$1$2');
  const out: Money[] = [];
  const three = currency !== null && THREE_DECIMALS.has(currency);
  // A figure followed by % is a rate (VAT 19,00 %), not money.
  for (const m of t.matchAll(/(?<![\d.,])(\d{1,3}(?:[.,'\s]\d{3})+|\d+)([.,])(\d{2,3})(?![\d.,]?\d)(?!\s?%)/g)) {
    const whole = m[1]!.replace(/[.,'\s]/g, '');
    const frac = m[3]!;
    if (frac.length === 3 && !three) {
      // "1.234" in a 2-decimal currency is a thousand, unless followed by more.
      continue;
    }
    out.push({ text: m[0], value: `${Number(whole)}.${frac}`, decimals: frac.length });
  }
  return out;
}

const toMinorExact = (value: string, decimals: number) => {
  const [w, f = ''] = value.split('.');
  return Number(w) * 10 ** decimals + Number(f.padEnd(decimals, '0').slice(0, decimals));
};

const fmt = (value: string, decimals: number) => {
  const [w, f = ''] = value.split('.');
  return `${Number(w)}.${f.padEnd(decimals, '0').slice(0, decimals)}`;
};

interface Candidate {
  row: number;
  strength: number;
  money: Money;
  repaired: boolean;
}

/** A label row whose amount lost its decimal point ("TOTAL 5658"): the amount with the point put back. */
function repairedAmount(row: string, decimals: number): Money | null {
  const m = /(?<![\d.,])(\d{3,7})(?![\d.,])\s*$/.exec(normalizeDigits(row).replace(DATE_RE, ' ').replace(TIME_RE, ' ').trim());
  if (!m) return null;
  const d = m[1]!;
  return { text: d, value: `${Number(d.slice(0, -decimals))}.${d.slice(-decimals)}`, decimals };
}

function rowStrength(row: string): number {
  if (NEVER.test(row) && !STRONG.test(row.replace(NEVER, ''))) return -1;
  if (STRONG.test(row)) return 3;
  if (PLAIN.test(row)) return 2;
  if (WEAK.test(row)) return 1;
  return 0;
}

export interface ParseOptions {
  /** A cash hand-over slip: "Cash 25.500" is its amount, not cash tendered. */
  slip?: boolean;
}

export function parseReceipt(rows: string[], fallbackCurrency: string, opts: ParseOptions = {}): ReceiptReading | null {
  const strengthOf = (row: string) => (opts.slip && /\bcash\b|نقد/i.test(row) && !DEBT.test(row) ? Math.max(1, rowStrength(row.replace(/\bcash\b|نقد/gi, ' '))) : rowStrength(row));
  const all = rows.join('\n');
  const printed = printedCurrency(all);
  const currency = printed ?? fallbackCurrency;
  const decimals = decimalsOf(currency);
  const amounts = rows.map((r) => moneyIn(r, currency));
  const candidates: Candidate[] = [];
  rows.forEach((row, i) => {
    const strength = strengthOf(row);
    if (strength <= 0) return;
    const own = amounts[i]!;
    if (own.length) {
      candidates.push({ row: i, strength, money: own.at(-1)!, repaired: false });
      return;
    }
    const below = rows[i + 1];
    if (below !== undefined && strengthOf(below) === 0 && amounts[i + 1]!.length) {
      candidates.push({ row: i, strength, money: amounts[i + 1]!.at(-1)!, repaired: false });
      return;
    }
    const fixed = repairedAmount(row, decimals);
    if (fixed) candidates.push({ row: i, strength, money: fixed, repaired: true });
  });
  const top = Math.max(0, ...candidates.map((c) => c.strength));
  const pool = candidates.filter((c) => c.strength === top && Number(c.money.value) > 0);
  let pick: Candidate | undefined;
  if (pool.length) {
    // Of equal labels the largest amount: a total printed again after a tip or service charge.
    pick = pool.reduce((a, b) => (Number(b.money.value) > Number(a.money.value) || (Number(b.money.value) === Number(a.money.value) && !b.repaired && a.repaired) ? b : a));
  } else {
    // No label read: the largest amount that is not change or cash handed over.
    const loose = amounts.flatMap((ms, i) => (DEBT.test(rows[i]!) || (!opts.slip && /\bcash\b|\bbar\b|tender/i.test(rows[i]!)) ? [] : ms.map((money) => ({ row: i, strength: 0, money, repaired: false }))));
    pick = loose.filter((c) => Number(c.money.value) > 0).reduce<Candidate | undefined>((a, b) => (!a || Number(b.money.value) > Number(a.money.value) ? b : a), undefined);
  }
  if (!pick) return null;
  const value = pick.money.value;
  const minor = toMinorExact(value, decimals);
  const everyAmount = amounts.flat().map((m) => toMinorExact(m.value, decimals));
  const printedTwice = everyAmount.filter((a) => a === minor).length >= 2;
  const sums = sumsTo(rows, amounts, minor, decimals, pick.row);
  const contested = pool.some((c) => toMinorExact(c.money.value, decimals) !== minor && !c.repaired);
  const date = receiptDate(all);
  const merchant = receiptMerchant(rows);
  return {
    amount: fmt(value, decimals),
    currency,
    minor,
    ...(date ? { date } : {}),
    ...(merchant ? { merchant } : {}),
    row: pick.row,
    strength: pick.strength,
    confirmed: printedTwice || sums,
    contested,
    repaired: pick.repaired,
  };
}

/** Subtotal + tax (+ service, tip, fees; − discount) printed above the total equals it. */
function sumsTo(rows: string[], amounts: Money[][], minor: number, decimals: number, totalRow: number): boolean {
  const sub = rows.findIndex((r, i) => i < totalRow && /sub\s*-?\s*tota|subtotal|zwischensumme|المجموع\s*الفرعي|netto/i.test(r) && amounts[i]!.length);
  if (sub < 0) return false;
  let sum = toMinorExact(amounts[sub]!.at(-1)!.value, decimals);
  for (let i = sub + 1; i < totalRow; i++) {
    const ms = amounts[i]!;
    if (!ms.length) continue;
    const v = toMinorExact(ms.at(-1)!.value, decimals);
    sum += /discount|saving|rabatt|خصم|-\s*\d/i.test(rows[i]!) ? -v : v;
    if (sum === minor) return true;
  }
  return sum === minor;
}

/** The first valid date printed: dd/mm/yyyy (Gulf and Europe) unless the first part cannot be a day, yyyy-mm-dd; mm/dd/yy when dd/mm is impossible. */
export function receiptDate(text: string): string | null {
  for (const m of normalizeDigits(text).matchAll(DATE_RE)) {
    const tries: [string, string, string][] = m[4]
      ? [[m[4], m[5]!, m[6]!]]
      : (() => {
          const y = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
          return [
            [y, m[2]!, m[1]!],
            [y, m[1]!, m[2]!],
          ] as [string, string, string][];
        })();
    for (const [y, mo, d] of tries) {
      const iso = `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
      const date = new Date(`${iso}T00:00:00Z`);
      if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso && Number(y) >= 2000 && Number(y) <= 2100) return iso;
    }
  }
  return null;
}

/** The merchant: the first of the top rows that reads as a name (letters, not a greeting, address, phone or date). */
export function receiptMerchant(rows: string[]): string | null {
  for (const row of rows.slice(0, 6)) {
    const r = row.trim();
    if (!/\p{L}{3,}/u.test(r)) continue;
    if (/welcome|receipt|invoice|tax\s*invoice|فاتورة|^\d|tel|phone|www\.|@|street|\bst\b|road|\bave\b/i.test(r)) continue;
    return r.replace(/\s{2,}/g, ' ');
  }
  return null;
}
