import { beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, cashLedger, orders } from '../../../../db/schema';
import { newDeliveryPin } from '../../../../db/schema/ids';
import { callerFor } from '../../../../test/app';
import { makeOrder } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';

let db: Db;
let w: World;
beforeEach(async () => ({ db, w } = await freshWorld()));

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: { code: string; message: string }) => ({ code: e.code, message: e.message }));
const LOCKED = { code: 'CONFLICT', message: 'Too many wrong PINs: the company must confirm this delivery' };
const pickedUp = () => makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up', paymentMethod: 'cash', codAmountMinor: 3_000, deliveryPin: '8371' });
const pinAudit = (orderId: string) =>
  db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId))).then((rows) => rows.map((r) => r.action).filter((a) => a.startsWith('pin_')));
let n = 0;
const deliver = (orderId: string, pin?: string) => callerFor(db, w.riderA.user.id).then((c) => c.rider.setOrderStatus({ orderId, status: 'delivered', recipientName: 'Noura', pin, idempotencyKey: `pin-try-${++n}-key` }));

describe('the delivery PIN cannot be guessed (issue 22, item 2)', () => {
  test('5 wrong PINs lock the order: the 6th is refused with the lock even when right, and every try is audited', async () => {
    const o = await pickedUp();
    const answers = [];
    for (const pin of ['0000', '0001', '0002', '0003', '0004']) answers.push(await refusal(deliver(o.id, pin)));
    expect(answers).toEqual([
      { code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 4' },
      { code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 3' },
      { code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 2' },
      { code: 'BAD_REQUEST', message: 'The PIN does not match this order. Tries left: 1' },
      LOCKED,
    ]);
    expect(await refusal(deliver(o.id, '8371'))).toEqual(LOCKED);
    expect(await refusal(deliver(o.id))).toEqual(LOCKED);
    expect((await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!.status).toBe('picked_up');
    expect(await pinAudit(o.id)).toEqual(['pin_wrong', 'pin_wrong', 'pin_wrong', 'pin_wrong', 'pin_wrong', 'pin_locked']);
  });

  test('20 guesses at once are counted one after the other: 5 wrong, the rest locked, none accepted', async () => {
    const o = await pickedUp();
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 12 ? '8371' : String(1000 + i)));
    const out = await Promise.all(guesses.map((pin) => refusal(deliver(o.id, pin))));
    const locked = out.filter((r) => r?.code === 'CONFLICT').length;
    expect(out.filter((r) => r === null).length).toBeLessThanOrEqual(1);
    expect((await pinAudit(o.id)).filter((a) => a === 'pin_wrong').length).toBe(5);
    // The right PIN wins only when it came among the first five tries; otherwise everything after them is locked.
    const row = (await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!;
    if (row.status === 'delivered') expect(row.pinVerified).toBe(true);
    else expect(locked).toBe(16); // the 5th wrong try answers with the lock, as the hand-over codes do
  });

  test('the company confirms a locked order’s delivery: delivered unverified, the cash on the rider’s ledger', async () => {
    const o = await pickedUp();
    for (let i = 0; i < 5; i++) await refusal(deliver(o.id, `000${i}`));
    const company = await callerFor(db, w.managerA.id);
    expect(await company.company.orderDetail({ id: o.id })).toMatchObject({ pinLocked: true });
    expect(await company.company.setOrderStatus({ orderId: o.id, status: 'delivered' })).toEqual({ success: true, status: 'delivered' });
    const row = (await db.query.orders.findFirst({ where: eq(orders.id, o.id) }))!;
    expect([row.status, row.pinVerified, row.deliveredAt !== null]).toEqual(['delivered', false, true]);
    const ledger = await db.select().from(cashLedger).where(and(eq(cashLedger.orderId, o.id), eq(cashLedger.account, 'hand')));
    expect(ledger.map((l) => [l.kind, l.riderId, l.amountMinor])).toEqual([['collection', w.riderA.id, 3_000]]);
  });

  test('a wrong PIN replayed from offline is applied with a flag and counted as a wrong try', async () => {
    const o = await pickedUp();
    const c = await callerFor(db, w.riderA.user.id);
    const out = await c.rider.setOrderStatus({ orderId: o.id, status: 'delivered', recipientName: 'Noura', pin: '1234', idempotencyKey: 'offline-1', outbox: { recordedAt: Date.now() - 60_000, replay: true } });
    expect(out.flags?.map((f) => f.kind)).toEqual(['pin_mismatch']);
    expect(await pinAudit(o.id)).toEqual(['pin_wrong']);
  });

  test('no answer to the rider carries the PIN (orders, dashboard, today, status changes)', async () => {
    const o = await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned', deliveryPin: '8371' });
    const c = await callerFor(db, w.riderA.user.id);
    const answers = [await c.rider.orders(), await c.rider.dashboard(), await c.tracking.today(), await c.rider.setOrderStatus({ orderId: o.id, status: 'picked_up' }), await c.rider.orders()];
    for (const a of answers) {
      const text = JSON.stringify(a);
      expect(text).not.toContain('8371');
      expect(text).not.toMatch(/deliveryPin|trackingCode/);
    }
  });

  test('PINs are crypto-random per order: orders created in the same ms differ, 4 digits, uniform', async () => {
    const at = new Date('2026-11-02T08:00:00Z');
    const rows = await db
      .insert(orders)
      .values(Array.from({ length: 200 }, (_, i) => ({ companyId: w.companyA.id, customerName: `C${i}`, pickupAddress: 'A', deliveryAddress: 'B', createdAt: at })))
      .returning({ pin: orders.deliveryPin });
    for (const r of rows) expect(r.pin).toMatch(/^\d{4}$/);
    // 200 uniform draws from 10,000 repeat a PIN ~2 times on average; a derived PIN (time, count) would repeat nearly all.
    expect(new Set(rows.map((r) => r.pin)).size).toBeGreaterThan(190);
    // Each digit position is uniform: chi-square over 20,000 PINs, 9 degrees of freedom, far below 40 (p < 1e-5).
    const counts = Array.from({ length: 4 }, () => new Array<number>(10).fill(0));
    for (let i = 0; i < 20_000; i++) [...newDeliveryPin()].forEach((d, pos) => counts[pos]![Number(d)]!++);
    for (const c of counts) expect(c.reduce((s, k) => s + (k - 2000) ** 2 / 2000, 0)).toBeLessThan(40);
  });
});
