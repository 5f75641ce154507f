import { beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { getWith, login, testApp, type TestApp } from '../test/app';
import { freshDb } from '../test/db';
import { hashPassword } from '../src/server/auth/password';
import { cashPosition } from '../src/server/services/rider';
import type { Db } from './client';
import { companies, orders, riders, supportTickets, ticketComments, users } from './schema';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed';

let db: Db;
let app: TestApp;
let seeded: boolean;
const NOW = Date.now();

beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
  seeded = await seedDemoIfEmpty(db, hashPassword, NOW);
});

const DEMO = [
  ['admin@kwtdelivery.com', 'admin', null],
  ['manager@fastdelivery.com', 'company', 'Fast Delivery'],
  ['manager@emiratesdelivery.ae', 'company', 'Emirates Express Delivery'],
  ['rider@example.com', 'rider', 'Fast Delivery'],
  ['rider.uae@example.com', 'rider', 'Emirates Express Delivery'],
] as const;

describe('demo seed', () => {
  test('seeds an empty database once', async () => {
    expect(seeded).toBe(true);
    expect(await seedDemoIfEmpty(db, hashPassword)).toBe(false);
    const [n] = await db.select({ n: count() }).from(users);
    expect(n!.n).toBe(5);
  });

  test('the README demo accounts sign in with Demo1234! and get their role and company', async () => {
    expect(DEMO_PASSWORD).toBe('Demo1234!');
    for (const [email, role, companyName] of DEMO) {
      const cookie = await login(app, email, 'Demo1234!');
      const me = await (await getWith(app, '/api/auth/user', cookie)).json();
      expect(me.email).toBe(email);
      expect(me.role).toBe(role);
      expect(me.companyName).toBe(companyName);
      if (role !== 'admin') expect(me.roleData.id).toBeString();
    }
  });

  test('two companies: Fast Delivery (Kuwait, KWD) and Emirates Express Delivery (UAE, AED)', async () => {
    const rows = await db.select().from(companies);
    expect(rows.map((c) => [c.name, c.region, c.currency]).sort()).toEqual([
      ['Emirates Express Delivery', 'uae', 'AED'],
      ['Fast Delivery', 'kuwait', 'KWD'],
    ]);
  });

  test('at least 6 riders each, in the company’s currency', async () => {
    for (const c of await db.select().from(companies)) {
      const list = await db.select().from(riders).where(eq(riders.companyId, c.id));
      expect(list.length).toBeGreaterThanOrEqual(6);
      expect(list.every((r) => r.region === c.currency)).toBe(true);
    }
  });

  test('at least 200 orders over the last 30 days with realistic fees and statuses', async () => {
    const all = await db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(200);
    const cos = new Map((await db.select().from(companies)).map((c) => [c.id, c]));
    // The Orders tab's "View Sample Orders" count, whatever the time of the seed.
    const perCompany = Object.fromEntries([...cos.values()].map((c) => [c.name, all.filter((o) => o.companyId === c.id).length]));
    expect(perCompany).toEqual({ 'Fast Delivery': 130, 'Emirates Express Delivery': 110 });
    for (const o of all) {
      expect(o.createdAt.getTime()).toBeLessThanOrEqual(NOW);
      expect(o.createdAt.getTime()).toBeGreaterThan(NOW - 30 * 86_400_000);
      expect(o.currency).toBe(cos.get(o.companyId)!.currency);
      expect(Number.isInteger(o.deliveryFeeMinor)).toBe(true);
      if (o.currency === 'KWD') {
        expect(o.deliveryFeeMinor).toBeGreaterThanOrEqual(500);
        expect(o.deliveryFeeMinor).toBeLessThanOrEqual(3000);
      } else {
        expect(o.deliveryFeeMinor).toBeGreaterThanOrEqual(500);
        expect(o.deliveryFeeMinor).toBeLessThanOrEqual(2500);
      }
      if (o.status === 'pending') expect(o.riderId).toBeNull();
      if (o.status === 'delivered') expect(o.deliveredAt).not.toBeNull();
    }
    const statuses = new Set(all.map((o) => o.status));
    for (const s of ['delivered', 'cancelled', 'pending']) expect(statuses.has(s as never)).toBe(true);
    // Some orders today, so the dashboards are not empty on first start.
    expect(all.some((o) => o.createdAt.getTime() > NOW - 6 * 3_600_000)).toBe(true);
  });

  test('some riders have cash on hand', async () => {
    const list = await db.select().from(riders);
    const onHand = await Promise.all(list.map((r) => cashPosition(db, r.id, r.region)));
    expect(onHand.some((p) => p.onHandMinor > 0)).toBe(true);
    expect(onHand.every((p) => p.onHandMinor >= 0)).toBe(true);
  });

  test('the Support page has its two sample tickets, one per company manager', async () => {
    const rows = await db
      .select({ subject: supportTickets.subject, status: supportTickets.status, priority: supportTickets.priority, email: users.email })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId));
    expect(rows.map((r) => [r.email, r.status, r.priority]).sort()).toEqual([
      ['manager@emiratesdelivery.ae', 'in-progress', 'medium'],
      ['manager@fastdelivery.com', 'open', 'high'],
    ]);
    const [replies] = await db.select({ n: count() }).from(ticketComments);
    expect(replies!.n).toBe(1);
  });
});
