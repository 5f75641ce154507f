import { beforeAll, describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { DENIED, expectTRPCError } from '../../../../test/expect';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

beforeAll(async () => {
  await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 2500 });
});

describe('admin.riderPick / admin.riderDay: an admin looks at one rider on /rider', () => {
  test('search by name, email or company; a short list', async () => {
    const admin = await callerFor(db, w.admin.id);
    expect((await admin.admin.riderPick()).length).toBe(4);
    expect((await admin.admin.riderPick({ q: 'rashed' })).map((r) => r.id)).toEqual([w.riderB.id]);
    expect((await admin.admin.riderPick({ q: 'Alpha Cour' })).map((r) => r.company)).toEqual(['Alpha Couriers', 'Alpha Couriers']);
    expect(await admin.admin.riderPick({ q: '%' })).toEqual([]);
  });

  test('the rider’s own dashboard and tracking figures, read-only', async () => {
    const admin = await callerFor(db, w.admin.id);
    const rider = await callerFor(db, w.riderB.user.id);
    const day = await admin.admin.riderDay({ riderId: w.riderB.id });
    expect(day.rider).toMatchObject({ id: w.riderB.id, name: 'Rashed Beta', company: 'Beta Express', region: 'AED' });
    expect(day.dashboard).toEqual(await rider.rider.dashboard());
    // The same figures; only the moment each answer was made (basis.asOf) differs by the milliseconds between the calls.
    const own = await rider.tracking.today();
    expect(day.today).toEqual({ ...own, basis: { ...own.basis, asOf: expect.any(Number) } });
    expect(day.dashboard.cashOnHand).toBe(25);
  });

  test('unknown rider: NOT_FOUND', async () => {
    await expectTRPCError((await callerFor(db, w.admin.id)).admin.riderDay({ riderId: 'nobody' }), 'NOT_FOUND', 'Rider not found');
  });

  test('admins only: companies and riders are refused', async () => {
    for (const id of [w.managerA.id, w.riderA.user.id]) {
      const c = await callerFor(db, id);
      await expectTRPCError(c.admin.riderPick(), 'FORBIDDEN', DENIED.admin);
      await expectTRPCError(c.admin.riderDay({ riderId: w.riderA.id }), 'FORBIDDEN', DENIED.admin);
    }
    await expectTRPCError((await callerFor(db, null)).admin.riderPick(), 'UNAUTHORIZED');
  });
});
