/**
 * CSV after RFC 4180: fields separated by commas, records by CRLF (LF and a lone CR
 * are accepted too), fields holding a comma, quote or line break are quoted and their
 * quotes doubled. A leading UTF-8 byte order mark is dropped.
 */

export class CsvError extends Error {
  constructor(
    message: string,
    /** The record (1-based) where the problem is. */
    readonly row: number,
    /** Which problem, for a message by key: a quote never closed, or text after a closing quote. */
    readonly kind: 'unclosedQuote' | 'textAfterQuote',
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/** Every record as its list of cells; a trailing line break makes no empty record. */
export function parseCsv(text: string): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  /** The current cell was quoted (so an empty cell still counts at the end of the file). */
  let quoted = false;
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = '';
    quoted = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"' && cell === '' && !quoted) {
      // A quoted field runs to the next quote that is not doubled.
      const row = records.length + 1;
      i++;
      for (;;) {
        if (i >= src.length) throw new CsvError(`Row ${row} has a quote that is never closed`, row, 'unclosedQuote');
        if (src[i] === '"') {
          if (src[i + 1] !== '"') break;
          i++;
        }
        cell += src[i];
        i++;
      }
      i++;
      quoted = true;
      const after = src[i];
      if (after !== undefined && after !== ',' && after !== '\r' && after !== '\n') {
        throw new CsvError(`Row ${records.length + 1} has text after a closing quote`, records.length + 1, 'textAfterQuote');
      }
    } else if (c === ',') {
      endCell();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += c;
      i++;
    }
  }
  if (cell !== '' || quoted || record.length > 0) endRecord();
  return records;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP's
 * CSV injection advice). A plain decimal number ("-1.250") is a number to every spreadsheet, never a formula,
 * and stays as it is. A phone number such as +96512345678 is guarded like any text: the apostrophe keeps it as
 * text with its plus and every digit (unguarded, a spreadsheet reads it as the number 96512345678, or as a
 * formula when it holds more than digits). See docs/decisions/010-webhook-targets-batches-exports.md.
 */
export function safeText(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
}

/**
 * One CSV field. Every text value is guarded against formulas (safeText), whichever column it is in, so no
 * export can forget one; numbers are written as they are. `guard: false` is for our own fixed text only
 * (the import template's example rows), never for anything a user typed.
 */
export function csvCell(v: string | number | null | undefined, { guard = true }: CsvOptions = {}): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' && guard ? safeText(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export interface CsvOptions {
  guard?: boolean;
}

/** Rows → CSV text with CRLF line ends and a final CRLF; every text cell guarded against formulas. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[], opts: CsvOptions = {}): string {
  return rows.map((r) => r.map((v) => csvCell(v, opts)).join(',')).join('\r\n') + '\r\n';
}
