import { describe, expect, test } from 'bun:test';
import { inDecimals, onTheWire } from './money-wire';

describe('money on the wire: services send minor units, each door one form', () => {
  const day = {
    currency: 'KWD' as const,
    todayOrders: 3,
    cashOnHandMinor: 1250,
    pendingMinor: null,
    at: new Date(0),
    cashByCurrency: [
      { currency: 'KWD' as const, onHandMinor: 1250 },
      { currency: 'AED' as const, onHandMinor: 1005 },
    ],
  };

  test('tRPC and REST: major units as a JSON number, in the nearest currency; other fields untouched', () => {
    const wire = onTheWire(day);
    expect(wire).toEqual({
      currency: 'KWD',
      todayOrders: 3,
      cashOnHand: 1.25,
      pending: null,
      at: new Date(0),
      cashByCurrency: [
        { currency: 'KWD', onHand: 1.25 },
        { currency: 'AED', onHand: 10.05 },
      ],
    });
    // JSON carries the decimal exactly as the currency writes it.
    expect(JSON.stringify(onTheWire({ totalRevenueMinor: 1250500 }, 'KWD'))).toBe('{"totalRevenue":1250.5}');
  });

  test('MCP: decimal text with the currency’s digits', () => {
    expect(inDecimals(day).cashByCurrency).toEqual([
      { currency: 'KWD', onHand: '1.250' },
      { currency: 'AED', onHand: '10.05' },
    ]);
    expect(inDecimals({ feeMinor: -5 }, 'AED')).toEqual({ fee: '-0.05' });
  });

  test('minor units without a currency in reach are refused, never guessed', () => {
    expect(() => onTheWire({ feeMinor: 100 })).toThrow('feeMinor: minor units need a number and a currency');
  });
});
