import { describe, expect, test } from 'bun:test';
import { exactMinor, formatMoney, fromMinor, MINOR_DIGITS, toMinor } from './money';

describe('money in minor units', () => {
  test('KWD has 1000 fils, AED 100 fils', () => {
    expect(MINOR_DIGITS).toEqual({ KWD: 3, AED: 2 });
    expect(toMinor(1.25, 'KWD')).toBe(1250);
    expect(toMinor('1.250', 'KWD')).toBe(1250);
    expect(toMinor(0.5, 'KWD')).toBe(500);
    expect(toMinor(1.25, 'AED')).toBe(125);
    expect(toMinor(25, 'AED')).toBe(2500);
  });

  test('float noise does not leak into minor units', () => {
    expect(toMinor(0.1 + 0.2, 'KWD')).toBe(300);
    expect(toMinor(1.005, 'AED')).toBe(101);
    expect(toMinor(-1.005, 'AED')).toBe(-101);
    expect(toMinor(2.675, 'AED')).toBe(268);
  });

  test('rejects non-numbers', () => {
    expect(() => toMinor('abc', 'KWD')).toThrow(RangeError);
    expect(() => toMinor(Number.NaN, 'KWD')).toThrow('amount is not a finite number');
  });

  test('fromMinor is the inverse', () => {
    expect(fromMinor(1250, 'KWD')).toBe(1.25);
    expect(fromMinor(1250, 'AED')).toBe(12.5);
  });

  test('formatMoney shows 3 decimals for KWD and 2 for AED', () => {
    const kwd = formatMoney(1250, 'KWD');
    expect(kwd).toContain('1.250');
    expect(kwd).toContain('KWD');
    const aed = formatMoney(1250, 'AED');
    expect(aed).toContain('12.50');
    expect(aed).not.toContain('12.500');
    expect(aed).toContain('AED');
    // Intl puts a no-break space between the code and the amount.
    expect(formatMoney(500, 'KWD', 'en-US').replace(/\s/g, ' ')).toBe('KWD 0.500');
    expect(formatMoney(2500, 'AED', 'en-US').replace(/\s/g, ' ')).toBe('AED 25.00');
  });
});

describe('exactMinor: more decimals than the currency allows are refused, not rounded', () => {
  test('whole minor units pass, with float noise and trailing zeros', () => {
    expect(exactMinor(1.25, 'KWD')).toBe(1250);
    expect(exactMinor('1.250', 'KWD')).toBe(1250);
    expect(exactMinor(0.1 + 0.2, 'KWD')).toBe(300);
    expect(exactMinor('12.500', 'AED')).toBe(1250);
    expect(exactMinor(1_000_000, 'KWD')).toBe(1_000_000_000);
    expect(exactMinor(999_999.999, 'KWD')).toBe(999_999_999);
    expect(exactMinor(-0.75, 'KWD')).toBe(-750);
  });
  test('one decimal too many is null', () => {
    expect(exactMinor(10.005, 'AED')).toBeNull();
    expect(exactMinor('10.005', 'AED')).toBeNull();
    expect(exactMinor(1.2345, 'KWD')).toBeNull();
    expect(exactMinor(1.005, 'AED')).toBeNull();
    expect(exactMinor(-0.0001, 'KWD')).toBeNull();
    expect(exactMinor(Number.NaN, 'KWD')).toBeNull();
    expect(exactMinor('abc', 'AED')).toBeNull();
    expect(exactMinor('1.00000001', 'KWD')).toBeNull();
    expect(exactMinor('1.2', 'AED')).toBe(120);
  });
});
