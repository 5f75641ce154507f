import { describe, expect, test } from 'bun:test';
import { moneyIn, parseReceipt, printedCurrency, receiptDate } from './receipt-parse';

const total = (rows: string[], fallback = 'KWD', slip = false) => parseReceipt(rows, fallback, { slip })?.amount ?? null;

describe('the grand total of a receipt', () => {
  test('never a subtotal, tax, savings, rounding, change or cash tendered', () => {
    expect(total(['Subtotal  51.90', 'Tax  4.68', 'TOTAL:  $56.58', 'CASH  100.00', 'CHANGE  43.42'])).toBe('56.58');
    expect(total(['Total Savings  3.20', 'TOTAL  18.40', 'GST included in total  1.67'], 'AED')).toBe('18.40');
    expect(total(['Sub Total  9.98', 'Rounding  -0.03', 'Total  9.95', 'Tendered  10.00'], 'AED')).toBe('9.95');
  });
  test('a total printed again after a service charge or tip is the larger one', () => {
    expect(total(['SUBTOTAL:  29.88', '15% SERVICE CHARGE:  4.48', 'Tax(8.75%):  3.01', 'SALES TOTAL:  32.89', 'TOTAL:  37.37', 'CASH:  100.00', 'CHANGE  62.63'], 'AED')).toBe('37.37');
  });
  test('"Net Total" before tax loses to the printed TOTAL; Grand Total / Amount Due win', () => {
    expect(total(['Net Total:  $14.85', 'IL Sales  $1.52', 'TOTAL:  $16.56'])).toBe('16.56');
    expect(total(['Total  12.000', 'Delivery  0.500', 'Grand Total  12.500'])).toBe('12.500');
    expect(total(['Total items 3', 'Amount Due  7.250'])).toBe('7.250');
  });
  test('Arabic labels (المجموع, الإجمالي, المبلغ المستحق) with Arabic-Indic digits', () => {
    expect(total(['المجموع الفرعي  ١٠٫٠٠٠', 'الإجمالي  ١٠٫٥٠٠ د.ك'], 'AED')).toBe('10.500');
    expect(total(['المبلغ المستحق  ٤٥٫٥٠ درهم'], 'KWD')).toBe('45.50');
  });
  test('the amount on the row under its label; German "zu zahlen" with a decimal comma', () => {
    expect(total(['TOTAL', '23.75', 'VISA  23.75'])).toBe('23.750');
    expect(total(['Summe  7,16', 'zu zahlen  7,16', 'Bar  10,00', 'Rückgeld  -2,84'], 'KWD')).toBe('7.160');
  });
  test('a total that lost its decimal point is put back and marked repaired', () => {
    const r = parseReceipt(['Coffee  3.00', 'TOTAL  5658'], 'USD')!;
    expect(r).toMatchObject({ amount: '56.58', repaired: true });
  });
  test('confirmed when subtotal plus tax make the total, contested when two totals disagree', () => {
    expect(parseReceipt(['SUB TOTAL:  51.90', 'Tax 1:  4.68', 'TOTAL:  $56.58'], 'KWD')).toMatchObject({ confirmed: true, contested: false, currency: 'USD' });
    expect(parseReceipt(['TOTAL  12.50', 'TOTAL  12.80'], 'AED')).toMatchObject({ amount: '12.80', contested: true });
  });
  test('a cash slip: "Cash 25.500" is its amount', () => {
    expect(total(['Cash hand-over', 'CASH  25.500'], 'KWD', true)).toBe('25.500');
    expect(total(['CASH  25.500'], 'KWD')).toBeNull();
  });
  test('no amount at all: nothing', () => {
    expect(parseReceipt(['THANK YOU', 'Tel 2222 3333'], 'KWD')).toBeNull();
  });
});

describe('currency, amounts and dates', () => {
  test('the printed currency; Gulf codes first, glued codes too', () => {
    expect(printedCurrency('GrandTotalAED 281.19')).toBe('AED');
    expect(printedCurrency('Total/JLUIAED  460.09')).toBe('AED');
    expect(printedCurrency('ZAEDX 4')).toBeNull();
    expect(printedCurrency('Total 1.750 KD')).toBe('KWD');
    expect(printedCurrency('المجموع ١٢٫٥٠٠ د.ك')).toBe('KWD');
    expect(printedCurrency('SAR 25.00')).toBe('SAR');
    expect(printedCurrency('Total €7,16')).toBe('EUR');
    expect(printedCurrency('KIDS MENU 2.50')).toBeNull();
  });
  test('3 decimals only for 3-decimal currencies; thousands separators', () => {
    expect(moneyIn('Total 1,245.00', 'AED').map((m) => m.value)).toEqual(['1245.00']);
    expect(moneyIn('Total 12.500', 'KWD').map((m) => m.value)).toEqual(['12.500']);
    expect(moneyIn('Total 1.234', 'EUR')).toEqual([]);
    expect(moneyIn('14/03/2026 12:30  8.40', 'USD').map((m) => m.value)).toEqual(['8.40']);
    expect(moneyIn('A=19,00%  0,85  0,71', 'EUR').map((m) => m.value)).toEqual(['0.85', '0.71']);
  });
  test('dates: day first, unless that is impossible; ISO', () => {
    expect(receiptDate('Date 23/04/2025 21:02')).toBe('2025-04-23');
    expect(receiptDate('5/26/2016 12:53:10PM')).toBe('2016-05-26');
    expect(receiptDate('2019.12.17')).toBe('2019-12-17');
    expect(receiptDate('no date')).toBeNull();
  });
});
