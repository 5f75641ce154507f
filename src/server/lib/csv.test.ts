import { describe, expect, test } from 'bun:test';
import { CsvError, csvCell, parseCsv, safeText, toCsv } from './csv';

describe('parseCsv (RFC 4180)', () => {
  test('plain cells, LF and CRLF line ends, no empty record for the final line break', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
    // CRLF, with or without the final line break: the same two records.
    for (const text of ['a,b\r\n1,2\r\n', 'a,b\r\n1,2']) expect(parseCsv(text)).toEqual([['a', 'b'], ['1', '2']]);
    expect(parseCsv('a\rb\r')).toEqual([['a'], ['b']]);
  });

  test('quoted cells keep commas, doubled quotes and line breaks', () => {
    expect(parseCsv('"Block 2, Street 14","He said ""ring twice""","line one\r\nline two"\r\nx,"",y\r\n')).toEqual([
      ['Block 2, Street 14', 'He said "ring twice"', 'line one\r\nline two'],
      ['x', '', 'y'],
    ]);
    expect(parseCsv('"a\nb",c\nd,e')).toEqual([
      ['a\nb', 'c'],
      ['d', 'e'],
    ]);
  });

  test('empty cells, a final empty quoted cell and trailing commas', () => {
    expect(parseCsv('a,,c\n,,\n')).toEqual([
      ['a', '', 'c'],
      ['', '', ''],
    ]);
    expect(parseCsv('a,""')).toEqual([['a', '']]);
    expect(parseCsv('""')).toEqual([['']]);
    expect(parseCsv('')).toEqual([]);
  });

  test('a UTF-8 byte order mark is dropped; Arabic text passes through', () => {
    expect(parseCsv('\uFEFFcustomerName,notes\r\nفاطمة,"اتصل، من فضلك"\r\n')).toEqual([
      ['customerName', 'notes'],
      ['فاطمة', 'اتصل، من فضلك'],
    ]);
  });

  test('a quote inside an unquoted cell is taken literally', () => {
    expect(parseCsv('5" screen,b')).toEqual([['5" screen', 'b']]);
  });

  test('an unclosed quote or text after a closing quote is an error naming the row', () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(new CsvError('Row 2 has a quote that is never closed', 2, 'unclosedQuote'));
    expect(() => parseCsv('a\n"x"y,b')).toThrow('Row 2 has text after a closing quote');
  });

  test('writing and reading back round-trips', () => {
    const rows = [
      ['name', 'note'],
      ['Omar, Jr.', 'said "hi"\nthen left'],
      ['', '١٢٣'],
    ];
    const text = toCsv(rows);
    expect(text).toBe('name,note\r\n"Omar, Jr.","said ""hi""\nthen left"\r\n,١٢٣\r\n');
    expect(parseCsv(text)).toEqual(rows);
  });

  test('cells and formula guard', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(1.5)).toBe('1.5');
    expect(safeText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(safeText('Salmiya')).toBe('Salmiya');
  });

  test('toCsv guards every text cell, whatever its column: = + - @ tab CR first get an apostrophe', () => {
    const line = toCsv([['=1+1', '+96512345678', '-cmd', '@SUM(A1)', '\tx', '\ry', 'a=b', 'fatima@example.com']]);
    expect(parseCsv(line)).toEqual([["'=1+1", "'+96512345678", "'-cmd", "'@SUM(A1)", "'\tx", "'\ry", 'a=b', 'fatima@example.com']]);
  });

  test('numbers, and text that is a plain decimal number, are written as they are', () => {
    expect(toCsv([[-1.25, '-1.250', '-3', '0.500', '-1.2.3', '-1e5']])).toBe("-1.25,-1.250,-3,0.500,'-1.2.3,'-1e5\r\n");
  });

  test('guard: false (our own fixed template rows) writes text untouched', () => {
    expect(toCsv([['+96512345678']], { guard: false })).toBe('+96512345678\r\n');
  });
});
