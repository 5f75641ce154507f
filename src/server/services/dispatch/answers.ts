import { and, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOfferOrders, dispatchOffers, orders, riders } from '../../../../db/schema';
import { conflict, DomainError, notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { log } from '../../log';
import { publishChange } from '../../lib/events';
import { notify } from '../compliance';
import { riderActor } from '../access';
import { assignOrder } from '../orders';
import { dispatchOrder } from './dispatch';
import type { OrderRow } from './facts';
import { answered, timedOut } from './rider-state';
import { dispatchSettingsOf } from './settings';
import { msg } from '../../../shared/i18n/message';

type OfferRow = typeof dispatchOffers.$inferSelect;
type Answer = 'accept' | 'decline';

const REFUSAL = { accepted: 'errors.offerAnswered', declined: 'errors.offerAnswered', expired: 'errors.offerExpired', withdrawn: 'errors.offerWithdrawn' } as const;
const refuse = (status: Exclude<OfferRow['status'], 'open'>) => conflict(msg(REFUSAL[status]));

async function offerOrders(db: Db, offerId: string): Promise<OrderRow[]> {
  const rows = await db
    .select({ order: orders })
    .from(dispatchOfferOrders)
    .innerJoin(orders, eq(orders.id, dispatchOfferOrders.orderId))
    .where(eq(dispatchOfferOrders.offerId, offerId))
    .orderBy(dispatchOfferOrders.seq);
  return rows.map((r) => r.order);
}

/** Still waiting for this offer's answer: pending, no rider, offering. */
const waiting = (o: OrderRow) => o.status === 'pending' && !o.riderId && o.dispatchState === 'offering';

/**
 * Closes an open offer (compare-and-set on its status: of two closers, one wins) and frees its orders for the next
 * offer, in one transaction with the audit; `extra` runs inside it. False when the offer was no longer open.
 */
async function closeOffer(db: Db, offer: OfferRow, status: Exclude<OfferRow['status'], 'open'>, now: Date, actorId: string | null, extra?: (tx: Db) => Promise<void>) {
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .update(dispatchOffers)
        .set({ status, answeredAt: status === 'expired' || status === 'withdrawn' ? null : now })
        .where(and(eq(dispatchOffers.id, offer.id), eq(dispatchOffers.status, 'open')))
        .returning();
      if (!row) return false;
      const ids = (await tx.select({ id: dispatchOfferOrders.orderId }).from(dispatchOfferOrders).where(eq(dispatchOfferOrders.offerId, offer.id))).map((r) => r.id);
      // Owed from now: should offering it onward, or assigning it to the rider who accepted, fail, the sweeper tries
      // again (dispatch-due.ts). An accepted offer's orders stay 'offering' until the assignment (which clears the mark).
      if (ids.length) {
        const freed = status === 'accepted' ? { dispatchDueAt: now } : { dispatchState: null, dispatchDueAt: now };
        await tx.update(orders).set(freed).where(and(inArray(orders.id, ids), eq(orders.dispatchState, 'offering')));
      }
      const action = { accepted: 'dispatch.accept', declined: 'dispatch.decline', expired: 'dispatch.timeout', withdrawn: 'dispatch.withdraw' }[status];
      await audit(tx, { actorId, action, entity: 'dispatch_offer', entityId: offer.id, before: { status: 'open' }, after: { status, riderId: offer.riderId, orderIds: ids }, at: now });
      await extra?.(tx as unknown as Db);
      return true;
    },
    { behavior: 'immediate' },
  );
}

/** Offers each order of a closed offer that still waits for a rider to the next one. */
async function offerOnward(db: Db, companyId: string, orderIds: string[], now: Date) {
  if (!orderIds.length) return;
  const settings = await dispatchSettingsOf(db, companyId);
  for (const id of orderIds) {
    const o = await db.query.orders.findFirst({ where: eq(orders.id, id) });
    if (o && o.status === 'pending' && !o.riderId && o.dispatchState === null) await dispatchOrder(db, o, settings, now);
  }
  publishChange('orders');
}

/**
 * Offers the orders onward after the rider's answer; a failure there is not the rider's (their answer is recorded):
 * it is logged, and the orders, still owed an offer, are left to the sweeper (dispatch-due.ts).
 */
async function onwardOrLater(db: Db, companyId: string, orderIds: string[], now: Date) {
  await offerOnward(db, companyId, orderIds, now).catch((err: unknown) => log.error('offering onward failed; the sweeper retries', { orderIds, err: err instanceof Error ? err.message : String(err) }));
}

/** A time-out: the offer expires, the run of time-outs grows (pausing the rider at the company's count), the orders move on. */
async function expireOffer(db: Db, offer: OfferRow, now: Date): Promise<void> {
  const settings = await dispatchSettingsOf(db, offer.companyId);
  const closed = await closeOffer(db, offer, 'expired', now, null, async (tx) => {
    const { run, paused } = await timedOut(tx, offer.riderId, settings.timeoutsToPause, now);
    if (!paused) return;
    const [rider] = await tx.select({ name: riders.name }).from(riders).where(eq(riders.id, offer.riderId));
    await audit(tx, { actorId: null, action: 'dispatch.pause', entity: 'rider', entityId: offer.riderId, after: { consecutiveTimeouts: run }, at: now });
    const params = { rider: rider?.name ?? '', count: run };
    await notify(tx, { companyId: offer.companyId, riderId: offer.riderId, audience: 'rider', kind: 'offers_paused', params, dedupeKey: `offers_paused:${offer.id}:rider` }, now);
    await notify(tx, { companyId: offer.companyId, riderId: offer.riderId, audience: 'company', kind: 'offers_paused', params, dedupeKey: `offers_paused:${offer.id}:company` }, now);
  });
  if (closed) await offerOnward(db, offer.companyId, (await offerOrders(db, offer.id)).map((o) => o.id), now);
}

/** An offer none of whose orders waits for a rider any more (cancelled, assigned by hand) is withdrawn. */
async function withdrawIfStale(db: Db, offer: OfferRow, now: Date): Promise<boolean> {
  if ((await offerOrders(db, offer.id)).some(waiting)) return false;
  await closeOffer(db, offer, 'withdrawn', now, null);
  return true;
}

/**
 * The sweeper: every open offer past its time expires (its orders are offered onward); every open offer whose orders
 * all stopped waiting is withdrawn. Runs on a timer in the server and before offers are read.
 */
export async function expireOffers(db: Db, now = new Date()): Promise<{ expired: number; withdrawn: number }> {
  const due = await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.status, 'open'), lte(dispatchOffers.expiresAt, now))).limit(500);
  for (const offer of due) await expireOffer(db, offer, now);
  // One query finds the open offers none of whose orders still waits (not one query per open offer).
  const live = db
    .select({ one: sql`1` })
    .from(dispatchOfferOrders)
    .innerJoin(orders, eq(orders.id, dispatchOfferOrders.orderId))
    .where(and(eq(dispatchOfferOrders.offerId, dispatchOffers.id), eq(orders.status, 'pending'), isNull(orders.riderId), eq(orders.dispatchState, 'offering')));
  const stale = await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.status, 'open'), notExists(live))).limit(500);
  for (const offer of stale) await closeOffer(db, offer, 'withdrawn', now, null);
  return { expired: due.length, withdrawn: stale.length };
}

/**
 * The rider's answer to an offer. Accept: each order still waiting is assigned through the order lifecycle (its
 * guards, timeline, audit and `order.assigned` webhook). Decline: the orders go to the next rider. A late or a second
 * answer, or an answer to a withdrawn offer, is refused with CONFLICT naming why; another rider's offer is not found.
 */
export async function answerOffer(db: Db, riderId: string, offerId: string, answer: Answer, now = new Date()): Promise<{ status: 'accepted' | 'declined'; orderIds: string[] }> {
  const [offer] = await db.select().from(dispatchOffers).where(and(eq(dispatchOffers.id, offerId), eq(dispatchOffers.riderId, riderId)));
  if (!offer) throw notFound(msg('errors.offerNotFound'));
  if (offer.status !== 'open') throw refuse(offer.status);
  if (offer.expiresAt <= now) {
    await expireOffer(db, offer, now);
    throw refuse('expired');
  }
  if (await withdrawIfStale(db, offer, now)) throw refuse('withdrawn');
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  // Only a rider with an account can answer (the doors are the rider's own session).
  if (!rider?.userId) throw notFound(msg('errors.riderNotFound'));
  const actorId = rider.userId;
  const status = answer === 'accept' ? 'accepted' : 'declined';
  const closed = await closeOffer(db, offer, status, now, actorId, (tx) => answered(tx, riderId));
  if (!closed) {
    const [again] = await db.select({ status: dispatchOffers.status }).from(dispatchOffers).where(eq(dispatchOffers.id, offerId));
    throw refuse(again!.status === 'open' ? 'accepted' : again!.status);
  }
  const list = await offerOrders(db, offer.id);
  if (status === 'declined') {
    await onwardOrLater(db, offer.companyId, list.map((o) => o.id), now);
    return { status, orderIds: list.map((o) => o.id) };
  }
  return { status, orderIds: await assignAll(db, offer, list, actorId, now) };
}

/** Assigns the accepted offer's orders to its rider; an order the lifecycle refuses (its guards now) goes onward. */
async function assignAll(db: Db, offer: OfferRow, list: OrderRow[], actorId: string, now: Date): Promise<string[]> {
  const assigned: string[] = [];
  const refused: string[] = [];
  let firstError: DomainError | null = null;
  for (const o of list.filter(waiting)) {
    try {
      // The rider acts for themself, within the order's company (assignOrder checks the company and the guards).
      await assignOrder(db, riderActor(actorId, offer.riderId, offer.companyId), o.id, offer.riderId, now);
      assigned.push(o.id);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      firstError ??= err;
      refused.push(o.id);
    }
  }
  if (refused.length) {
    await db.update(orders).set({ dispatchState: null, dispatchDueAt: now }).where(and(inArray(orders.id, refused), eq(orders.dispatchState, 'offering')));
    await onwardOrLater(db, offer.companyId, refused, now);
  }
  if (!assigned.length && firstError) throw firstError;
  return assigned;
}
