import { expect } from 'bun:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cashLedger, idempotencyKeys, orders, orderStatusEvents, webhookDeliveries, webhookEndpoints } from '../db/schema';
import { WEBHOOK_EVENTS } from '../src/shared/schemas/webhooks';
import { callerFor } from './app';
import { makeOrder } from './factories';
import type { World } from './world';

const TERMINAL = ['delivered', 'failed'] as const;

/**
 * Issue 22, item 4: 20 conflicting changes fired at one picked-up cash order at once (the rider's deliveries and
 * failures with and without idempotency keys, the company's and the admin's moves). Exactly one terminal change
 * wins; the others are refused with a known answer; the order, its timeline, the cash ledger and the webhook rows
 * agree with the winner.
 */
export async function raceOneOrder(db: Db, w: World) {
  const [endpoint] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, w.companyA.id));
  if (!endpoint) await db.insert(webhookEndpoints).values({ companyId: w.companyA.id, url: 'https://hooks.example.com/kwt', secret: 's'.repeat(64), events: [...WEBHOOK_EVENTS] });
  const order = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up', paymentMethod: 'cash', codAmountMinor: 4_500, deliveryPin: '5190' });
  const rider = await callerFor(db, w.riderA.user.id);
  const company = await callerFor(db, w.managerA.id);
  const admin = await callerFor(db, w.admin.id);
  const calls: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < 5; i++) {
    calls.push(() => rider.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: `Noura ${i}`, pin: '5190', idempotencyKey: `deliver-key-${i}-${order.id}` }));
    calls.push(() => rider.rider.setOrderStatus({ orderId: order.id, status: 'failed', reason: `No answer ${i}`, ...(i % 2 ? { idempotencyKey: `fail-key-${i}-${order.id}` } : {}) }));
    calls.push(() => company.company.setOrderStatus({ orderId: order.id, status: i % 2 ? 'delivered' : 'failed' }));
    calls.push(() => (i % 2 ? admin.admin.orderSetStatus({ orderId: order.id, status: 'failed' }) : rider.rider.setOrderStatus({ orderId: order.id, status: 'delivered', recipientName: 'Noura', pin: '5190' })));
  }
  expect(calls).toHaveLength(20);
  const results = await Promise.allSettled(calls.map((c) => c()));
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code: string; message: string }] : []));
  expect(won).toHaveLength(1);
  // A loser read the order before or after the winner's change: refused by the compare-and-set, or by the state machine.
  for (const err of lost) {
    expect(['CONFLICT', 'BAD_REQUEST']).toContain(err.code);
    expect(err.message).toMatch(/^(This order was changed meanwhile \(it is now (Delivered|Failed)\): reload it and try again|An order that is (Delivered|Failed) cannot become (Delivered|Failed))$/i);
  }

  const row = (await db.query.orders.findFirst({ where: eq(orders.id, order.id) }))!;
  expect(TERMINAL).toContain(row.status as (typeof TERMINAL)[number]);
  const delivered = row.status === 'delivered';
  expect(row.deliveredAt !== null).toBe(delivered);
  if (delivered) expect(row.failureReason).toBeNull();

  const timeline = await db.select().from(orderStatusEvents).where(and(eq(orderStatusEvents.orderId, order.id), inArray(orderStatusEvents.status, [...TERMINAL])));
  expect(timeline.map((e) => e.status)).toEqual([row.status]);

  const collections = await db.select().from(cashLedger).where(and(eq(cashLedger.orderId, order.id), eq(cashLedger.account, 'hand')));
  expect(collections.map((l) => [l.kind, l.amountMinor])).toEqual(delivered ? [['collection', 4_500]] : []);

  const all = await db.select({ event: webhookDeliveries.event, payload: webhookDeliveries.payload }).from(webhookDeliveries);
  const hooks = all.filter((h) => (h.payload as { orderId: string }).orderId === order.id);
  expect(hooks.map((h) => [h.event, (h.payload as { status: string }).status])).toEqual([[`order.${row.status}`, row.status]]);

  // Only a winning keyed write keeps its key: a refused one can be sent again.
  const keys = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
  expect(keys.filter((k) => k.key.endsWith(order.id)).length).toBeLessThanOrEqual(1);
  return { status: row.status, lost: lost.length };
}
