import { and, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchOfferOrders, dispatchOffers, orders } from '../../../../db/schema';
import type { DispatchSettings } from '../../../shared/schemas/dispatch';
import { audit } from '../../lib/audit';
import { publishChange } from '../../lib/events';
import type { OrderRow } from './facts';
import { markNeedsRider } from './needs-rider';
import { chooseNearest, offerable, type Choice } from './offer-order';
import { withCoordinates } from './places';
import { dispatchSettingsOf } from './settings';
import { emitOffered } from './webhook';

export type DispatchOutcome =
  | { state: 'offered'; offerId: string; riderId: string; orderIds: string[] }
  | { state: 'needs_rider' }
  /** Manual dispatch, or the order is not waiting for a rider (assigned, cancelled, already offered). */
  | { state: 'skipped' };

/**
 * After an order is created (company form, import, the shop API): in automatic mode — the company's, or the order's
 * own `autoDispatch` when the API gave one — offer it to the best eligible rider, else mark it "needs a rider".
 */
export async function startDispatch(db: Db, orderId: string, now = new Date(), opts: { autoDispatch?: boolean } = {}): Promise<DispatchOutcome> {
  const found = await db.query.orders.findFirst({ where: eq(orders.id, orderId) });
  if (!found || found.status !== 'pending' || found.riderId || found.dispatchState === 'offering') return { state: 'skipped' };
  // The coordinates serve the ETAs of a manually dispatched order too.
  const order = await withCoordinates(db, found);
  const settings = await dispatchSettingsOf(db, order.companyId);
  if (!(opts.autoDispatch ?? settings.mode === 'auto')) return { state: 'skipped' };
  return dispatchOrder(db, order, settings, now);
}

/** Offers the order to the next rider (after a decline or a time-out too), or gives up on it. */
export async function dispatchOrder(db: Db, order: OrderRow, settings: DispatchSettings, now: Date): Promise<DispatchOutcome> {
  if (order.dispatchAttempts >= settings.maxAttempts) {
    await markNeedsRider(db, order, 'attempts', now);
    return { state: 'needs_rider' };
  }
  const choice = await chooseNearest(db, order, settings, now);
  if (!choice) {
    await markNeedsRider(db, order, 'nobody', now);
    return { state: 'needs_rider' };
  }
  const made = await createOffer(db, order, choice, settings, now);
  return made ?? { state: 'skipped' };
}

/**
 * One offer, in one transaction: the orders move to 'offering' (a compare-and-set: an order another dispatch took in
 * between drops out, and without the first order there is no offer), the offer and its orders in stop order, the audit
 * and the `order.offered` webhooks.
 */
async function createOffer(db: Db, anchor: OrderRow, c: Choice, settings: DispatchSettings, now: Date): Promise<DispatchOutcome | null> {
  const rider = c.facts.rider;
  const made = await db.transaction(
    async (tx) => {
      const taken = await tx
        .update(orders)
        .set({ dispatchState: 'offering', dispatchAttempts: sql`${orders.dispatchAttempts} + 1`, dispatchDueAt: null, updatedAt: now })
        .where(and(inArray(orders.id, c.batch.map((o) => o.id)), offerable))
        .returning();
      // Another dispatch took the first order meanwhile: no offer, and the others it took here are given back.
      if (!taken.some((o) => o.id === anchor.id)) tx.rollback();
      const ids = new Set(taken.map((o) => o.id));
      const stops = c.stops.filter((s) => ids.has(s.orderId));
      const [offer] = await tx
        .insert(dispatchOffers)
        .values({ companyId: anchor.companyId, riderId: rider.id, offeredAt: now, expiresAt: new Date(now.getTime() + settings.offerSeconds * 1000), distanceKm: c.distanceKm, score: { ...c.score, stops } })
        .returning();
      const dropOrder = stops.filter((s) => s.kind === 'dropoff').map((s) => s.orderId);
      await tx.insert(dispatchOfferOrders).values(dropOrder.map((orderId, seq) => ({ offerId: offer!.id, orderId, seq })));
      await audit(tx, { actorId: null, action: 'dispatch.offer', entity: 'dispatch_offer', entityId: offer!.id, after: { riderId: rider.id, orderIds: dropOrder, expiresAt: offer!.expiresAt, score: c.score }, at: now });
      for (const o of taken) await emitOffered(tx as unknown as Db, o, rider, offer!.expiresAt);
      return { offerId: offer!.id, orderIds: dropOrder };
    },
    { behavior: 'immediate' },
  ).catch((err: unknown) => {
    if (err instanceof TransactionRollbackError) return null;
    throw err;
  });
  if (!made) return null;
  publishChange('orders');
  return { state: 'offered', riderId: rider.id, ...made };
}
