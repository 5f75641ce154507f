import { describe, expect, test } from 'bun:test';
import { freshAnalysisWorld, NOW, RATE, type AnalysisWorld } from '../../../../../test/analysis-world';
import type { AnalysisType } from '../../../../shared/schemas/ai';
import { runAnalysis } from './index';

const { db, w } = await freshAnalysisWorld();
const run = (type: AnalysisType, scope: keyof AnalysisWorld['scopes']) => runAnalysis(db, w.scopes[scope], type, { now: NOW, aedToKwd: RATE });


describe('hr analysis', () => {
  test('admin: every rider; hours are duty less completed breaks, overtime beyond 8 h a day', async () => {
    const a = await run('hr', 'admin');
    expect(a.priority).toBe('medium');
    const { perRider, ...totals } = a.figures as Record<string, unknown> & { perRider: unknown[] };
    expect(totals).toEqual({
      timeZone: 'Asia/Kuwait',
      riders: { total: 5, active: 4, suspended: 0, inactive: 1, worked: 4, onDutyNow: 1 },
      // 25.5 (Rami) + 60 (Aziz) + 5.25 (Rashed) + 4 (Bashir: 5 h in Dubai's May, 4 in Kuwait's).
      hours: { worked: 94.75, shifts: 12, averagePerWorkingRider: 23.69 },
      breaks: { count: 4, minutes: 195, averageMinutes: 48.8, stretchesOverLimit: 10 },
      overtime: { hours: 11.5, riders: 2, sharePercent: 12.1, normalDayHours: 8 },
    });
    expect(perRider).toEqual([
      { riderId: w.riderA2.id, name: 'Aziz Alpha', status: 'active', hours: 60, shifts: 7, daysWorked: 8, breaks: 0, breakMinutes: 0, overtimeHours: 6 },
      { riderId: w.riderB2.id, name: 'Bashir Beta', status: 'active', hours: 4, shifts: 1, daysWorked: 1, breaks: 1, breakMinutes: 60, overtimeHours: 0 },
      { riderId: w.omar.id, name: 'Omar Alpha', status: 'inactive', hours: 0, shifts: 0, daysWorked: 0, breaks: 0, breakMinutes: 0, overtimeHours: 0 },
      { riderId: w.riderA.id, name: 'Rami Alpha', status: 'active', hours: 25.5, shifts: 3, daysWorked: 3, breaks: 2, breakMinutes: 90, overtimeHours: 5.5 },
      { riderId: w.riderB.id, name: 'Rashed Beta', status: 'active', hours: 5.25, shifts: 1, daysWorked: 1, breaks: 1, breakMinutes: 45, overtimeHours: 0 },
    ]);
    expect(a.analysis).toBe(
      'All companies has 5 riders: 4 active, 0 suspended and 1 inactive; 4 worked this month and 1 on duty now. ' +
        'From 2026-05-01 to 2026-05-20: 94.75 h worked in 12 shifts. That is 23.69 h per rider who worked. ' +
        '4 breaks taken, 195 min in all (48.8 min on average). ' +
        'Overtime (hours beyond 8 in a day): 11.5 h by 2 riders, 12.1% of the hours worked.',
    );
    expect(a.recommendations).toEqual([
      'Spread the work: Aziz Alpha and Rami Alpha worked 11.5 h of overtime.',
      'Remind riders to take a break after 5 hours of work: 10 stretches went longer without one.',
    ]);
  });

  test('company A: its three riders only', async () => {
    const a = await run('hr', 'companyA');
    expect(a.figures).toMatchObject({
      riders: { total: 3, active: 2, suspended: 0, inactive: 1, worked: 2, onDutyNow: 1 },
      hours: { worked: 85.5, shifts: 10, averagePerWorkingRider: 42.75 },
      breaks: { count: 2, minutes: 90, averageMinutes: 45, stretchesOverLimit: 10 },
      overtime: { hours: 11.5, riders: 2, sharePercent: 13.5 },
    });
    expect((a.figures.perRider as { name: string }[]).map((r) => r.name)).toEqual(['Aziz Alpha', 'Omar Alpha', 'Rami Alpha']);
    expect(a.priority).toBe('medium');
  });

  test('company B: Dubai’s month, no overtime → low', async () => {
    const a = await run('hr', 'companyB');
    expect(a.figures).toMatchObject({
      timeZone: 'Asia/Dubai',
      riders: { total: 2, active: 2, worked: 2, onDutyNow: 0 },
      hours: { worked: 10.25, shifts: 2, averagePerWorkingRider: 5.13 },
      breaks: { count: 2, minutes: 105, averageMinutes: 52.5, stretchesOverLimit: 0 },
      overtime: { hours: 0, riders: 0, sharePercent: 0 },
    });
    expect(a.analysis).toContain('No overtime: nobody worked more than 8 hours in a day.');
    expect(a.recommendations).toEqual(['Hours and breaks fit the normal working day: keep the current rota.']);
    expect(a.priority).toBe('low');
  });

  test('rider: itself; overtime 21.6% of its hours → high', async () => {
    const a = await run('hr', 'riderA');
    expect(a.figures).toMatchObject({
      riders: { total: 1, active: 1, worked: 1, onDutyNow: 1 },
      hours: { worked: 25.5, shifts: 3 },
      breaks: { count: 2, minutes: 90, averageMinutes: 45, stretchesOverLimit: 3 },
      overtime: { hours: 5.5, riders: 1, sharePercent: 21.6 },
    });
    expect(a.analysis).toBe(
      'From 2026-05-01 to 2026-05-20: 25.5 h worked in 3 shifts. 2 breaks taken, 90 min in all (45 min on average). ' +
        'Overtime (hours beyond 8 in a day): 5.5 h by 1 rider, 21.6% of the hours worked.',
    );
    expect(a.priority).toBe('high');
  });
});

describe('legal analysis', () => {
  test('admin: every check finds an issue → high', async () => {
    const a = await run('legal', 'admin');
    expect(a.priority).toBe('high');
    expect(a.figures.checks).toEqual({
      // Omar has no licence number either, but he is inactive.
      licenceNumber: { status: 'issue', riders: [{ riderId: w.riderA2.id, name: 'Aziz Alpha' }] },
      licenceExpiry: { status: 'issue', riders: [{ riderId: w.riderA.id, name: 'Rami Alpha', expiresOn: '2026-05-10', expired: true }] },
      workingHours: {
        status: 'issue',
        riders: [
          { riderId: w.riderA2.id, name: 'Aziz Alpha', days: [], weeks: [{ weekOf: '2026-05-10', hours: 54 }] },
          { riderId: w.riderA.id, name: 'Rami Alpha', days: [{ date: '2026-05-04', hours: 11.5 }], weeks: [] },
        ],
      },
      restBreaks: {
        status: 'issue',
        stretches: 10,
        riders: [
          { riderId: w.riderA2.id, name: 'Aziz Alpha', stretches: 7 },
          { riderId: w.riderA.id, name: 'Rami Alpha', stretches: 3 },
        ],
      },
      cashHeld: {
        status: 'issue',
        total: { KWD: { minor: 2000, decimal: '2.000', currency: 'KWD' }, AED: { minor: 0, decimal: '0.00', currency: 'AED' } },
        riders: [{ riderId: w.riderA.id, name: 'Rami Alpha', amount: { minor: 2000, decimal: '2.000', currency: 'KWD' } }],
      },
    });
    expect(a.figures.rules).toMatchObject({ normalDayHours: 8, maxDayHours: 10, maxWeekHours: 48, maxStretchHours: 5, cashHoldHours: 24 });
    expect(a.analysis).toBe(
      'Compliance checks for All companies from 2026-05-01 to 2026-05-20: 5 of 5 found an issue. ' +
        'License number missing for Aziz Alpha. ' +
        'Driving licenses expired or expiring within 30 days: Rami Alpha. ' +
        'Over the legal working hours: Aziz Alpha and Rami Alpha, with 1 day over 10 h and 1 week over 48 h. ' +
        '10 stretches of more than 5 hours of work without a break, by Aziz Alpha and Rami Alpha. ' +
        'Cash held for more than 24 hours without a hand-over: 2.000 KWD, by Rami Alpha.',
    );
    expect(a.recommendations).toEqual([
      'Add the license numbers of Aziz Alpha to their rider records.',
      'Renew the driving licenses of Rami Alpha and record the new expiry dates (Compliance tab).',
      'Cut the hours of Aziz Alpha and Rami Alpha: the law allows 8 h a day plus at most 2 h of overtime, and 48 h a week.',
      'Give Aziz Alpha and Rami Alpha a break of at least one hour after 5 hours of work.',
      'Have Rami Alpha hand over the cash held for more than 24 hours (2.000 KWD).',
    ]);
  });

  test('company B: nothing found → low; company A sees none of B and B none of A', async () => {
    const b = await run('legal', 'companyB');
    expect(b.priority).toBe('low');
    expect(b.analysis).toBe(
      'Compliance checks for Beta Express from 2026-05-01 to 2026-05-20: 0 of 5 found an issue. ' +
        'Every rider on the fleet has a license number on file. ' +
        'No driving license on record is expired or expires within 30 days. ' +
        'Nobody worked more than 10 hours in a day or 48 hours in a week. ' +
        'No stretch of work went past 5 hours without a break. ' +
        'No cash has been held for more than 24 hours.',
    );
    const a = await run('legal', 'companyA');
    expect(a.priority).toBe('high');
    expect(JSON.stringify(a)).not.toMatch(/Beta|Rashed|Bashir/);
    expect(JSON.stringify(b)).not.toMatch(/Alpha|Rami|Aziz/);
  });

  test('rider: its own checks only', async () => {
    const a = await run('legal', 'riderA');
    expect(a.figures.checks).toMatchObject({
      licenceNumber: { status: 'ok', riders: [] },
      workingHours: { status: 'issue', riders: [{ name: 'Rami Alpha', days: [{ date: '2026-05-04', hours: 11.5 }] }] },
      restBreaks: { stretches: 3 },
      cashHeld: { status: 'issue' },
    });
    expect(JSON.stringify(a)).not.toContain('Aziz');
    expect((await run('legal', 'riderB')).priority).toBe('low');
  });
});
