import { describe, expect, test } from 'bun:test';
import { addPosition, emptyLedger, TRAIL_MAX, type Ledger } from './ledger';

describe('the duty’s route kept on the phone for the rider’s map', () => {
  test('usable fixes at least 20 m apart; an inaccurate fix or one standing still adds nothing', () => {
    let l = emptyLedger(0);
    l = addPosition(l, { lat: 29.3375, lng: 48.0263 }, 5, 1);
    l = addPosition(l, { lat: 29.33751, lng: 48.02631 }, 5, 2); // about 1.5 m on
    l = addPosition(l, { lat: 29.3339, lng: 48.0761 }, 500, 3); // 500 m accuracy
    l = addPosition(l, { lat: 29.3339, lng: 48.0761 }, 8, 4);
    expect(l.trail).toEqual([
      { lat: 29.3375, lng: 48.0263 },
      { lat: 29.3339, lng: 48.0761 },
    ]);
  });

  test('bounded: the newest TRAIL_MAX points; a ledger stored before the route existed starts one', () => {
    const old = { startTime: 0, last: null, lastLocationAt: 0, lastSync: null } as Ledger;
    expect(addPosition(old, { lat: 29.3, lng: 48 }, 5, 1).trail).toEqual([{ lat: 29.3, lng: 48 }]);
    let l = emptyLedger(0);
    for (let i = 0; i < TRAIL_MAX + 5; i++) l = addPosition(l, { lat: 29 + i * 0.001, lng: 48 }, 5, i);
    expect(l.trail).toHaveLength(TRAIL_MAX);
    expect(l.trail![0]!.lat).toBeCloseTo(29.005, 9);
    expect(l.trail!.at(-1)!.lat).toBeCloseTo(29 + (TRAIL_MAX + 4) * 0.001, 9);
  });
});
