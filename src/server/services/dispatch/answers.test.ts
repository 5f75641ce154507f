import { beforeEach, describe, expect, test } from 'bun:test';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, dispatchOffers, dispatchSettings, notices, orders, webhookDeliveries } from '../../../../db/schema';
import { freshDb } from '../../../../test/db';
import { dispatchWorld, hookFor, later, north, orderNow, pendingOrder, PICKUP, riderOnDuty, T0 } from '../../../../test/dispatch-world';
import type { World } from '../../../../test/world';
import { DomainError } from '../../errors';
import { staffActor } from '../access';
import { assignOrder } from '../orders';
import { acceptanceRates, answerOffer, expireOffers, needsRider, offerOf, offerState, resumeOffers, riderOffers, startDispatch, startDispatchSweeper } from './index';

let db: Db;
let w: World;

beforeEach(async () => {
  db = await freshDb();
  w = await dispatchWorld(db);
});

async function refusal(p: Promise<unknown>) {
  const err = await p.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(DomainError);
  return [(err as DomainError).code, (err as DomainError).message];
}

const offered = async (orderId: string, now = T0) => {
  const out = await startDispatch(db, orderId, now);
  if (out.state !== 'offered') throw new Error(`not offered: ${out.state}`);
  return out;
};
const openOfferOf = async (riderId: string) => (await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.riderId, riderId), eq(dispatchOffers.status, 'open'))))[0];

describe('answers', () => {
  test('accept assigns the order through the lifecycle (timeline, audit, order.assigned)', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    await hookFor(db, w.companyA.id, ['order.offered', 'order.assigned']);
    const o = await pendingOrder(db, w.companyA);
    const { offerId } = await offered(o.id);
    expect(await offerOf(db, o.id, later(1))).toEqual({ riderId: r.id, expiresAt: later(60) });
    expect(await answerOffer(db, r.id, offerId, 'accept', later(20))).toEqual({ status: 'accepted', orderIds: [o.id] });
    const row = await orderNow(db, o.id);
    expect([row.status, row.riderId, row.dispatchState]).toEqual(['assigned', r.id, null]);
    expect(await offerOf(db, o.id, later(21))).toBeNull();
    const events = (await db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.createdAt))).map((d) => d.event);
    expect(events.sort()).toEqual(['order.assigned', 'order.offered']);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toContain('dispatch.offer');
    expect(actions).toContain('dispatch.accept');
    expect(actions).toContain('assign');
  });

  test('decline offers the order to the next rider', async () => {
    const near = await riderOnDuty(db, w.companyA, PICKUP);
    const next = await riderOnDuty(db, w.companyA, north(3000));
    const o = await pendingOrder(db, w.companyA);
    const { offerId } = await offered(o.id);
    await answerOffer(db, near.id, offerId, 'decline', later(5));
    const second = await openOfferOf(next.id);
    expect(second).toBeDefined();
    expect(second!.expiresAt.toISOString()).toBe(later(65).toISOString());
    expect((await orderNow(db, o.id)).dispatchAttempts).toBe(2);
    expect((await riderOffers(db, next.id, later(6))).map((v) => v.orders.map((x) => x.id))).toEqual([[o.id]]);
  });

  test('409s: a second answer, a late answer, an answer to a withdrawn offer; another rider’s offer is not found', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const other = await riderOnDuty(db, w.companyA, north(3000));
    const o1 = await pendingOrder(db, w.companyA);
    const first = await offered(o1.id);
    expect(await refusal(answerOffer(db, other.id, first.offerId, 'accept', later(1)))).toEqual(['NOT_FOUND', 'Offer not found']);
    await answerOffer(db, r.id, first.offerId, 'accept', later(2));
    expect(await refusal(answerOffer(db, r.id, first.offerId, 'accept', later(3)))).toEqual(['CONFLICT', 'This offer was already answered']);
    expect(await refusal(answerOffer(db, r.id, first.offerId, 'decline', later(3)))).toEqual(['CONFLICT', 'This offer was already answered']);

    const o2 = await pendingOrder(db, w.companyA, north(5000));
    const late = await offered(o2.id, later(100));
    expect(late.riderId).toBe(other.id);
    expect(await refusal(answerOffer(db, other.id, late.offerId, 'accept', later(161)))).toEqual(['CONFLICT', 'This offer has expired']);

    const o3 = await pendingOrder(db, w.companyA, north(5000));
    await resumeOffers(db, other.id);
    const gone = await offered(o3.id, later(200));
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, o3.id));
    expect(await refusal(answerOffer(db, gone.riderId, gone.offerId, 'accept', later(201)))).toEqual([
      'CONFLICT',
      'This offer was withdrawn: the order is no longer waiting for a rider',
    ]);
  });

  test('a time-out moves the order to the next rider; the sweeper leaves offers in time alone', async () => {
    const near = await riderOnDuty(db, w.companyA, PICKUP);
    const next = await riderOnDuty(db, w.companyA, north(3000));
    const o = await pendingOrder(db, w.companyA);
    await offered(o.id);
    expect(await expireOffers(db, later(59))).toEqual({ expired: 0, withdrawn: 0 });
    expect(await expireOffers(db, later(60))).toEqual({ expired: 1, withdrawn: 0 });
    expect((await db.select().from(dispatchOffers).where(eq(dispatchOffers.riderId, near.id)))[0]!.status).toBe('expired');
    expect((await openOfferOf(next.id))!.expiresAt.toISOString()).toBe(later(120).toISOString());
    expect(await offerState(db, near.id)).toEqual({ paused: false, pausedAt: null, missed: 1 });
  });

  test('the company assigns the order by hand meanwhile: the sweeper withdraws the offer, and its rider is free again', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const other = await riderOnDuty(db, w.companyA, north(3000));
    const o = await pendingOrder(db, w.companyA);
    const { offerId } = await offered(o.id);
    await assignOrder(db, staffActor(w.managerA.id, w.companyA.id), o.id, other.id, later(5));
    expect(await expireOffers(db, later(6))).toEqual({ expired: 0, withdrawn: 1 });
    const [row] = await db.select().from(dispatchOffers).where(eq(dispatchOffers.id, offerId));
    expect([row!.status, row!.answeredAt]).toEqual(['withdrawn', null]);
    expect((await orderNow(db, o.id)).dispatchState).toBeNull();
    expect(await riderOffers(db, r.id, later(7))).toEqual([]);
    expect((await startDispatch(db, (await pendingOrder(db, w.companyA)).id, later(8))).state).toBe('offered');
  });

  test('the server’s sweeper expires offers on its timer', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP);
    const { offerId } = await offered((await pendingOrder(db, w.companyA)).id);
    // Offered at T0, long past by the wall clock the timer runs at.
    const stop = startDispatchSweeper(db, 10);
    for (let i = 0; i < 100 && (await openOfferOf(r.id)); i++) await Bun.sleep(10);
    await stop();
    expect((await db.select().from(dispatchOffers).where(eq(dispatchOffers.id, offerId)))[0]!.status).toBe('expired');
  });

  test('three time-outs in a row pause the rider (notices to both) until they resume; an answer ends the run', async () => {
    const r = await riderOnDuty(db, w.companyA, PICKUP, { name: 'Sleepy Sami' });
    let t = 0;
    const timeOut = async () => {
      const o = await pendingOrder(db, w.companyA);
      await offered(o.id, later(t));
      t += 61;
      await expireOffers(db, later(t));
    };
    await timeOut();
    await timeOut();
    const o = await pendingOrder(db, w.companyA);
    const { offerId } = await offered(o.id, later(t));
    await answerOffer(db, r.id, offerId, 'decline', later(t + 1));
    expect((await offerState(db, r.id)).paused).toBe(false);
    await timeOut();
    await timeOut();
    expect((await offerState(db, r.id)).paused).toBe(false);
    await timeOut();
    expect(await offerState(db, r.id)).toEqual({ paused: true, pausedAt: later(t), missed: 3 });
    const pausedNotices = await db.select().from(notices).where(eq(notices.kind, 'offers_paused'));
    expect(pausedNotices.map((n) => [n.audience, n.params]).sort()).toEqual([
      ['company', { rider: 'Sleepy Sami', count: 3 }],
      ['rider', { rider: 'Sleepy Sami', count: 3 }],
    ]);
    const waiting = await pendingOrder(db, w.companyA);
    expect(await startDispatch(db, waiting.id, later(t + 1))).toEqual({ state: 'needs_rider' });
    await resumeOffers(db, r.id, later(t + 2));
    expect((await offerState(db, r.id)).paused).toBe(false);
    expect((await startDispatch(db, (await pendingOrder(db, w.companyA)).id, later(t + 3))).state).toBe('offered');
  });

  test('after the maximum attempts the order needs a rider: notice, order.unassigned, the list; acceptance rates count it', async () => {
    await db.update(dispatchSettings).set({ maxAttempts: 2 }).where(eq(dispatchSettings.companyId, w.companyA.id));
    await hookFor(db, w.companyA.id, ['order.unassigned']);
    const a = await riderOnDuty(db, w.companyA, PICKUP);
    const b = await riderOnDuty(db, w.companyA, north(2000));
    await riderOnDuty(db, w.companyA, north(4000));
    const o = await pendingOrder(db, w.companyA, PICKUP, { customerName: 'Noura' });
    const first = await offered(o.id);
    await answerOffer(db, a.id, first.offerId, 'decline', later(5));
    const second = await openOfferOf(b.id);
    await answerOffer(db, b.id, second!.id, 'decline', later(10));
    const row = await orderNow(db, o.id);
    expect([row.status, row.dispatchState, row.dispatchAttempts]).toEqual(['pending', 'needs_rider', 2]);
    expect((await needsRider(db, w.companyA.id)).map((n) => n.id)).toEqual([o.id]);
    expect(await needsRider(db, w.companyB.id)).toEqual([]);
    const [notice] = await db.select().from(notices).where(eq(notices.kind, 'needs_rider'));
    expect([notice!.audience, notice!.companyId, notice!.params]).toEqual(['company', w.companyA.id, { customer: 'Noura', attempts: 2 }]);
    const [hook] = await db.select().from(webhookDeliveries);
    expect(hook!.event).toBe('order.unassigned');
    expect(hook!.payload).toMatchObject({ orderId: o.id, status: 'pending', riderId: null });
    expect(await acceptanceRates(db, w.companyA.id)).toEqual({ [a.id]: { offered: 1, accepted: 0, rate: 0 }, [b.id]: { offered: 1, accepted: 0, rate: 0 } });
    expect(await acceptanceRates(db, w.companyB.id)).toEqual({});
    // The company assigns it by hand: it needs a rider no more.
    await assignOrder(db, staffActor(w.managerA.id, w.companyA.id), o.id, a.id, later(20));
    expect((await orderNow(db, o.id)).dispatchState).toBeNull();
    expect(await needsRider(db, w.companyA.id)).toEqual([]);
  });

  test('nobody eligible: needs a rider at once', async () => {
    const o = await pendingOrder(db, w.companyA);
    expect(await startDispatch(db, o.id, T0)).toEqual({ state: 'needs_rider' });
    expect((await orderNow(db, o.id)).dispatchAttempts).toBe(0);
  });
});
