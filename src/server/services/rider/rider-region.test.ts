import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, regionRules, riders } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { makeSubmission } from '../../../../test/cash';
import { countSubmission } from '../../../../test/cash-steps';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { setLocaleSource } from '../../../shared/i18n';
import { riderDocumentList, riderRulesNow } from '../compliance';
import { orderBlockText as orderBlock } from '../../../../test/order-block';
import { riderDashboard } from './rider-day';
import { staffActor } from '../access';


/**
 * Issue 9 review, item 1: the region a rider picks in the app (riders.region) decides neither their
 * working rules, nor "today", nor which of their cash they can see, hand over or have corrected.
 */
let db: Db;
let w: World;
const kw = (iso: string) => new Date(`${iso}+03:00`);
/** What Intl puts between a currency code and its amount. */
const NBSP = '\u00a0';

const riderA = () => callerFor(db, w.riderA.user.id);
const managerA = () => callerFor(db, w.managerA.id);
const regionOf = async (riderId: string) => (await db.query.riders.findFirst({ where: eq(riders.id, riderId) }))!.region;
/** The state a rider of a Kuwait company was left in by switching to the UAE before the fix. */
const pickedUae = (riderId: string) => db.update(riders).set({ region: 'AED' }).where(eq(riders.id, riderId));

beforeEach(async () => ({ db, w } = await freshWorld()));

describe('a region change is refused while the rider answers for cash in the current currency', () => {
  test('12.500 KWD on hand → 409 naming the amount, region unchanged; after the company counted it in full → allowed and audited', async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
    const c = await riderA();
    await expectTRPCError(
      c.rider.setRegion({ region: 'uae' }),
      'CONFLICT',
      `You still have KWD${NBSP}12.500 to account for. Hand it over, and let your company count it, before you change your region.`,
    );
    expect(await regionOf(w.riderA.id)).toBe('KWD');

    // Handed over but not yet counted: still the rider's to answer for.
    const pending = await makeSubmission(db, { riderId: w.riderA.id, currency: 'KWD', amountMinor: 12_500, status: 'pending' });
    await expectTRPCError(c.rider.setRegion({ region: 'uae' }), 'CONFLICT', /KWD\s12\.500 to account for/);
    expect(await regionOf(w.riderA.id)).toBe('KWD');

    // Counted in full: nothing left to answer for.
    await countSubmission(db, staffActor(w.managerA.id, w.companyA.id), pending.id, 12_500, new Date());
    expect(await c.rider.setRegion({ region: 'uae' })).toEqual({ success: true, region: 'uae', currency: 'AED' });
    expect(await regionOf(w.riderA.id)).toBe('AED');
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'rider'), eq(auditLog.action, 'region')));
    expect([entry!.entityId, entry!.actorId, (entry!.detail as { before: unknown }).before]).toEqual([w.riderA.id, w.riderA.user.id, { region: 'KWD' }]);
  });

  test('in Arabic', async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
    setLocaleSource(() => 'ar');
    try {
      await expectTRPCError((await riderA()).rider.setRegion({ region: 'uae' }), 'CONFLICT', /^لا يزال عليك .*12\.500.* لم تتم تسويتها\. سلّمها وانتظر حتى تعدّها شركتك قبل تغيير منطقتك\.$/);
    } finally {
      setLocaleSource(() => 'en');
    }
  });

  test('no cash: the rider may pick a region (the spec’s selector stays)', async () => {
    expect(await (await riderA()).rider.setRegion({ region: 'uae' })).toEqual({ success: true, region: 'uae', currency: 'AED' });
    expect(await regionOf(w.riderA.id)).toBe('AED');
    expect(await (await riderA()).rider.setRegion({ region: 'kuwait' })).toEqual({ success: true, region: 'kuwait', currency: 'KWD' });
  });
});

describe('a Kuwait rider who picked the UAE before the fix keeps their KWD cash within reach', () => {
  beforeEach(async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
    await pickedUae(w.riderA.id);
  });

  test('the dashboard shows the KWD on hand (not AED 0)', async () => {
    const d = await (await riderA()).rider.dashboard();
    expect([d.currency, d.cashOnHand, d.outstandingCash]).toEqual(['KWD', 12.5, 12.5]);
    expect(d.cashByCurrency).toEqual([{ currency: 'KWD', onHand: 12.5, pending: 0, outstanding: 12.5 }]);
  });

  test('the rider can hand it over, in KWD', async () => {
    const ok = await (await riderA()).rider.submitCash({ id: w.riderA.id, amount: 12.5 });
    expect(ok).toMatchObject({ success: true, amount: 12.5, currency: 'KWD', status: 'pending' });
  });

  test('the company can correct it, in KWD, and its ledger shows KWD', async () => {
    const m = await managerA();
    const res = await m.company.cashCorrect({ riderId: w.riderA.id, amount: -2.5, reason: 'counted short at the branch' });
    expect(res.balances).toMatchObject({ currency: 'KWD', onHand: 10 });
    const ledger = await m.company.riderLedger({ riderId: w.riderA.id });
    expect([ledger.rider.currency, ledger.balances.onHand]).toEqual(['KWD', 10]);
    expect((await m.company.cashRiders()).find((r) => r.riderId === w.riderA.id)).toMatchObject({ currency: 'KWD', onHand: 10, others: [] });
  });
});

describe('cash in more than one currency: every one is shown and can be handed over', () => {
  beforeEach(async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 2_000, currency: 'AED' });
  });

  test('the company’s currency first; once it is handed over, the other; either on request', async () => {
    const c = await riderA();
    let d = await c.rider.dashboard();
    expect([d.currency, d.cashOnHand]).toEqual(['KWD', 12.5]);
    expect(d.cashByCurrency).toEqual([
      { currency: 'KWD', onHand: 12.5, pending: 0, outstanding: 12.5 },
      { currency: 'AED', onHand: 20, pending: 0, outstanding: 20 },
    ]);
    expect(await c.rider.submitCash({ id: w.riderA.id, amount: 12.5 })).toMatchObject({ currency: 'KWD', amount: 12.5 });
    d = await c.rider.dashboard();
    expect([d.currency, d.cashOnHand, d.pendingCash]).toEqual(['AED', 20, 0]);
    expect(d.cashByCurrency.map((x) => [x.currency, x.onHand, x.pending])).toEqual([['AED', 20, 0], ['KWD', 0, 12.5]]);
    expect(await c.rider.submitCash({ id: w.riderA.id, amount: 5, currency: 'AED' })).toMatchObject({ currency: 'AED', amount: 5 });
    expect(await c.rider.submitCash({ id: w.riderA.id, amount: 15 })).toMatchObject({ currency: 'AED', amount: 15 });
  });

  test('the company sees both and corrects either; a currency the rider never had is refused', async () => {
    const m = await managerA();
    const row = (await m.company.cashRiders()).find((r) => r.riderId === w.riderA.id)!;
    expect([row.currency, row.onHand, row.others.map((o) => [o.currency, o.onHand])]).toEqual(['KWD', 12.5, [['AED', 20]]]);
    expect((await m.company.cashCorrect({ riderId: w.riderA.id, amount: -1, currency: 'AED', reason: 'torn note' })).balances).toMatchObject({ currency: 'AED', onHand: 19 });
    const ledger = await m.company.riderLedger({ riderId: w.riderA.id });
    expect(ledger.balancesByCurrency.map((b) => [b.currency, b.onHand])).toEqual([['KWD', 12.5], ['AED', 19]]);
    await expectTRPCError(
      m.company.cashCorrect({ riderId: w.riderA2.id, amount: 1, currency: 'AED', reason: 'found in the bag' }),
      'BAD_REQUEST',
      'No cash in AED is on record for this rider. Use KWD.',
    );
  });
});

describe('rules, "today" and documents follow the company’s region, not the rider’s pick', () => {
  test('the Kuwait summer ban still stops a Kuwait rider who picked the UAE', async () => {
    await db.update(regionRules).set({ summerMotorcycleBan: true, summerMiddayBreak: true, iftarPause: true });
    await pickedUae(w.riderA.id);
    const rider = (await db.query.riders.findFirst({ where: eq(riders.id, w.riderA.id) }))!;
    // 11:15 in Kuwait is 12:15 in Dubai: inside the Kuwait ban, before the UAE break.
    const at = kw('2026-07-15T11:15');
    expect(await orderBlock(db, rider, { paymentMethod: 'prepaid', codAmountMinor: 0 }, at)).toBe(
      'Motorcycle deliveries are paused 11:00–16:00 in Kuwait from June to August (summer midday ban). Orders can be assigned again at 16:00.',
    );
    const now = await riderRulesNow(db, w.riderA.id, at);
    expect([now.region, now.timeZone]).toEqual(['kuwait', 'Asia/Kuwait']);
  });

  test('today’s orders are counted by the Kuwait day', async () => {
    await pickedUae(w.riderA.id);
    // 22:45 on 15 October in Kuwait is 23:45 in Dubai; at 23:30 in Kuwait, Dubai is already on the 16th.
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned', createdAt: kw('2026-10-15T22:45') });
    expect((await riderDashboard(db, w.riderA.id, kw('2026-10-15T23:30'))).todayOrders).toBe(1);
  });

  test('the ID kept is the Kuwait civil ID, dated in Kuwait', async () => {
    await pickedUae(w.riderA.id);
    const list = await riderDocumentList(db, w.riderA.id, { companyId: w.companyA.id, now: kw('2026-10-15T23:30') });
    expect([list.idType, list.types[0], list.today]).toEqual(['civil_id', 'civil_id', '2026-10-15']);
  });
});
