import { describe, expect, test } from 'bun:test';
import { filenameFrom } from './download';

describe('filenameFrom', () => {
  test('reads filename* before filename, unquotes, and keeps path separators out', () => {
    expect(filenameFrom(`attachment; filename="fast-delivery-report-2026-11-22.json"`, 'x')).toBe('fast-delivery-report-2026-11-22.json');
    expect(filenameFrom(`attachment; filename=plain.json`, 'x')).toBe('plain.json');
    expect(filenameFrom(`attachment; filename="a.json"; filename*=UTF-8''%D8%AA%D9%88%D8%B5%D9%8A%D9%84-report.json`, 'x')).toBe('توصيل-report.json');
    expect(filenameFrom(`attachment; filename="../../etc/passwd"`, 'x')).toBe('.._.._etc_passwd');
  });

  test('falls back when there is no usable name', () => {
    expect(filenameFrom(null, 'report.json')).toBe('report.json');
    expect(filenameFrom('attachment', 'report.json')).toBe('report.json');
  });
});
