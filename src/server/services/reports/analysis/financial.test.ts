import { describe, expect, test } from 'bun:test';
import { freshAnalysisWorld, makeSoloCompany, NOW, RATE, type AnalysisWorld } from '../../../../../test/analysis-world';
import { makeOrder } from '../../../../../test/factories';
import { cashPosition } from '../../rider';
import { runAnalysis } from './index';

const { db, w } = await freshAnalysisWorld();
const run = (scope: keyof AnalysisWorld['scopes']) => runAnalysis(db, w.scopes[scope], 'financial', { now: NOW, aedToKwd: RATE });
const kwd = (minor: number, decimal: string) => ({ minor, decimal, currency: 'KWD' });
const aed = (minor: number, decimal: string) => ({ minor, decimal, currency: 'AED' });


describe('financial analysis', () => {
  test('admin: the whole system in Kuwait’s May, AED converted at the configured rate', async () => {
    const a = await run('admin');
    expect(a).toMatchObject({ type: 'financial', timeframe: 'monthly', scope: { kind: 'system', name: 'All companies' }, period: { from: '2026-05-01', to: '2026-05-20' }, priority: 'high' });
    expect(a.figures).toEqual({
      timeZone: 'Asia/Kuwait',
      conversion: { aedToKwdRate: 0.0835, rule: 'AED is converted at 1 AED = 0.0835 KWD (AED_TO_KWD_RATE) and rounded to the fil; KWD and AED are never added unconverted.' },
      // Company B's order delivered at 00:40 Dubai on 1 May is 23:40 on 30 April in Kuwait: not in the system's May.
      revenue: { KWD: kwd(4500, '4.500'), AED: aed(3600, '36.00'), totalKwd: kwd(7506, '7.506') },
      split: { KWD: 60, AED: 40 },
      deliveredOrders: { KWD: 5, AED: 2 },
      averageFee: { KWD: kwd(900, '0.900'), AED: aed(1800, '18.00') },
      cashCollected: { KWD: kwd(20000, '20.000'), AED: aed(15000, '150.00') },
      open: { orders: 2, fees: { KWD: kwd(700, '0.700'), AED: aed(1200, '12.00') } },
      // 1.400 KWD + 10.00 AED (0.835 KWD) of 7.506 + 2.235 KWD at stake.
      lost: { orders: 3, fees: { KWD: kwd(1400, '1.400'), AED: aed(1000, '10.00') }, sharePercent: 22.9 },
      cashOutstanding: {
        onHand: { KWD: kwd(6000, '6.000'), AED: aed(0, '0.00') },
        pendingConfirmation: { KWD: kwd(3000, '3.000'), AED: aed(15000, '150.00') },
        heldOver24h: { KWD: kwd(2000, '2.000'), AED: aed(0, '0.00') },
        riders: [
          { riderId: w.riderA.id, name: 'Rami Alpha', currency: 'KWD', onHand: kwd(6000, '6.000'), pendingConfirmation: kwd(3000, '3.000'), heldOver24h: kwd(2000, '2.000') },
          { riderId: w.riderB.id, name: 'Rashed Beta', currency: 'AED', onHand: aed(0, '0.00'), pendingConfirmation: aed(15000, '150.00'), heldOver24h: aed(0, '0.00') },
        ],
      },
    });
    expect(a.analysis).toBe(
      'From 2026-05-01 to 2026-05-20, 7 orders delivered earned 4.500 KWD and 36.00 AED in delivery fees. ' +
        'At the configured rate of 1 AED = 0.0835 KWD that is 7.506 KWD in all: 60% earned in KWD and 40% in AED. ' +
        'The average fee per delivered order was 0.900 KWD and 18.00 AED. ' +
        'Open orders carry 0.700 KWD and 12.00 AED in fees still to earn; failed and cancelled orders lost 1.400 KWD and 10.00 AED (22.9% of the fees at stake). ' +
        'Cash collected but not yet handed over: 6.000 KWD, held by 1 rider; 2.000 KWD of it has been held for more than 24 hours.',
    );
    expect(a.recommendations).toEqual([
      'Collect 2.000 KWD from Rami Alpha: cash held for more than 24 hours.',
      'Review why orders failed or were cancelled: they lost 1.400 KWD and 10.00 AED in fees, 22.9% of the fees at stake.',
      'Finish 2 orders still open, carrying 0.700 KWD and 12.00 AED in fees.',
    ]);
  });

  test('company A: its own fleet and orders only, in KWD', async () => {
    const a = await run('companyA');
    expect(a.scope).toEqual({ kind: 'company', name: 'Alpha Couriers' });
    expect(a.priority).toBe('high');
    const f = a.figures as Record<string, unknown>;
    expect(f.revenue).toEqual({ KWD: kwd(4500, '4.500'), AED: aed(0, '0.00'), totalKwd: kwd(4500, '4.500') });
    expect(f.split).toEqual({ KWD: 100, AED: 0 });
    expect(f.open).toEqual({ orders: 1, fees: { KWD: kwd(700, '0.700'), AED: aed(0, '0.00') } });
    expect(f.lost).toEqual({ orders: 2, fees: { KWD: kwd(1400, '1.400'), AED: aed(0, '0.00') }, sharePercent: 23.7 });
    expect((f.cashOutstanding as { riders: { name: string }[] }).riders.map((r) => r.name)).toEqual(['Rami Alpha']);
    expect(a.analysis).toBe(
      'From 2026-05-01 to 2026-05-20, 5 orders delivered earned 4.500 KWD in delivery fees. ' +
        'The average fee per delivered order was 0.900 KWD. ' +
        'Open orders carry 0.700 KWD in fees still to earn; failed and cancelled orders lost 1.400 KWD (23.7% of the fees at stake). ' +
        'Cash collected but not yet handed over: 6.000 KWD, held by 1 rider; 2.000 KWD of it has been held for more than 24 hours.',
    );
    expect(a.analysis).not.toContain('AED');
  });

  test('company B: Dubai’s May, its own orders; no cash held too long → medium for the lost fees', async () => {
    const a = await run('companyB');
    expect(a.scope).toEqual({ kind: 'company', name: 'Beta Express' });
    expect(a.priority).toBe('medium');
    expect(a.figures).toMatchObject({
      timeZone: 'Asia/Dubai',
      revenue: { KWD: kwd(0, '0.000'), AED: aed(4000, '40.00'), totalKwd: kwd(3340, '3.340') },
      split: { KWD: 0, AED: 100 },
      deliveredOrders: { KWD: 0, AED: 3 },
      averageFee: { KWD: null, AED: aed(1333, '13.33') },
      lost: { orders: 1, sharePercent: 20 },
      cashOutstanding: { riders: [{ name: 'Rashed Beta', onHand: aed(0, '0.00'), pendingConfirmation: aed(15000, '150.00') }] },
    });
    expect(a.analysis).toContain('3 orders delivered earned 40.00 AED in delivery fees.');
    expect(a.analysis).toContain('No cash is waiting to be handed over.');
    expect(a.recommendations).toEqual([
      'Review why orders failed or were cancelled: they lost 10.00 AED in fees, 20% of the fees at stake.',
      'Finish 1 order still open, carrying 12.00 AED in fees.',
    ]);
  });

  test('rider: only its own deliveries and cash', async () => {
    const a = await run('riderA');
    expect(a.scope).toEqual({ kind: 'rider', name: 'Rami Alpha' });
    expect(a.figures).toMatchObject({
      revenue: { KWD: kwd(3000, '3.000'), totalKwd: kwd(3000, '3.000') },
      deliveredOrders: { KWD: 3, AED: 0 },
      cashCollected: { KWD: kwd(14000, '14.000') },
      open: { orders: 0 },
      lost: { orders: 1, sharePercent: 21.1 },
    });
    expect((a.figures.cashOutstanding as { riders: unknown[] }).riders).toHaveLength(1);
    expect(a.priority).toBe('high');

    const b = await run('riderB');
    expect(b.figures).toMatchObject({ revenue: { AED: aed(3600, '36.00') }, lost: { sharePercent: 21.7 } });
    expect(b.priority).toBe('medium');
  });

  test('cash on hand agrees with the rider dashboard’s cashPosition', async () => {
    const a = await run('riderA');
    const position = await cashPosition(db, w.riderA.id, 'KWD');
    expect((a.figures.cashOutstanding as { onHand: { KWD: { minor: number } } }).onHand.KWD.minor).toBe(position.onHandMinor);
  });

  test('cash collected within the last 24 hours is on hand but not held too long', async () => {
    const { company, rider, scope } = await makeSoloCompany(db, 'Zeta Zoom');
    await makeOrder(db, company, { riderId: rider.id, status: 'delivered', deliveryFeeMinor: 1250, codAmountMinor: 7500, createdAt: new Date('2026-05-20T06:00:00Z') });
    const a = await runAnalysis(db, scope, 'financial', { now: NOW, aedToKwd: RATE });
    expect(a.analysis).toContain('Cash collected but not yet handed over: 7.500 KWD, held by 1 rider; none of it has been held for more than 24 hours.');
    expect(a.recommendations).toEqual(['Revenue and cash are in order: keep the daily cash hand-over.']);
    expect(a.priority).toBe('low');
  });
});
