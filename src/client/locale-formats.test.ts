import { afterEach, expect, test } from 'bun:test';
import { normalizeDigits } from '../shared/digits';
import { setLocaleSource } from '../shared/i18n';
import { formatMoney, moneyLocale } from '../shared/money';
import { dateLocale, formatDateTime, REGIONS } from '../shared/regions';
import { asciiDigits, dateLocale as clientDateLocale, money, numberLocale, numberText, numericInput, parseAmount, percent } from './format';

afterEach(() => setLocaleSource(() => 'en'));

const intlMoney = (locale: string, currency: string, digits: number, n: number) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

test('English money is unchanged: en-KW / en-AE, KWD 3 decimals, AED 2', () => {
  expect(formatMoney(1250, 'KWD')).toBe(intlMoney('en-KW', 'KWD', 3, 1.25));
  expect(formatMoney(1250, 'KWD')).toContain('1.250');
  expect(formatMoney(1250, 'AED')).toBe(intlMoney('en-AE', 'AED', 2, 12.5));
  expect(money(12.5, 'AED')).toContain('12.50');
});

test('Arabic money: ar-KW / ar-AE with the same decimals and Western digits', () => {
  setLocaleSource(() => 'ar');
  expect(moneyLocale('KWD')).toBe('ar-KW-u-nu-latn');
  expect(moneyLocale('AED')).toBe('ar-AE-u-nu-latn');
  expect(moneyLocale('KWD', 'en')).toBe('en-KW');
  expect(formatMoney(18390, 'KWD')).toBe(intlMoney('ar-KW-u-nu-latn', 'KWD', 3, 18.39));
  expect(formatMoney(18390, 'KWD')).toContain('18.390');
  expect(formatMoney(18390, 'KWD')).toContain('د.ك');
  expect(formatMoney(1250, 'AED')).toBe(intlMoney('ar-AE-u-nu-latn', 'AED', 2, 12.5));
  expect(formatMoney(1250, 'AED')).toContain('12.50');
  expect(money(12.5, 'AED')).toBe(formatMoney(1250, 'AED'));
});

test('dates in the region’s zone: en-GB in English, ar-KW / ar-AE in Arabic', () => {
  const at = Date.UTC(2026, 0, 31, 21, 30); // 00:30 on 1 Feb in Kuwait, 01:30 in Dubai
  expect(formatDateTime(at, REGIONS.kuwait)).toBe('1 Feb 2026, 00:30');
  expect(formatDateTime(at, REGIONS.uae)).toBe('1 Feb 2026, 01:30');
  setLocaleSource(() => 'ar');
  expect(dateLocale(REGIONS.uae)).toBe('ar-AE-u-nu-latn');
  const arKw = formatDateTime(at, REGIONS.kuwait);
  expect(arKw).toBe(new Intl.DateTimeFormat('ar-KW-u-nu-latn', { timeZone: 'Asia/Kuwait', dateStyle: 'medium', timeStyle: 'short' }).format(at));
  expect(arKw).toContain('2026');
  expect(arKw).toContain('12:30');
});

test('Arabic-Indic and Persian digits typed by a user become ASCII', () => {
  expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
  expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  expect(normalizeDigits('١٢٫٥٠٠')).toBe('12.500');
  expect(normalizeDigits('+٩٦٥ ١٢٣٤ ٥٦٧٨')).toBe('+965 1234 5678');
  expect(normalizeDigits('KW-12')).toBe('KW-12');
  expect(asciiDigits('٣')).toBe('3');
  expect(numericInput('١٢٣٤٥')).toBe('12345');
  expect(parseAmount('١٢٫٥', 3)).toBe(12.5);
  expect(parseAmount('۲,۵', 2)).toBe(2.5);
});

test('numbers follow the UI language: English output as before, Arabic with Western digits', () => {
  expect(numberLocale()).toBe('en-KW');
  expect(numberLocale('ar')).toBe('ar-KW-u-nu-latn');
  expect(numberText(12345.678)).toBe(new Intl.NumberFormat('en').format(12345.678));
  expect(numberText(12345.678)).toBe('12,345.678');
  expect(numberText(29.123456, { minimumFractionDigits: 5, maximumFractionDigits: 5 })).toBe('29.12346');
  expect(percent(87.25)).toBe('87.3');
  setLocaleSource(() => 'ar');
  expect(numberLocale()).toBe('ar-KW-u-nu-latn');
  expect(numberText(12345.6)).toBe(new Intl.NumberFormat('ar-KW-u-nu-latn').format(12345.6));
  expect(numberText(1234567)).not.toMatch(/[٠-٩]/);
  expect(normalizeDigits(numberText(1234567)).replace(/\D/g, '')).toBe('1234567');
});

test('dates follow the UI language: en-GB (or a screen’s own en) in English, Arabic with Western digits', () => {
  const at = Date.UTC(2026, 4, 3, 11, 5);
  const time = { timeZone: 'Asia/Kuwait', hour: '2-digit', minute: '2-digit' } as const;
  expect(clientDateLocale).toBe(dateLocale);
  expect(dateLocale()).toBe('en-GB');
  expect(new Intl.DateTimeFormat(dateLocale(), time).format(at)).toBe('14:05');
  expect(dateLocale(REGIONS.uae, 'en', 'en')).toBe('en');
  setLocaleSource(() => 'ar');
  expect(dateLocale()).toBe('ar-KW-u-nu-latn');
  expect(dateLocale(REGIONS.uae, undefined, 'en')).toBe('ar-AE-u-nu-latn');
  const tracked = new Intl.DateTimeFormat(dateLocale(REGIONS.kuwait, undefined, 'en'), { ...time, day: 'numeric', month: 'short' }).format(at);
  expect(tracked).not.toMatch(/[٠-٩]/);
  expect(tracked).toContain('3');
});
