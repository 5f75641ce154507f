import { describe, expect, test } from 'bun:test';
import { isOcrImageType } from '../../shared/schemas/ocr';
import { detectCurrency, normalizeDigits, parseAmount, parseDate, parseMerchant, parseOdometer, parseReading } from './parse';

describe('normalizeDigits', () => {
  test('Arabic-Indic and Eastern Arabic-Indic digits become ASCII', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeDigits('١٢٫٥٠٠')).toBe('12.500');
    expect(normalizeDigits('abc 12')).toBe('abc 12');
  });
});

describe('parseOdometer', () => {
  test.each([
    ['084512\n', 84512],
    ['  84512  ', 84512],
    ['ODO 123456 km', 123456],
    ['12 084512', 84512],
    ['٠٨٤٥١٢', 84512],
    ['۸۴۵۱۲', 84512],
    ['08 4512', 84512],
    ['999', 999],
    ['1234567', 1234567],
  ])('%p → %p', (text, km) => expect(parseOdometer(text)).toBe(km));

  test('no 3–7 digit run is no reading', () => {
    expect(parseOdometer('')).toBeNull();
    expect(parseOdometer('12 ab 45')).toBeNull();
    expect(parseOdometer('12345678901')).toBeNull();
    expect(parseOdometer('no digits here')).toBeNull();
  });
});

describe('detectCurrency', () => {
  test.each([
    ['TOTAL KWD 1.750', 'KWD'],
    ['Total 1.750 KD', 'KWD'],
    ['المجموع ١٫٧٥٠ د.ك', 'KWD'],
    ['Total AED 12.50', 'AED'],
    ['Dhs 12.50', 'AED'],
    ['المجموع ١٢٫٥٠ درهم', 'AED'],
    ['Total 12.50', null],
  ])('%p → %p', (text, cur) => expect(detectCurrency(text)).toBe(cur as never));
});

describe('parseAmount', () => {
  test('a TOTAL line wins over larger item lines; KWD has 3 decimals', () => {
    const text = 'Al Noor\nFamily pack 9.000\nDiscount 8.000\nTOTAL KWD 1.750\n';
    expect(parseAmount(text, 'AED')).toEqual({ value: 1750, currency: 'KWD', amount: '1.750' });
  });

  test('AED uses 2 decimals', () => {
    expect(parseAmount('Grand Total AED 45.50', 'KWD')).toEqual({ value: 4550, currency: 'AED', amount: '45.50' });
    expect(parseAmount('Amount Due: Dhs 1,245.00', 'KWD')).toEqual({ value: 124500, currency: 'AED', amount: '1245.00' });
  });

  test('the currency falls back to the rider region', () => {
    expect(parseAmount('Total 3.250', 'KWD')).toEqual({ value: 3250, currency: 'KWD', amount: '3.250' });
    expect(parseAmount('Total 3.25', 'AED')).toEqual({ value: 325, currency: 'AED', amount: '3.25' });
  });

  test('Subtotal is not the total', () => {
    expect(parseAmount('Subtotal 10.000\nDelivery 0.500\nTotal 10.500', 'KWD')?.value).toBe(10500);
    expect(parseAmount('Subtotal 10.000\nDelivery 0.500', 'KWD')?.value).toBe(10000);
  });

  test('Arabic total line with Arabic-Indic digits', () => {
    expect(parseAmount('بقالة النور\nالمجموع ٢٫٥٠٠ د.ك', 'AED')).toEqual({ value: 2500, currency: 'KWD', amount: '2.500' });
  });

  test('no total line: the largest money-looking amount, ignoring dates and times', () => {
    expect(parseAmount('Milk 1.250\nBread 0.500\n14/03/2026 12:30', 'KWD')?.value).toBe(1250);
  });

  test('OCR spacing around the decimal point is tolerated', () => {
    expect(parseAmount('TOTAL 1 . 750 KWD', 'KWD')?.value).toBe(1750);
  });

  test('nothing readable', () => {
    expect(parseAmount('thank you', 'KWD')).toBeNull();
    expect(parseAmount('Total 0.000', 'KWD')).toBeNull();
  });
});

describe('parseDate and parseMerchant', () => {
  test('dd/mm/yyyy and yyyy-mm-dd', () => {
    expect(parseDate('Date 14/03/2026')).toBe('2026-03-14');
    expect(parseDate('2026-03-14 10:00')).toBe('2026-03-14');
    expect(parseDate('١٤/٠٣/٢٠٢٦')).toBe('2026-03-14');
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('no date')).toBeNull();
  });
  test('the merchant is the first line with letters', () => {
    expect(parseMerchant('\n  \nAl Noor Grocery\nTotal 1.000')).toBe('Al Noor Grocery');
    expect(parseMerchant('123\n')).toBeNull();
  });
});

describe('parseReading', () => {
  test('odometers give whole km and no currency', () => {
    expect(parseReading('start_odometer', '084512', 'KWD')).toEqual({ value: 84512, fields: { odometerKm: 84512 } });
    expect(parseReading('end_odometer', 'xx', 'KWD')).toBeNull();
  });
  test('a receipt gives total, currency, date and merchant', () => {
    const r = parseReading('receipt', 'Al Noor Grocery\nDate 14/03/2026\nMilk 1.250\nTOTAL KWD 1.750', 'AED');
    expect(r).toEqual({
      value: 1750,
      currency: 'KWD',
      fields: { amount: '1.750', amountMinor: 1750, date: '2026-03-14', merchant: 'Al Noor Grocery' },
    });
  });
  test('a cash slip gives the amount only', () => {
    expect(parseReading('cash', 'CASH 25.50', 'AED')).toEqual({ value: 2550, currency: 'AED', fields: { amount: '25.50', amountMinor: 2550 } });
  });
  test('isOcrImageType (the shared contract)', () => {
    expect(isOcrImageType('receipt')).toBe(true);
    expect(isOcrImageType('selfie')).toBe(false);
    expect(isOcrImageType(null)).toBe(false);
  });
});
