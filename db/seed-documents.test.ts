import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { freshDb } from '../test/db';
import { documentsOverview, riderDocumentList } from '../src/server/services/compliance';
import type { Db } from './client';
import { companies, riders, users } from './schema';
import { seedDemo } from './seed';

let db: Db;
const NOW = Date.parse('2026-05-20T09:00:00Z');

beforeAll(async () => {
  db = await freshDb();
  // The password hash does not matter here.
  await seedDemo(db, async () => 'x', NOW);
});

const riderOf = async (email: string) => (await db.select({ id: riders.id }).from(riders).innerJoin(users, eq(users.id, riders.userId)).where(eq(users.email, email)))[0]!.id;
const companyOf = async (name: string) => (await db.query.companies.findFirst({ where: eq(companies.name, name) }))!.id;

describe('demo documents', () => {
  test('the demo sign-in riders have every document of their region, all valid', async () => {
    for (const [email, id] of [['rider@example.com', 'civil_id'], ['rider.uae@example.com', 'emirates_id']] as const) {
      const list = await riderDocumentList(db, await riderOf(email), { now: new Date(NOW) });
      expect(list.documents.map((d) => d.type)).toEqual(list.types);
      expect(list.types[0]).toBe(id);
      expect(list.documents.every((d) => d.status === 'valid')).toBe(true);
    }
  });

  test('each company’s list shows an expired residency, documents expiring soon and a rider without a licence', async () => {
    const o = await documentsOverview(db, await companyOf('Fast Delivery'), new Date(NOW));
    expect(o.items.map((i) => [i.rider.name, i.type, i.status, i.daysLeft])).toEqual([
      ['Hassan Youssef', 'health_certificate', 'expired', -40],
      ['Imran Siddiqui', 'residency', 'expired', -3],
      ['Mahmoud Fathy', 'driving_licence', 'expiring', 12],
      ['Mahmoud Fathy', 'vehicle_insurance', 'expiring', 25],
    ]);
    expect(o.missingLicence.map((r) => r.name)).toEqual(['Arjun Pillai']);
    expect((await documentsOverview(db, await companyOf('Emirates Express Delivery'), new Date(NOW))).items).toHaveLength(4);
  });
});
