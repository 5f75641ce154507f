import { describe, expect, test } from 'bun:test';
import { translate } from '../../../src/shared/i18n';
import { decimalsMessage, readAmount } from './amount';

describe('readAmount: a typed amount, never rounded', () => {
  test('Latin and Arabic-Indic digits, comma or Arabic decimal separator, trailing zeros', () => {
    expect(readAmount('1.500', 'KWD')).toEqual({ kind: 'ok', value: 1.5, minor: 1_500 });
    expect(readAmount('١٫٢٥', 'AED')).toEqual({ kind: 'ok', value: 1.25, minor: 125 });
    expect(readAmount(' 10,50 ', 'AED')).toEqual({ kind: 'ok', value: 10.5, minor: 1_050 });
    expect(readAmount('12.500', 'AED')).toEqual({ kind: 'ok', value: 12.5, minor: 1_250 });
    expect(readAmount('0', 'KWD')).toEqual({ kind: 'ok', value: 0, minor: 0 });
  });
  test('more decimals than the currency has is its own answer (10.005 AED, 1.2345 KWD)', () => {
    expect(readAmount('10.005', 'AED')).toEqual({ kind: 'decimals' });
    expect(readAmount('1.2345', 'KWD')).toEqual({ kind: 'decimals' });
    expect(readAmount('١٫٢٣٤٥', 'KWD')).toEqual({ kind: 'decimals' });
    expect(readAmount('1.0001', 'KWD')).toEqual({ kind: 'decimals' });
  });
  test('not an amount', () => {
    for (const text of ['', 'abc', '-1', '1.2.3', '.5']) expect(readAmount(text, 'KWD')).toEqual({ kind: 'invalid' });
  });
  test('the message is the server’s, in both languages', () => {
    const en = (key: string, params?: Record<string, string | number>) => translate('en', key as never, params);
    const ar = (key: string, params?: Record<string, string | number>) => translate('ar', key as never, params);
    expect(decimalsMessage(en as never, 'AED')).toBe('An amount in AED can have at most 2 decimals');
    expect(decimalsMessage(ar as never, 'KWD')).toBe('لا يمكن أن يزيد المبلغ بعملة KWD على 3 منازل عشرية');
  });
});
