import { count } from 'drizzle-orm';
import type { Currency } from '../src/shared/money';
import { formatAddress } from '../src/shared/gulf/format';
import type { AddressParts } from '../src/shared/schemas/address';
import type { Db } from './client';
import {
  companies,
  companyMembers,
  dutyShifts,
  locationPings,
  orders,
  orderStatusEvents,
  riders,
  supportTickets,
  ticketComments,
  users,
} from './schema';
import * as data from './seed-data';
import { seedCash, type SeedCashOrder } from './seed-cash';
import { seedDocuments } from './seed-documents';

export const DEMO_PASSWORD = 'Demo1234!';

/** A small deterministic PRNG so the demo data is the same on every machine. */
function prng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
  };
}

type OrderRow = typeof orders.$inferInsert;
type EventRow = typeof orderStatusEvents.$inferInsert;

/** The status changes an order went through to reach its seeded status. */
function timeline(o: { id: string; status: OrderRow['status']; riderId: string | null; createdAt: Date; deliveredAt: Date | null }, now: number): EventRow[] {
  const at = (min: number) => new Date(Math.min(now, o.createdAt.getTime() + min * 60_000));
  const steps: EventRow[] = [{ orderId: o.id, status: 'pending', at: o.createdAt }];
  if (o.status === 'pending') return steps;
  if (o.status === 'cancelled' && !o.riderId) return [...steps, { orderId: o.id, status: 'cancelled', at: at(15) }];
  steps.push({ orderId: o.id, status: 'assigned', riderId: o.riderId, at: at(3) });
  if (o.status === 'assigned') return steps;
  if (o.status === 'cancelled') return [...steps, { orderId: o.id, status: 'cancelled', riderId: o.riderId, at: at(12) }];
  steps.push({ orderId: o.id, status: 'picked_up', riderId: o.riderId, at: at(12) });
  if (o.status === 'picked_up') return steps;
  return [...steps, { orderId: o.id, status: o.status ?? 'delivered', riderId: o.riderId, at: o.deliveredAt ?? at(40) }];
}

interface CompanySeed {
  id: string;
  currency: Currency;
  riderIds: string[];
  addresses: readonly string[];
  pickups: readonly string[];
  phonePrefix: string;
}

function buildOrders(rand: ReturnType<typeof prng>, co: CompanySeed, n: number, now: number): OrderRow[] {
  const rows: OrderRow[] = [];
  for (let i = 0; i < n; i++) {
    const daysAgo = i < n * 0.12 ? 0 : rand.int(1, 29);
    const createdAt = new Date(now - daysAgo * 86_400_000 - rand.int(0, daysAgo === 0 ? 6 : 14) * 3_600_000 - rand.int(0, 59) * 60_000);
    const roll = rand.next();
    const status: OrderRow['status'] =
      daysAgo === 0
        ? roll < 0.45 ? 'delivered' : roll < 0.65 ? 'picked_up' : roll < 0.85 ? 'assigned' : 'pending'
        : roll < 0.9 ? 'delivered' : roll < 0.96 ? 'cancelled' : 'failed';
    // Fees: KWD 0.500–3.000 in 250-fils steps; AED 5–25 whole dirhams.
    const fee = co.currency === 'KWD' ? rand.int(2, 12) * 250 : rand.int(5, 25) * 100;
    const paymentMethod: OrderRow['paymentMethod'] = rand.next() < 0.6 ? 'cash' : rand.next() < 0.7 ? 'card' : 'prepaid';
    const goods = co.currency === 'KWD' ? rand.int(1, 40) * 500 : rand.int(20, 400) * 100;
    const customerName = rand.pick(data.CUSTOMER_NAMES);
    // Every tenth order (from the fourth) delivers to a structured address, except today's finished ones (the
    // newest delivered orders keep their "Area, Block …" text); no random draw, so the rest stays as it was.
    const partsList: readonly AddressParts[] = co.currency === 'KWD' ? data.KUWAIT_ADDRESS_PARTS : data.UAE_ADDRESS_PARTS;
    const structured = i % 10 === 3 && (daysAgo > 0 || status === 'assigned' || status === 'picked_up' || status === 'pending');
    const parts = structured ? partsList[Math.floor(i / 10) % partsList.length]! : null;
    rows.push({
      companyId: co.id,
      riderId: status === 'pending' ? null : rand.pick(co.riderIds),
      customerName,
      customerPhone: `${co.phonePrefix}${rand.int(10_000_000, 99_999_999)}`.slice(0, co.phonePrefix.length + (co.currency === 'KWD' ? 8 : 9)),
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      pickupAddress: rand.pick(co.pickups),
      // The free-text address is drawn either way, keeping the random sequence of the other fields.
      deliveryAddress: ((freeText: string) => (parts ? formatAddress(parts, 'en') : freeText))(rand.pick(co.addresses)),
      deliveryAddressParts: parts,
      itemDescription: rand.pick(data.ITEMS),
      deliveryFeeMinor: fee,
      codAmountMinor: paymentMethod === 'cash' ? goods + fee : 0,
      currency: co.currency,
      paymentMethod,
      priority: rand.next() < 0.8 ? 'normal' : rand.next() < 0.7 ? 'high' : 'urgent',
      status,
      createdAt,
      deliveredAt: status === 'delivered' ? new Date(Math.min(now, createdAt.getTime() + rand.int(20, 75) * 60_000)) : null,
      source: 'seed',
    });
  }
  return rows;
}

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
        onDuty: i < 3,
        lastSeenAt: i < 3 ? new Date(now - i * 3 * 60_000) : new Date(now - (i + 1) * 86_400_000),
      }));
    const kwRiders = await tx.insert(riders).values(riderRows(data.FAST_RIDERS, fast!.id, 'KWD', kwRider!.id, 'rider@example.com', '+965')).returning();
    const aeRiders = await tx.insert(riders).values(riderRows(data.EMIRATES_RIDERS, emirates!.id, 'AED', aeRider!.id, 'rider.uae@example.com', '+9715')).returning();
    await seedDocuments(tx, [{ riders: kwRiders, managerId: fastManager!.id }, { riders: aeRiders, managerId: emiratesManager!.id }], now);

    const fastSeed: CompanySeed = { id: fast!.id, currency: 'KWD', riderIds: kwRiders.filter((r) => r.status === 'active').map((r) => r.id), addresses: data.KUWAIT_ADDRESSES, pickups: data.KUWAIT_PICKUPS, phonePrefix: '+965' };
    const emiratesSeed: CompanySeed = { id: emirates!.id, currency: 'AED', riderIds: aeRiders.filter((r) => r.status === 'active').map((r) => r.id), addresses: data.UAE_ADDRESSES, pickups: data.UAE_PICKUPS, phonePrefix: '+9715' };
    const allOrders = [...buildOrders(rand, fastSeed, 130, now), ...buildOrders(rand, emiratesSeed, 110, now)];
    const insertedOrders: SeedCashOrder[] = [];
    for (let i = 0; i < allOrders.length; i += 100) {
      const inserted = await tx.insert(orders).values(allOrders.slice(i, i + 100)).returning();
      await tx.insert(orderStatusEvents).values(inserted.flatMap((o) => timeline(o, now)));
      insertedOrders.push(...inserted);
    }

    // Riders have handed over most of their cash; the rest is on hand, some awaiting the company's count:
    // posted to the cash ledger as the app posts it (seed-cash.ts).
    const managerOf = (companyId: string) => (companyId === fast!.id ? fastManager!.id : emiratesManager!.id);
    await seedCash(tx, [...kwRiders, ...aeRiders], insertedOrders, managerOf, now);

    // A trail of today's pings for the riders on duty.
    const pings: (typeof locationPings.$inferInsert)[] = [];
    for (const [list, centre] of [[kwRiders, data.KUWAIT_CENTRE], [aeRiders, data.DUBAI_CENTRE]] as const) {
      for (const r of list.filter((x) => x.onDuty)) {
        let { lat, lng } = centre;
        for (let k = 24; k >= 0; k--) {
          lat += (rand.next() - 0.5) * 0.01;
          lng += (rand.next() - 0.5) * 0.01;
          pings.push({ riderId: r.id, lat, lng, accuracyM: rand.int(5, 25), recordedAt: new Date(now - k * 5 * 60_000 - 60_000) });
        }
      }
    }
    await tx.insert(locationPings).values(pings);

    // Riders on duty have an open shift that started this morning.
    const onDuty = [...kwRiders, ...aeRiders].filter((r) => r.onDuty);
    await tx.insert(dutyShifts).values(
      onDuty.map((r, i) => ({ riderId: r.id, startedAt: new Date(now - (3 + i) * 3_600_000), startOdometerKm: 40_000 + i * 7_919 })),
    );

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
