import { count } from 'drizzle-orm';
import type { Currency } from '../src/shared/money';
import type { Db } from './client';
import { companies, companyMembers, riders, supportTickets, ticketComments, users } from './schema';
import * as data from './seed-data';
import { seedCash } from './seed-cash';
import { seedDocuments } from './seed-documents';
import { seedDuty } from './seed-duty';
import { prng } from './seed-random';

export const DEMO_PASSWORD = 'Demo1234!';

/** The server's password hasher, passed in so db/ stays below src/server. */
export type HashPassword = (password: string) => Promise<string>;

/** Seed the demo business when the database has no users. Returns true when it seeded. */
export async function seedDemoIfEmpty(db: Db, hash: HashPassword, now = Date.now()): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, hash, now);
  return true;
}

export async function seedDemo(db: Db, hash: HashPassword, now = Date.now()): Promise<void> {
  const rand = prng(20261122);
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin, fastManager, emiratesManager, kwRider, aeRider] = await tx
      .insert(users)
      .values([
        { email: 'admin@kwtdelivery.com', passwordHash, firstName: 'Sara', lastName: 'Al-Sabah', role: 'admin' },
        { email: 'manager@fastdelivery.com', passwordHash, firstName: 'Khalid', lastName: 'Al-Mutairi', role: 'company' },
        { email: 'manager@emiratesdelivery.ae', passwordHash, firstName: 'Aisha', lastName: 'Al-Mansoori', role: 'company' },
        { email: 'rider@example.com', passwordHash, firstName: 'Rashid', lastName: 'Khan', role: 'rider' },
        { email: 'rider.uae@example.com', passwordHash, firstName: 'Bilal', lastName: 'Ahmed', role: 'rider' },
      ])
      .returning();
    const [fast, emirates] = await tx
      .insert(companies)
      .values([
        { name: 'Fast Delivery', email: 'manager@fastdelivery.com', phone: '+96522245678', address: 'Kuwait City, Sharq, Khalid Bin Al Waleed Street, Tower 5', contactPerson: 'Khalid Al-Mutairi', region: 'kuwait', currency: 'KWD' },
        { name: 'Emirates Express Delivery', email: 'manager@emiratesdelivery.ae', phone: '+97143456789', address: 'Dubai, Al Quoz Industrial Area 3, Warehouse 12', contactPerson: 'Aisha Al-Mansoori', region: 'uae', currency: 'AED' },
      ])
      .returning();
    await tx.insert(companyMembers).values([
      { userId: fastManager!.id, companyId: fast!.id },
      { userId: emiratesManager!.id, companyId: emirates!.id },
    ]);

    const riderRows = (list: typeof data.FAST_RIDERS | typeof data.EMIRATES_RIDERS, companyId: string, currency: Currency, firstUser: string, firstEmail: string, prefix: string) =>
      list.map((r, i) => ({
        ...r,
        companyId,
        region: currency,
        userId: i === 0 ? firstUser : null,
        email: i === 0 ? firstEmail : `${r.name.toLowerCase().replace(/\s+/g, '.')}@riders.${currency === 'KWD' ? 'kw' : 'ae'}`,
        phone: `${prefix}${String(50000000 + i * 1234567).slice(0, currency === 'KWD' ? 8 : 9)}`,
        status: (i === 5 ? 'inactive' : 'active') as 'active' | 'inactive',
        // Riders 0–2 are on duty; their last position and time come from their pings (seed-duty.ts).
        onDuty: i < 3,
      }));
    const kwRiders = await tx.insert(riders).values(riderRows(data.FAST_RIDERS, fast!.id, 'KWD', kwRider!.id, 'rider@example.com', '+965')).returning();
    const aeRiders = await tx.insert(riders).values(riderRows(data.EMIRATES_RIDERS, emirates!.id, 'AED', aeRider!.id, 'rider.uae@example.com', '+9715')).returning();
    await seedDocuments(tx, [{ riders: kwRiders, managerId: fastManager!.id }, { riders: aeRiders, managerId: emiratesManager!.id }], now);

    // 30 days of shifts, the orders delivered in them, the pings along their routes (seed-duty.ts), and the cash
    // collected on them, handed over at the end of each shift (seed-cash.ts).
    const managerOf = (companyId: string) => (companyId === fast!.id ? fastManager!.id : emiratesManager!.id);
    const duty = await seedDuty(tx, rand, [
      { company: fast!, riders: kwRiders, orders: 130, addresses: data.KUWAIT_ADDRESSES, pickups: data.KUWAIT_PICKUPS, phonePrefix: '+965' },
      { company: emirates!, riders: aeRiders, orders: 110, addresses: data.UAE_ADDRESSES, pickups: data.UAE_PICKUPS, phonePrefix: '+9715' },
    ], now);
    await seedCash(tx, [...kwRiders, ...aeRiders], duty.orders, managerOf, duty.handoverTimes, now);

    // The Support page's two sample tickets, one per company manager.
    const managers = { fast: { user: fastManager!, company: fast! }, emirates: { user: emiratesManager!, company: emirates! } };
    for (const t of data.SAMPLE_TICKETS) {
      const { user, company } = managers[t.manager];
      const createdAt = new Date(now - t.hoursAgo * 3_600_000);
      const repliedAt = new Date(createdAt.getTime() + 2 * 3_600_000);
      const [ticket] = await tx
        .insert(supportTickets)
        .values({ userId: user.id, companyId: company.id, subject: t.subject, body: t.body, priority: t.priority, status: t.status, createdAt, updatedAt: t.reply ? repliedAt : createdAt })
        .returning({ id: supportTickets.id });
      if (t.reply) await tx.insert(ticketComments).values({ ticketId: ticket!.id, userId: admin!.id, body: t.reply, createdAt: repliedAt });
    }
  });
}
