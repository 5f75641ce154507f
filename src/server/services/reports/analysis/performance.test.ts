import { describe, expect, test } from 'bun:test';
import { freshAnalysisWorld, makeSoloCompany, NOW, RATE, type AnalysisWorld } from '../../../../../test/analysis-world';
import { makeOrder } from '../../../../../test/factories';
import { dutyShifts } from '../../../../../db/schema';
import { runAnalysis } from './index';

const { db, w } = await freshAnalysisWorld();
const run = (scope: keyof AnalysisWorld['scopes']) => runAnalysis(db, w.scopes[scope], 'performance', { now: NOW, aedToKwd: RATE });
const rider = (id: string, name: string, deliveries: number, hours: number, ordersPerHour: number, efficiencyPercent: number, deliveriesOffDuty = 0) => ({
  riderId: id,
  name,
  deliveries,
  hours,
  ordersPerHour,
  efficiencyPercent,
  tone: 'red',
  deliveriesOffDuty,
});


describe('performance analysis', () => {
  test('admin: orders per hour of duty, efficiency = rate / 3 × 100, completion of finished orders', async () => {
    const a = await run('admin');
    expect(a.figures).toEqual({
      timeZone: 'Asia/Kuwait',
      orders: { created: 12, byStatus: { pending: 1, assigned: 1, picked_up: 0, delivered: 7, cancelled: 1, failed: 2 }, open: 2 },
      completionRatePercent: 70,
      successRatePercent: 77.8,
      // 5 of the 7 deliveries were made during a shift: 5 in 94.75 h.
      throughput: { deliveries: 5, hours: 94.75, ordersPerHour: 0.05, efficiencyPercent: 1.8, tone: 'red', targetOrdersPerHour: 3, deliveriesOffDuty: 2 },
      averageDeliveryMinutes: 32.1,
      perRider: [
        rider(w.riderA2.id, 'Aziz Alpha', 1, 60, 0.02, 0.6, 1),
        rider(w.riderB2.id, 'Bashir Beta', 0, 4, 0, 0),
        rider(w.omar.id, 'Omar Alpha', 0, 0, 0, 0),
        rider(w.riderA.id, 'Rami Alpha', 3, 25.5, 0.12, 3.9),
        rider(w.riderB.id, 'Rashed Beta', 1, 5.25, 0.19, 6.3, 1),
      ],
    });
    expect(a.analysis).toBe(
      'From 2026-05-01 to 2026-05-20: 12 orders created, 7 delivered, 2 failed, 1 cancelled and 2 still open. ' +
        'Completion rate 70% (delivered of finished orders); success rate 77.8% (delivered of delivered and failed). ' +
        '5 orders delivered during 94.75 h of duty: 0.05 orders per hour, 1.8% efficiency against the target of 3 per hour. ' +
        '2 orders delivered outside any recorded duty, so not in the rate. ' +
        'Average order time, from pickup to delivery: 32.1 min. ' +
        'Highest efficiency: Rashed Beta, 6.3%.',
    );
    expect(a.recommendations).toEqual([
      'Coach Aziz Alpha, Bashir Beta, Rami Alpha, and Rashed Beta: below 60% efficiency (under 1.8 orders per hour).',
      'Look into failed and cancelled orders: completion is 70%, below 90%.',
      'Have riders start and end duty in the app: 2 orders delivered outside any recorded duty, so hours and efficiency miss them.',
    ]);
    expect(a.priority).toBe('high');
  });

  test('company B: its orders in Dubai’s May, including the one made at 00:30 on the 1st', async () => {
    const a = await run('companyB');
    expect(a.figures).toMatchObject({
      orders: { created: 5, byStatus: { delivered: 3, failed: 1, assigned: 1 }, open: 1 },
      completionRatePercent: 75,
      successRatePercent: 75,
      throughput: { deliveries: 2, hours: 10.25, ordersPerHour: 0.2, efficiencyPercent: 6.5, deliveriesOffDuty: 1 },
      averageDeliveryMinutes: 23.3,
      perRider: [rider(w.riderB2.id, 'Bashir Beta', 1, 5, 0.2, 6.7), rider(w.riderB.id, 'Rashed Beta', 1, 5.25, 0.19, 6.3, 1)],
    });
  });

  test('company A and rider A see only their own', async () => {
    const a = await run('companyA');
    expect(a.figures).toMatchObject({ orders: { created: 8, open: 1 }, throughput: { deliveries: 4, hours: 85.5, deliveriesOffDuty: 1 } });
    expect(JSON.stringify(a)).not.toMatch(/Rashed|Bashir/);

    const r = await run('riderA');
    expect(r.figures).toMatchObject({
      orders: { created: 4, byStatus: { delivered: 3, failed: 1 }, open: 0 },
      completionRatePercent: 75,
      throughput: { deliveries: 3, hours: 25.5, ordersPerHour: 0.12, efficiencyPercent: 3.9, deliveriesOffDuty: 0 },
      averageDeliveryMinutes: 30,
      perRider: [rider(w.riderA.id, 'Rami Alpha', 3, 25.5, 0.12, 3.9)],
    });
    // No "highest efficiency" line for one rider.
    expect(r.analysis).not.toContain('Highest efficiency');
  });
});

describe('priority at the edges', () => {
  test('on target: 3 deliveries in a 1 h shift, none failed → low, with the keep-going advice', async () => {
    const { company: c, rider: r, scope } = await makeSoloCompany(db, 'Gamma Go');
    await db.insert(dutyShifts).values({ riderId: r.id, startedAt: new Date('2026-05-19T06:00:00Z'), endedAt: new Date('2026-05-19T07:00:00Z') });
    for (const m of [10, 30, 50]) await makeOrder(db, c, { riderId: r.id, status: 'delivered', createdAt: new Date(`2026-05-19T06:${m}:00Z`), deliveredAt: new Date(`2026-05-19T06:${m + 5}:00Z`) });
    const a = await runAnalysis(db, scope, 'performance', { now: NOW, aedToKwd: RATE });
    expect(a.figures).toMatchObject({ completionRatePercent: 100, throughput: { deliveries: 3, hours: 1, ordersPerHour: 3, efficiencyPercent: 100, tone: 'green' } });
    expect(a.priority).toBe('low');
    expect(a.recommendations).toEqual(['Performance is on target: keep at least 2.4 orders per hour per rider.']);
  });

  test('deliveries without any duty recorded → medium, asking for duty in the app', async () => {
    const { company: c, rider: r, scope } = await makeSoloCompany(db, 'Delta Do');
    await makeOrder(db, c, { riderId: r.id, status: 'delivered', createdAt: new Date('2026-05-18T06:00:00Z') });
    const a = await runAnalysis(db, scope, 'performance', { now: NOW, aedToKwd: RATE });
    expect(a.analysis).toContain('1 order delivered this month, but no duty time was recorded, so orders per hour cannot be measured.');
    expect(a.recommendations).toEqual(['Have riders start and end duty in the app: 1 order delivered outside any recorded duty, so hours and efficiency miss them.']);
    expect(a.priority).toBe('medium');
  });

  test('a company with nothing this month: no revenue → medium; hr names the idle rider', async () => {
    const { scope } = await makeSoloCompany(db, 'Epsilon Empty');
    const f = await runAnalysis(db, scope, 'financial', { now: NOW, aedToKwd: RATE });
    expect(f.analysis).toBe(
      'From 2026-05-01 to 2026-05-20, 0 orders delivered earned 0.000 KWD in delivery fees. ' +
        'Open orders carry 0.000 KWD in fees still to earn; failed and cancelled orders lost 0.000 KWD (0% of the fees at stake). ' +
        'No cash is waiting to be handed over.',
    );
    expect(f.recommendations).toEqual(['No order was delivered this month: check that orders are assigned and riders are on duty.']);
    expect(f.priority).toBe('medium');
    const h = await runAnalysis(db, scope, 'hr', { now: NOW, aedToKwd: RATE });
    expect(h.analysis).toContain('No duty was recorded from 2026-05-01 to 2026-05-20.');
    expect(h.recommendations).toEqual(['Plan shifts for Epsilon Empty Rider: active, but no duty this month.']);
    expect(h.priority).toBe('medium');
    const p = await runAnalysis(db, scope, 'performance', { now: NOW, aedToKwd: RATE });
    expect(p.figures).toMatchObject({ completionRatePercent: null, successRatePercent: null, averageDeliveryMinutes: null });
    expect(p.priority).toBe('low');
  });
});
