import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, companies, notices, orders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeCompany, makeOrder, makeRider } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { DomainError } from '../../errors';
import { runInLocale } from '../../lib/request-locale';
import { assignOrder } from '../orders';
import { checkCashLimit, checkCompanyCashLimits, evaluateCashLimit } from './limits';
import { postJournal } from './ledger';
import { staffActor } from '../access';

const { db, w } = await freshWorld();

const HOUR = 3_600_000;
const T0 = new Date('2026-05-03T06:00:00Z'); // 09:00 in Kuwait

async function collect(riderId: string, companyId: string, minor: number, at: Date, currency: 'KWD' | 'AED' = 'KWD', orderId: string | null = null) {
  await postJournal(db, { kind: 'collection', riderId, companyId, currency, orderId, at, lines: [{ account: 'customer', amountMinor: -minor }, { account: 'hand', amountMinor: minor }] });
}
async function handOver(riderId: string, companyId: string, minor: number, at: Date, currency: 'KWD' | 'AED' = 'KWD') {
  const submissionId = `sub-${++submissions}`;
  await postJournal(db, { kind: 'handover_submitted', riderId, companyId, currency, submissionId, at, lines: [{ account: 'hand', amountMinor: -minor }, { account: 'transit', amountMinor: minor }] });
  return submissionId;
}
/** The company counts a hand-over: `counted` of `minor` (the rest a discrepancy). */
async function count(riderId: string, companyId: string, submissionId: string, minor: number, at: Date, counted = minor) {
  await postJournal(db, {
    kind: 'handover_received',
    riderId,
    companyId,
    currency: 'KWD',
    submissionId,
    at,
    lines: [
      { account: 'transit', amountMinor: -minor },
      { account: 'company', amountMinor: counted },
      { account: 'discrepancy', amountMinor: minor - counted },
    ],
  });
}
let submissions = 0;
const noticesOf = (riderId: string) => db.select().from(notices).where(eq(notices.riderId, riderId));

describe('evaluateCashLimit (fixed clocks)', () => {
  const base = { limitMinor: 100_000, holdHours: 24, since: T0 };
  test('exactly the limit is allowed; one fil more is over', () => {
    expect(evaluateCashLimit({ ...base, uncountedMinor: 100_000, now: T0 })).toEqual([]);
    expect(evaluateCashLimit({ ...base, uncountedMinor: 100_001, now: T0 })).toEqual(['amount']);
  });
  test('exactly the hold time is allowed; a millisecond longer is overdue', () => {
    expect(evaluateCashLimit({ ...base, uncountedMinor: 1, now: new Date(T0.getTime() + 24 * HOUR) })).toEqual([]);
    expect(evaluateCashLimit({ ...base, uncountedMinor: 1, now: new Date(T0.getTime() + 24 * HOUR + 1) })).toEqual(['overdue']);
  });
  test('both at once: amount first; nothing held is never overdue', () => {
    expect(evaluateCashLimit({ ...base, uncountedMinor: 200_000, now: new Date(T0.getTime() + 48 * HOUR) })).toEqual(['amount', 'overdue']);
    expect(evaluateCashLimit({ ...base, uncountedMinor: 0, now: new Date(T0.getTime() + 48 * HOUR) })).toEqual([]);
  });
});

describe('checkCashLimit', () => {
  test('over the default KWD 100.000: state, and one notice to the company and one to the rider per day', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Omar Over', withUser: false });
    await collect(rider.id, w.companyA.id, 70_000, T0);
    expect(await checkCashLimit(db, rider.id, T0)).toMatchObject({ overLimit: false, reason: null, handMinor: 70_000, limitMinor: 100_000, holdHours: 24 });
    await collect(rider.id, w.companyA.id, 50_000, new Date(T0.getTime() + HOUR));
    const later = new Date(T0.getTime() + 2 * HOUR);
    const state = await checkCashLimit(db, rider.id, later);
    expect(state).toMatchObject({ overLimit: true, reason: 'amount', reasons: ['amount'], currency: 'KWD', handMinor: 120_000, limitMinor: 100_000, since: T0.toISOString() });
    expect(state.dueAt).toBe(new Date(T0.getTime() + 24 * HOUR).toISOString());
    await checkCashLimit(db, rider.id, new Date(later.getTime() + HOUR));
    const sent = await noticesOf(rider.id);
    expect(sent.map((n) => [n.kind, n.audience]).sort()).toEqual([
      ['cash_limit', 'company'],
      ['cash_limit', 'rider'],
    ]);
    expect(sent[0]!.params).toEqual({ rider: 'Omar Over', amount: 120_000, limit: 100_000, currency: 'KWD' });
    expect(sent.every((n) => n.companyId === w.companyA.id)).toBe(true);
    // The next day in Kuwait (00:30 local = 21:30Z): a new pair.
    await checkCashLimit(db, rider.id, new Date('2026-05-03T21:30:00Z'));
    expect(await noticesOf(rider.id)).toHaveLength(4);
  });

  test('held longer than the hold time: overdue from the oldest cash the company has not counted', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Hadi Hold', withUser: false });
    await collect(rider.id, w.companyA.id, 5_000, T0);
    await collect(rider.id, w.companyA.id, 3_000, new Date(T0.getTime() + 5 * HOUR));
    const sub = await handOver(rider.id, w.companyA.id, 5_000, new Date(T0.getTime() + 6 * HOUR));
    // Handed over, not yet counted: the clock still runs from the first collection.
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 6 * HOUR))).toMatchObject({ overLimit: false, handMinor: 3_000, transitMinor: 5_000, uncountedMinor: 8_000, since: T0.toISOString() });
    await count(rider.id, w.companyA.id, sub, 5_000, new Date(T0.getTime() + 7 * HOUR));
    // The first 5.000 is counted: the clock runs from the second collection.
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 29 * HOUR))).toMatchObject({ overLimit: false, since: new Date(T0.getTime() + 5 * HOUR).toISOString() });
    const state = await checkCashLimit(db, rider.id, new Date(T0.getTime() + 29 * HOUR + 60_000));
    expect(state).toMatchObject({ overLimit: true, reason: 'overdue', handMinor: 3_000, transitMinor: 0, uncountedMinor: 3_000 });
    const [notice] = (await noticesOf(rider.id)).filter((n) => n.audience === 'company');
    expect(notice).toMatchObject({ kind: 'cash_overdue', params: { rider: 'Hadi Hold', amount: 3_000, currency: 'KWD', since: new Date(T0.getTime() + 5 * HOUR).toISOString(), hours: 24 } });
  });

  test("the company's own limit and hold time apply", async () => {
    const company = await makeCompany(db, { currency: 'AED', region: 'uae', cashLimitMinor: 20_000, cashHoldHours: 2 });
    const { rider } = await makeRider(db, company, { withUser: false });
    await collect(rider.id, company.id, 20_000, T0, 'AED');
    expect(await checkCashLimit(db, rider.id, T0)).toMatchObject({ overLimit: false, currency: 'AED', limitMinor: 20_000, holdHours: 2 });
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 3 * HOUR))).toMatchObject({ overLimit: true, reason: 'overdue' });
  });
});

describe('a hand-over the company never counts does not free the rider (hand + transit)', () => {
  test('submitting everything keeps the rider over the amount until the company counts it', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Sami Submit', withUser: false });
    await collect(rider.id, w.companyA.id, 120_000, T0);
    const sub = await handOver(rider.id, w.companyA.id, 120_000, new Date(T0.getTime() + HOUR));
    const state = await checkCashLimit(db, rider.id, new Date(T0.getTime() + 2 * HOUR));
    expect(state).toMatchObject({ overLimit: true, reasons: ['amount'], handMinor: 0, transitMinor: 120_000, uncountedMinor: 120_000, since: T0.toISOString() });
    const [notice] = (await noticesOf(rider.id)).filter((n) => n.audience === 'company');
    expect(notice).toMatchObject({ kind: 'cash_limit', params: { rider: 'Sami Submit', amount: 120_000, limit: 100_000, currency: 'KWD' } });
    // The company's own list of blocked riders finds a rider whose cash is all in transit.
    expect((await checkCompanyCashLimits(db, w.companyA.id, new Date(T0.getTime() + 2 * HOUR))).map((r) => r.riderName)).toContain('Sami Submit');
    await count(rider.id, w.companyA.id, sub, 120_000, new Date(T0.getTime() + 3 * HOUR));
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 3 * HOUR))).toMatchObject({ overLimit: false, uncountedMinor: 0, since: null });
  });

  test('the hold clock keeps the collection times of cash in transit: overdue a day after collecting, though handed over', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Tamer Transit', withUser: false });
    await collect(rider.id, w.companyA.id, 2_000, T0);
    await handOver(rider.id, w.companyA.id, 2_000, new Date(T0.getTime() + 23 * HOUR));
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 24 * HOUR))).toMatchObject({ overLimit: false, since: T0.toISOString(), dueAt: new Date(T0.getTime() + 24 * HOUR).toISOString() });
    expect(await checkCashLimit(db, rider.id, new Date(T0.getTime() + 24 * HOUR + 60_000))).toMatchObject({ overLimit: true, reasons: ['overdue'], handMinor: 0, transitMinor: 2_000 });
  });

  test('a short count the rider owes keeps the original time: resolving it does not restart the clock', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Omar Owes', withUser: false });
    await collect(rider.id, w.companyA.id, 5_000, T0);
    const sub = await handOver(rider.id, w.companyA.id, 5_000, new Date(T0.getTime() + HOUR));
    await count(rider.id, w.companyA.id, sub, 5_000, new Date(T0.getTime() + 2 * HOUR), 4_500);
    await postJournal(db, {
      kind: 'discrepancy_resolved',
      riderId: rider.id,
      companyId: w.companyA.id,
      currency: 'KWD',
      submissionId: sub,
      at: new Date(T0.getTime() + 20 * HOUR),
      lines: [
        { account: 'discrepancy', amountMinor: -500 },
        { account: 'hand', amountMinor: 500 },
      ],
    });
    const state = await checkCashLimit(db, rider.id, new Date(T0.getTime() + 25 * HOUR));
    expect(state).toMatchObject({ overLimit: true, reasons: ['overdue'], handMinor: 500, uncountedMinor: 500, since: T0.toISOString() });
  });
});

describe('cash orders are refused over the limit (assignOrder)', () => {
  test('a cash order is refused with the reason; prepaid, card and nothing-to-collect orders are still assigned', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Rami Cash', withUser: false });
    await collect(rider.id, w.companyA.id, 120_000, new Date());
    const scope = staffActor(w.managerA.id, w.companyA.id);
    const cash = await makeOrder(db, w.companyA, { paymentMethod: 'cash', codAmountMinor: 5_000 });
    const refused = await assignOrder(db, scope, cash.id, rider.id).catch((e: unknown) => e as DomainError);
    expect(refused).toBeInstanceOf(DomainError);
    // Intl puts a no-break space between the currency code and the amount.
    expect({ code: (refused as DomainError).code, field: (refused as DomainError).field, message: (refused as DomainError).message }).toEqual({
      code: 'BAD_REQUEST',
      field: 'riderId',
      message: 'Rami Cash has KWD\u00a0120.000 in cash the company has not counted yet, over the cash limit of KWD\u00a0100.000. The cash must be handed over and counted before new cash orders.',
    });
    expect((await db.select().from(orders).where(eq(orders.id, cash.id)))[0]!.riderId).toBeNull();
    for (const over of [{ paymentMethod: 'prepaid' as const, codAmountMinor: 0 }, { paymentMethod: 'card' as const, codAmountMinor: 0 }, { paymentMethod: 'cash' as const, codAmountMinor: 0 }]) {
      const order = await makeOrder(db, w.companyA, over);
      expect(await assignOrder(db, scope, order.id, rider.id)).toEqual({ success: true, riderId: rider.id });
    }
  });

  test('through company.assignOrder, in Arabic, and overdue names the time in the company zone', async () => {
    const { rider } = await makeRider(db, w.companyA, { name: 'Rami Late', withUser: false });
    await collect(rider.id, w.companyA.id, 1_000, new Date('2026-01-10T05:00:00Z'));
    const order = await makeOrder(db, w.companyA, { paymentMethod: 'cash', codAmountMinor: 2_000 });
    const a = await callerFor(db, w.managerA.id);
    await expectTRPCError(
      a.company.assignOrder({ orderId: order.id, riderId: rider.id }),
      'BAD_REQUEST',
      'Rami Late has had cash the company has not counted since 10 Jan 2026, 08:00, longer than 24 hours. The cash must be handed over and counted before new cash orders.',
    );
    const err = await runInLocale('ar', () => expectTRPCError(a.company.assignOrder({ orderId: order.id, riderId: rider.id }), 'BAD_REQUEST'));
    expect(err.message).toStartWith('لدى Rami Late نقد لم تعدّه الشركة منذ');
    expect(err.message).toContain('24 ساعة');
  });
});

describe('company.cashLimits / setCashLimits', () => {
  test('defaults, then a limit typed with Arabic-Indic digits, audited; null goes back to the default', async () => {
    const a = await callerFor(db, w.managerA.id);
    expect(await a.company.cashLimits()).toEqual({ currency: 'KWD', limitMinor: 100_000, holdHours: 24, limitSetting: null, holdHoursSetting: null, defaultLimitMinor: 100_000, defaultHoldHours: 24 });
    const saved = await a.company.setCashLimits({ limit: '٥٠٫٥', holdHours: '١٢' });
    expect(saved).toMatchObject({ limitMinor: 50_500, holdHours: 12, limitSetting: 50_500, holdHoursSetting: 12 });
    const [log] = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'company'), eq(auditLog.action, 'cash_limits')));
    expect(log).toMatchObject({ actorId: w.managerA.id, entityId: w.companyA.id, detail: { before: { cashLimitMinor: null, cashHoldHours: null }, after: { cashLimitMinor: 50_500, cashHoldHours: 12 } } });
    expect(await a.company.setCashLimits({ limit: null, holdHours: null })).toMatchObject({ limitMinor: 100_000, holdHours: 24, limitSetting: null });
    // The other company is untouched.
    const [b] = await db.select().from(companies).where(eq(companies.id, w.companyB.id));
    expect([b!.cashLimitMinor, b!.cashHoldHours]).toEqual([null, null]);
  });

  test('validation: amount, decimals of the currency, hours 1–168; riders and admins refused', async () => {
    const a = await callerFor(db, w.managerA.id);
    const b = await callerFor(db, w.managerB.id);
    await expectTRPCError(a.company.setCashLimits({ limit: '0', holdHours: null }), 'BAD_REQUEST', 'The cash limit must be an amount greater than 0 with at most 3 decimals');
    await expectTRPCError(b.company.setCashLimits({ limit: '10.125', holdHours: null }), 'BAD_REQUEST', 'The cash limit must be an amount greater than 0 with at most 2 decimals');
    await expectTRPCError(a.company.setCashLimits({ limit: '2000000', holdHours: null }), 'BAD_REQUEST', 'The cash limit can be at most KWD\u00a01,000,000.000');
    for (const holdHours of [0, 169, 1.5, 'abc']) {
      const err = await expectTRPCError(a.company.setCashLimits({ limit: null, holdHours }), 'BAD_REQUEST');
      expect(firstIssue(err)).toBe('holdHours: The hold time must be a whole number of hours from 1 to 168');
    }
    expect(await b.company.setCashLimits({ limit: '1,500.25', holdHours: 168 })).toMatchObject({ currency: 'AED', limitMinor: 150_025, holdHours: 168 });
    await expectTRPCError((await callerFor(db, w.riderA.user.id)).company.setCashLimits({ limit: '1', holdHours: 1 }), 'FORBIDDEN');
    await expectTRPCError((await callerFor(db, w.admin.id)).company.cashLimits(), 'FORBIDDEN');
  });
});
