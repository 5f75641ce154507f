import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { orders, orderStatusEvents } from '../../../../db/schema';
import { formatMoney } from '../../../shared/money';
import { placeNames } from '../../../shared/gulf/format';
import { storedAddressParts as storedParts, type AddressParts } from '../../../shared/schemas/address';
import type { RiderOrderStatusInput } from '../../../shared/schemas/rider-app';
import { canTransition } from '../../../shared/schemas/oversight';
import { conflict, invalid, notFound } from '../../errors';
import { ownCapture } from '../captures';
import { checkLivePin, pinMatches, PIN_MAX_TRIES, recordWrongPin, wrongPinCount } from './delivery-pin';
import { onceFlagged, endedByCompany, eventTime, MAX_DUTY_EVENT_AGE_HOURS, companyTime, fileFlag, type Flag, type FlagContext, orderRequest, resolveOrderConflict, isReplay } from '../rider';
import { casOrder, enqueueStatusWebhook } from './order-transition';
import { postCollection, checkCashLimit } from '../cash';
import { publishChange } from '../../lib/events';
import { orderStartMs } from '../reports';
import { label, msg } from '../../../shared/i18n/message';
import { plannedStopNumbers } from '../routing';

/** The rider's open orders: what to pick up and deliver, and the cash to collect. */
export async function riderOrders(db: Db, riderId: string) {
  const rows = await db
    .select({ o: orders, startedAt: orderStartMs })
    .from(orders)
    .where(and(eq(orders.riderId, riderId), inArray(orders.status, ['assigned', 'picked_up'])))
    .orderBy(asc(orders.createdAt));
  const places = (parts: AddressParts | null) => (parts ? placeNames(parts) : null);
  const stopNo = plannedStopNumbers(rows.map(({ o }) => o));
  // The orders in the planned sequence (by their next stop's number); the ones without a plan after, oldest first.
  const next = (o: (typeof rows)[number]['o']) => stopNo.get(`${o.id}:${o.status === 'assigned' ? 'p' : 'd'}`) ?? stopNo.get(`${o.id}:d`) ?? Infinity;
  const inPlan = [...rows].sort((a, b) => next(a.o) - next(b.o));
  const planned = (o: (typeof rows)[number]['o'], kind: 'p' | 'd', at: Date | null) => {
    const stop = stopNo.get(`${o.id}:${kind}`);
    return stop !== undefined && at ? { stop, at: at.toISOString() } : null;
  };
  return inPlan.map(({ o, startedAt }) => {
    const pickupParts = storedParts(o.pickupAddressParts);
    const deliveryParts = storedParts(o.deliveryAddressParts);
    return {
      id: o.id,
      status: o.status,
      priority: o.priority,
      customerName: o.customerName,
      customerPhone: o.customerPhone,
      pickupAddress: o.pickupAddress,
      deliveryAddress: o.deliveryAddress,
      /** The structured addresses (issue 8) when the order has them; the rider's own order, so every part. */
      pickupAddressParts: pickupParts,
      deliveryAddressParts: deliveryParts,
      /** Their area's and governorate's/emirate's names in both languages: the rider app carries no areas data. */
      pickupPlace: places(pickupParts),
      deliveryPlace: places(deliveryParts),
      itemDescription: o.itemDescription,
      notes: o.notes,
      currency: o.currency,
      cashToCollectMinor: o.paymentMethod === 'cash' ? o.codAmountMinor : 0,
      deliveryFeeMinor: o.deliveryFeeMinor,
      createdAt: o.createdAt.toISOString(),
      /** When the order's clock started (its pick-up, else its assignment; docs/figures.md): the app's average order time. */
      startedAt: startedAt === null ? null : new Date(Number(startedAt)).toISOString(),
      /** Issue 25, items 3-4: the stop's number in the rider's planned sequence and its ETA; null when not planned (or picked up). */
      pickupPlan: o.status === 'assigned' ? planned(o, 'p', o.etaPickupAt) : null,
      dropoffPlan: planned(o, 'd', o.etaDropoffAt),
    };
  });
}

/**
 * A rider moves their own order: picked up, delivered (with the recipient's name, an optional photo and
 * PIN) or failed (with a reason). The phone's time is the event's time. A replayed write (recorded offline,
 * issue 20) that meets a changed server is resolved by conflicts/orders.ts, and what the company must review
 * (a PIN that does not match, cash over the limit, after the company ended the duty, older than 24 hours) is
 * flagged in the same transaction; the answer carries the flags' reasons.
 */
export async function riderSetOrderStatus(db: Db, riderId: string, userId: string, input: RiderOrderStatusInput, now = new Date(), flagCtx: FlagContext = { riderId }) {
  const replay = isReplay(input.outbox);
  const resolved = replay ? await resolveOrderConflict(db, riderId, input) : null;
  const order = resolved?.order ?? (await db.query.orders.findFirst({ where: and(eq(orders.id, input.orderId), eq(orders.riderId, riderId)) }));
  if (!order) throw notFound(msg('errors.orderNotFound'));
  if (!resolved?.force && !canTransition(order.status, input.status)) throw invalid(msg('errors.orderTransition', { from: label(`orderStatus.${order.status}`), to: label(`orderStatus.${input.status}`) }), 'status');
  const at = eventTime(input.at, now);
  const flags: Flag[] = resolved?.flag ? [resolved.flag] : [];
  const request = orderRequest(input);
  const flag = (kind: Flag['kind'], reasonKey: Flag['reasonKey'], params: Flag['params']) => flags.push({ kind, outcome: 'applied', reasonKey, params, request, orderId: order.id });
  const patch: Partial<typeof orders.$inferInsert> = { status: input.status, updatedAt: now, ...(resolved?.takeOver ? { riderId } : {}) };
  let wrongReplayedPin = false;
  if (input.status === 'delivered') {
    // After 5 wrong PINs only the company marks the order delivered (issue 22, item 2); a right PIN no longer verifies it.
    const locked = (await wrongPinCount(db, order.id)) >= PIN_MAX_TRIES;
    if (locked && !replay) throw conflict(msg('errors.pinLocked'), 'pin');
    const pinOk = input.pin !== undefined && !locked && pinMatches(input.pin, order);
    // Online the rider is at the door and may type it again (checkLivePin counted it); a PIN typed offline is checked only now (issue 20).
    if (input.pin !== undefined && !pinOk && !replay) throw invalid(msg('errors.pinMismatch'), 'pin');
    if (input.pin !== undefined && !pinOk) {
      flag('pin_mismatch', 'conflict.pin.applied', {});
      wrongReplayedPin = true;
    }
    // The photo the company will be shown as proof must be this rider's own proof photo (issue 21, item 4).
    if (input.proofCaptureId) await ownCapture(db, riderId, input.proofCaptureId, 'proof', 'proofCaptureId');
    Object.assign(patch, { deliveredAt: at, recipientName: input.recipientName, proofCaptureId: input.proofCaptureId ?? null, pinVerified: pinOk });
  }
  if (input.status === 'failed') patch.failureReason = input.reason;
  if (input.at !== undefined && input.at < now.getTime() - MAX_DUTY_EVENT_AGE_HOURS * 3_600_000) flag('too_old', 'conflict.tooOld.applied', { at: await companyTime(db, riderId, at) });
  if (replay) {
    const ended = await endedByCompany(db, riderId);
    if (ended && at > ended) flag('duty_ended', 'conflict.dutyEnded.orderApplied', { time: await companyTime(db, riderId, ended), at: await companyTime(db, riderId, at) });
  }
  // The status is checked and changed in one statement (casOrder) on the status and rider read above, in one
  // transaction with the timeline, the ledger, the flags and the webhook rows (issue 22, item 4).
  const filed = await db.transaction(
    async (tx) => {
      const row = await casOrder(tx, order, patch);
      await tx.insert(orderStatusEvents).values({ orderId: row.id, status: row.status, riderId, actorId: userId, at });
      // A wrong PIN typed offline is applied with a flag and counted as a wrong try (issue 22, item 2).
      if (wrongReplayedPin) await recordWrongPin(tx, row.id, riderId, userId, true);
      // Cash collected goes into the rider's hand in the same transaction, once per order (issue 9).
      if (input.status === 'delivered' && (await postCollection(tx, row, at))) {
        const cash = await checkCashLimit(tx, riderId, now);
        if (replay && cash.reasons.includes('amount')) {
          flag('cash_limit', 'conflict.cashLimit.applied', { amount: formatMoney(cash.uncountedMinor, cash.currency), limit: formatMoney(cash.limitMinor, cash.currency) });
        }
      }
      await enqueueStatusWebhook(tx, row);
      const out = [];
      for (const f of flags) out.push(await fileFlag(tx, flagCtx, f, now));
      return out;
    },
    { behavior: 'immediate' },
  );
  publishChange('orders');
  return { success: true as const, status: input.status, at: at.toISOString(), ...(filed.length ? { flags: filed } : {}) };
}

/**
 * The rider app's door into riderSetOrderStatus: a live delivery's PIN is checked and counted first, in its own
 * transaction, then the write applies once per idempotency key with its offline conflicts resolved and flagged.
 */
export async function riderOrderStatusOnce(db: Db, who: { userId: string; riderId: string }, input: RiderOrderStatusInput) {
  await checkLivePin(db, who.riderId, who.userId, input);
  return onceFlagged(db, who, `order.${input.status}`, input, (tx, flags) => riderSetOrderStatus(tx, who.riderId, who.userId, input, new Date(), flags));
}
