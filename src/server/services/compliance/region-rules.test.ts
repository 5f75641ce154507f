import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dutyBreaks, dutyShifts, notices, orders, regionRules, riders } from '../../../../db/schema';
import { makeOrder, makeRider } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { runInLocale } from '../../lib/request-locale';
import { DomainError } from '../../errors';
import { startDuty } from '../rider';
import { orderBlock as orderBlockMessage } from './guards';
import { render } from '../../../shared/i18n/message';
import { currentLocale } from '../../../shared/i18n';
import { assignOrder } from '../orders';
import { companyRulesToday, riderRulesNow, workedToday } from './region-rules';
import { staffActor } from '../access';

/** The reason as the door shows it, in the current language. */
const orderBlock = async (...args: Parameters<typeof orderBlockMessage>) => {
  const m = await orderBlockMessage(...args);
  return m && render(currentLocale(), m);
};

/** Fixed clocks: Kuwait UTC+3, Dubai UTC+4. */
const kw = (iso: string) => new Date(`${iso}+03:00`);
const ae = (iso: string) => new Date(`${iso}+04:00`);
const JULY_NOON = kw('2026-07-15T12:00');
const BAN = 'Motorcycle deliveries are paused 11:00–16:00 in Kuwait from June to August (summer midday ban). Orders can be assigned again at 16:00.';

let db: Db;
let w: World;
const admin = () => (staffActor(w.admin.id, null));

beforeEach(async () => {
  ({ db, w } = await freshWorld());
  // The test template switches the time-of-day rules off (test/db.ts); these tests need the defaults.
  await db.update(regionRules).set({ summerMotorcycleBan: true, summerMiddayBreak: true, iftarPause: true });
});

async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(DomainError);
  const e = err as DomainError;
  return { code: e.code, message: e.localized(), field: e.field };
}

const shift = (riderId: string, startedAt: Date, endedAt: Date | null = null) =>
  db.insert(dutyShifts).values({ riderId, startedAt, endedAt }).returning().then((r) => r[0]!);

describe('assignOrder respects the working rules', () => {
  test('15 July 12:00 Kuwait: a motorcycle rider is refused with the rule and its end; a car rider is not', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    expect(await refusal(assignOrder(db, admin(), o.id, w.riderA.id, JULY_NOON))).toEqual({ code: 'BAD_REQUEST', message: BAN, field: 'riderId' });
    expect((await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!.status).toBe('pending');

    const { rider: car } = await makeRider(db, w.companyA, { vehicleType: 'car', withUser: false });
    expect(await assignOrder(db, admin(), o.id, car.id, JULY_NOON)).toEqual({ success: true, riderId: car.id });
  });

  test('the same rider at 16:00, in October, or with the ban switched off is assigned', async () => {
    for (const at of [kw('2026-07-15T16:00'), kw('2026-10-15T12:00')]) {
      const o = await makeOrder(db, w.companyA, { status: 'pending' });
      expect((await assignOrder(db, admin(), o.id, w.riderA.id, at)).success).toBe(true);
    }
    await db.update(regionRules).set({ summerMotorcycleBan: false }).where(eq(regionRules.region, 'kuwait'));
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    expect((await assignOrder(db, admin(), o.id, w.riderA.id, JULY_NOON)).success).toBe(true);
  });

  test('the refusal is in the request language; a bicycle is named as such', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    const ar = await runInLocale('ar', () => refusal(assignOrder(db, admin(), o.id, w.riderA.id, JULY_NOON)));
    expect(ar.message).toBe('التوصيل بالدراجات النارية متوقف من 11:00 إلى 16:00 في الكويت من يونيو إلى أغسطس (حظر العمل وقت الظهيرة صيفاً). يمكن إسناد الطلبات مجدداً الساعة 16:00.');
    await db.update(riders).set({ vehicleType: 'bicycle' }).where(eq(riders.id, w.riderA.id));
    expect((await refusal(assignOrder(db, admin(), o.id, w.riderA.id, JULY_NOON))).message).toBe(
      'Bicycle deliveries are paused 11:00–16:00 in Kuwait from June to August (summer midday ban). Orders can be assigned again at 16:00.',
    );
  });

  test('a UAE rider follows the UAE break, and iftar pauses every vehicle in Ramadan', async () => {
    const o = await makeOrder(db, w.companyB, { status: 'pending' });
    expect((await refusal(assignOrder(db, admin(), o.id, w.riderB.id, ae('2026-07-15T13:00')))).message).toBe(
      'Motorcycle deliveries are paused 12:30–15:00 in the UAE from 15 June to 15 September (midday break). Orders can be assigned again at 15:00.',
    );
    await db.update(riders).set({ vehicleType: 'car' }).where(eq(riders.id, w.riderB.id));
    // 1 Ramadan 1447 (18 February 2026): sunset in Dubai 18:15, so the pause is 18:00–18:45.
    expect((await refusal(assignOrder(db, admin(), o.id, w.riderB.id, ae('2026-02-18T18:20')))).message).toBe(
      'Orders are paused around iftar in Ramadan (18:00–18:45). Orders can be assigned again at 18:45.',
    );
    expect((await assignOrder(db, admin(), o.id, w.riderB.id, ae('2026-02-18T18:45'))).success).toBe(true);
  });

  test('orderBlock explains the same reason without assigning', async () => {
    const facts = { paymentMethod: 'card', codAmountMinor: 0 };
    expect(await orderBlock(db, w.riderA, facts, JULY_NOON)).toBe(BAN);
    expect(await orderBlock(db, w.riderA, facts, kw('2026-07-15T10:59'))).toBeNull();
  });
});

describe('daily hours', () => {
  test('worked minutes: shifts minus breaks in the zone day, a shift from yesterday counted from midnight', async () => {
    const now = kw('2026-10-15T12:00');
    await shift(w.riderA.id, kw('2026-10-14T22:00'), kw('2026-10-15T02:00')); // 120 min today
    const open = await shift(w.riderA.id, kw('2026-10-15T08:00')); // 240 min so far
    await db.insert(dutyBreaks).values({ shiftId: open.id, startedAt: kw('2026-10-15T09:00'), endedAt: kw('2026-10-15T09:30') });
    expect(await workedToday(db, w.riderA.id, now, 'Asia/Kuwait')).toEqual({ workedMinutes: 330, running: true });
    await db.insert(dutyBreaks).values({ shiftId: open.id, startedAt: kw('2026-10-15T11:45') });
    expect(await workedToday(db, w.riderA.id, now, 'Asia/Kuwait')).toEqual({ workedMinutes: 315, running: false });
    expect(await workedToday(db, w.riderB.id, now, 'Asia/Dubai')).toEqual({ workedMinutes: 0, running: false });
  });

  test('at the maximum a duty cannot start and orders are refused until tomorrow', async () => {
    await shift(w.riderA.id, kw('2026-10-15T06:00'), kw('2026-10-15T16:00'));
    expect(await refusal(startDuty(db, w.riderA.id, { startOdometerKm: 10 }, kw('2026-10-15T18:00')))).toEqual({
      code: 'BAD_REQUEST',
      message: 'You have reached the maximum of 10 working hours today. You can start a duty again tomorrow.',
      field: 'duty',
    });
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    expect((await refusal(assignOrder(db, admin(), o.id, w.riderA.id, kw('2026-10-15T18:00')))).message).toBe(
      'Rami Alpha has reached the maximum of 10 working hours today. Orders can be assigned again tomorrow.',
    );
    expect((await assignOrder(db, admin(), o.id, w.riderA.id, kw('2026-10-16T00:00'))).success).toBe(true);
    expect((await startDuty(db, w.riderA.id, { startOdometerKm: 10 }, kw('2026-10-16T06:00'))).success).toBe(true);
  });

  test('a pause does not stop a duty: the rider may wait on duty through the summer midday ban', async () => {
    expect((await startDuty(db, w.riderA.id, { startOdometerKm: 10 }, JULY_NOON)).success).toBe(true);
  });

  test('inside the warning window rulesNow warns the rider and the company once a day', async () => {
    await shift(w.riderA.id, kw('2026-10-15T08:00'));
    const r = await riderRulesNow(db, w.riderA.id, kw('2026-10-15T17:40'));
    expect(r.hours).toEqual({
      workedMinutes: 580,
      maxMinutes: 600,
      remainingMinutes: 20,
      warning: true,
      reached: false,
      maxDailyHours: 10,
      running: true,
      reachesAt: kw('2026-10-15T18:00').toISOString(),
      reachesAtClock: '18:00',
    });
    await riderRulesNow(db, w.riderA.id, kw('2026-10-15T17:45'));
    const sent = await db.select().from(notices).where(eq(notices.kind, 'hours_warning'));
    expect(sent.map((n) => [n.audience, n.companyId, n.riderId, n.params, n.dedupeKey]).sort()).toEqual([
      ['company', w.companyA.id, w.riderA.id, { rider: 'Rami Alpha', hours: 10, time: '2026-10-15T15:00:00.000Z' }, `hours_warning:${w.riderA.id}:2026-10-15:company`],
      ['rider', w.companyA.id, w.riderA.id, { rider: 'Rami Alpha', hours: 10, time: '2026-10-15T15:00:00.000Z' }, `hours_warning:${w.riderA.id}:2026-10-15:rider`],
    ]);
  });

  test('no notice before the window, nor off duty (no time to reach the maximum at)', async () => {
    await shift(w.riderA.id, kw('2026-10-15T08:00'), kw('2026-10-15T17:40'));
    expect((await riderRulesNow(db, w.riderA.id, kw('2026-10-15T18:00'))).hours.warning).toBe(true);
    await shift(w.riderB.id, ae('2026-10-15T08:00'));
    expect((await riderRulesNow(db, w.riderB.id, ae('2026-10-15T17:00'))).hours.warning).toBe(false);
    expect(await db.select().from(notices)).toEqual([]);
  });
});

describe('what the rider and the company see', () => {
  test('rulesNow: the active pause with its local times, and the next one ahead', async () => {
    const now = await riderRulesNow(db, w.riderA.id, JULY_NOON);
    expect(now.active).toEqual([{ rule: 'summer_ban', blocks: 'orders', start: kw('2026-07-15T11:00').toISOString(), end: kw('2026-07-15T16:00').toISOString(), from: '11:00', to: '16:00' }]);
    expect([now.region, now.timeZone, now.vehicle]).toEqual(['kuwait', 'Asia/Kuwait', 'motorcycle']);
    const before = await riderRulesNow(db, w.riderA.id, kw('2026-07-15T10:30'));
    expect([before.active, before.upcoming.map((r) => [r.rule, r.from])]).toEqual([[], [['summer_ban', '11:00']]]);
  });

  test("companyRulesToday: the company's region with today's state", async () => {
    expect(await companyRulesToday(db, w.companyA.id, JULY_NOON)).toEqual({
      region: 'kuwait',
      timeZone: 'Asia/Kuwait',
      settings: { summerMotorcycleBan: true, summerMiddayBreak: true, iftarPause: true, maxDailyHours: 10, warnBeforeMinutes: 30 },
      rules: [
        { rule: 'summer_ban', enabled: true, state: 'active', from: '11:00', to: '16:00' },
        { rule: 'iftar_pause', enabled: true, state: 'idle', from: null, to: null },
        { rule: 'max_hours', enabled: true, state: 'idle', from: null, to: null },
      ],
    });
    const uae = await companyRulesToday(db, w.companyB.id, ae('2026-10-15T12:00'));
    expect(uae.rules.map((r) => [r.rule, r.state])).toEqual([['midday_break', 'idle'], ['iftar_pause', 'idle'], ['max_hours', 'idle']]);
  });
});
