import { beforeAll, describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { makeOrder } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

beforeAll(async () => {
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', deliveryFeeMinor: 1250 });
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', deliveryFeeMinor: 500 });
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned', deliveryFeeMinor: 3000 });
  await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', deliveryFeeMinor: 2500 });
});

describe('company.riders: the tenant wall', () => {
  test('company A sees exactly its own riders', async () => {
    const list = await (await callerFor(db, w.managerA.id)).company.riders();
    expect(list.map((r) => r.id).sort()).toEqual([w.riderA.id, w.riderA2.id].sort());
    expect(list.every((r) => r.companyId === w.companyA.id)).toBe(true);
  });

  test('company B never sees company A’s riders', async () => {
    const list = await (await callerFor(db, w.managerB.id)).company.riders();
    const ids = list.map((r) => r.id);
    expect(ids.sort()).toEqual([w.riderB.id, w.riderB2.id].sort());
    expect(ids).not.toContain(w.riderA.id);
    expect(ids).not.toContain(w.riderA2.id);
  });

  test('delivered orders and earnings per rider, in the company’s currency', async () => {
    const list = await (await callerFor(db, w.managerA.id)).company.riders();
    const a = list.find((r) => r.id === w.riderA.id)!;
    expect(a.orders).toBe(2);
    expect(a.earnings).toBe(1.75);
    expect(a.vehicle).toBe('motorcycle');
    const a2 = list.find((r) => r.id === w.riderA2.id)!;
    expect(a2.orders).toBe(0);
    expect(a2.earnings).toBe(0);
    const b = (await (await callerFor(db, w.managerB.id)).company.riders()).find((r) => r.id === w.riderB.id)!;
    expect(b.earnings).toBe(25);
  });

  test('a manager with no company membership is refused', async () => {
    const { makeUser } = await import('../../../../test/factories');
    const orphan = await makeUser(db, { role: 'company' });
    const caller = await callerFor(db, orphan.id);
    await expect(caller.company.riders()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
