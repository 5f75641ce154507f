import { beforeEach, describe, expect, test } from 'bun:test';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, orders, orderStatusEvents } from '../../../../db/schema';
import { makeOrder, makeRider } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { DomainError } from '../../errors';
import { assignOrder, transitionOrder } from './order-lifecycle';
import { staffActor } from '../access';

let db: Db;
let w: World;
const admin = () => (staffActor(w.admin.id, null));

beforeEach(async () => ({ db, w } = await freshWorld()));

async function expectDomain(p: Promise<unknown>, code: string, message: string) {
  const err = await p.then(() => null, (e) => e);
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).code).toBe(code as never);
  expect((err as DomainError).message).toBe(message);
}

describe('the order state machine', () => {
  test('pending → assigned → picked_up → delivered stamps each change and deliveredAt', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    await assignOrder(db, admin(), o.id, w.riderA.id, new Date('2026-11-01T08:00:00Z'));
    await transitionOrder(db, admin(), o.id, 'picked_up', new Date('2026-11-01T08:10:00Z'));
    await transitionOrder(db, admin(), o.id, 'delivered', new Date('2026-11-01T08:40:00Z'));
    const row = await db.query.orders.findFirst({ where: eq(orders.id, o.id) });
    expect(row!.status).toBe('delivered');
    expect(row!.riderId).toBe(w.riderA.id);
    expect(row!.deliveredAt!.toISOString()).toBe('2026-11-01T08:40:00.000Z');
    const events = await db.select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, o.id)).orderBy(asc(orderStatusEvents.at));
    expect(events.map((e) => [e.status, e.at.toISOString()])).toEqual([
      ['assigned', '2026-11-01T08:00:00.000Z'],
      ['picked_up', '2026-11-01T08:10:00.000Z'],
      ['delivered', '2026-11-01T08:40:00.000Z'],
    ]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, o.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['assign', 'status', 'status']);
  });

  test('illegal transitions are refused with a message naming both states', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    await expectDomain(transitionOrder(db, admin(), o.id, 'delivered'), 'BAD_REQUEST', 'An order that is pending cannot become delivered');
    const done = await makeOrder(db, w.companyA, { status: 'delivered', riderId: w.riderA.id });
    await expectDomain(transitionOrder(db, admin(), done.id, 'cancelled'), 'BAD_REQUEST', 'An order that is delivered cannot become cancelled');
  });

  test('a failed order goes back to pending without its rider', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'failed', riderId: w.riderA.id });
    await transitionOrder(db, admin(), o.id, 'pending');
    const row = await db.query.orders.findFirst({ where: eq(orders.id, o.id) });
    expect([row!.status, row!.riderId]).toEqual(['pending', null]);
  });
});

describe('assigning', () => {
  test('only to an active rider of the same company', async () => {
    const o = await makeOrder(db, w.companyA, { status: 'pending' });
    await expectDomain(assignOrder(db, admin(), o.id, w.riderB.id), 'BAD_REQUEST', 'Choose a rider of the same company');
    const idle = await makeRider(db, w.companyA, { name: 'Idle', withUser: false, status: 'inactive' });
    await expectDomain(assignOrder(db, admin(), o.id, idle.rider.id), 'BAD_REQUEST', 'This rider is not active');
  });

  test("a company's scope cannot reach another company's order: not found", async () => {
    const o = await makeOrder(db, w.companyB, { status: 'pending' });
    await expectDomain(assignOrder(db, staffActor(w.managerA.id, w.companyA.id), o.id, w.riderA.id), 'NOT_FOUND', 'Order not found');
  });
});
