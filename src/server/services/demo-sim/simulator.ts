import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, companyMembers, dutyShifts, orders, riders, users } from '../../../../db/schema';
import * as data from '../../../../db/seed-data';
import { cityOf, placeOf, ROADS, type City } from '../../../../db/seed-places';
import { prng, type Rand } from '../../../../db/seed-random';
import { lengthKm, pointAlong, route, SPEED_KMH } from '../../../../db/seed-route';
import { distanceKm, type LatLng } from '../../../shared/geo';
import { DomainError } from '../../errors';
import { log } from '../../log';
import { createOrder } from '../admin-create';
import { endDuty, startDuty } from '../duty';
import { recordLocation } from '../locations';
import { assignOrder, transitionOrder } from '../order-lifecycle';

/**
 * The demo simulator (issue 21): keeps the demo companies alive. Each step, every seeded rider on duty moves
 * along the roads (db/seed-places.ts) towards their next stop and sends a ping through the same ingest as
 * the rider app (services/locations.ts); a rider without a sign-in account also picks up and delivers their
 * orders on arrival, and is given the company's waiting orders, through the order-lifecycle service as a
 * manager would; now and then a new order comes in (admin-create.ts). Shifts end after 8 hours and a rested
 * rider starts one (services/duty.ts), so the working rules and the HR figures stay true.
 *
 * Riders with a sign-in account (the demo rider accounts) are moved but their orders are left to whoever
 * signs in; when such a rider sends a ping of their own, the simulator leaves them alone for 15 minutes.
 * Only orders the seed or the simulator made are touched: a visitor's own orders are theirs to assign.
 */
export interface StepReport {
  pings: number;
  assigned: number;
  pickedUp: number;
  delivered: number;
  created: number;
  shiftsEnded: number;
  shiftsStarted: number;
}

interface Leg {
  key: string;
  line: LatLng[];
  km: number;
  at: number;
}

const MIN = 60_000;
const HAND_OFF_MS = 15 * MIN;
const SHIFT_MS = 8 * 60 * MIN;
const REST_MS = 8 * 60 * MIN;
const ON_DUTY_TARGET = 3;
const DEMO_SOURCES = ['seed', 'demo'];

type Rider = typeof riders.$inferSelect;
type Order = typeof orders.$inferSelect;

export interface DemoSimulator {
  step(now: Date): Promise<StepReport>;
}

export function createDemoSimulator(db: Db, opts: { seed?: number; maxStepMs?: number } = {}): DemoSimulator {
  const rand: Rand = prng(opts.seed ?? 211);
  const legs = new Map<string, Leg>();
  const ourPing = new Map<string, number>();
  const handedOff = new Map<string, number>();
  /** Kilometres ridden in the current shift, for its end odometer reading. */
  const ridden = new Map<string, number>();
  let lastStep: number | null = null;

  async function demoCompanies() {
    return db
      .select({ id: companies.id, currency: companies.currency, managerId: users.id })
      .from(companies)
      .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
      .innerJoin(users, and(eq(users.id, companyMembers.userId), eq(users.email, companies.email)))
      .where(inArray(companies.email, [...data.DEMO_MANAGER_EMAILS]));
  }

  /** Where an order's stop is; an address the demo does not know lies near the depot. */
  const stopOf = (city: City, text: string, parts: unknown, id: string): LatLng => {
    const known = placeOf(text, parts);
    if (known) return known;
    const d = ROADS[city].depot;
    const h = [...id].reduce((n, c) => (n * 31 + c.charCodeAt(0)) >>> 0, 7);
    return { lat: d.lat + ((h % 200) - 100) * 0.0002, lng: d.lng + (((h >> 8) % 200) - 100) * 0.0002 };
  };

  /** Moves the rider along the leg to `target` by `ms` of riding; true when arrived. */
  function advance(r: Rider, city: City, key: string, target: LatLng, ms: number, now: number): { pos: LatLng; arrived: boolean } {
    const here = r.lastLat !== null && r.lastLng !== null ? { lat: r.lastLat, lng: r.lastLng } : ROADS[city].depot;
    let leg = legs.get(r.id);
    if (!leg || leg.key !== key) {
      const line = route(city, here, target);
      leg = { key, line, km: 0, at: now };
      legs.set(r.id, leg);
    }
    const total = lengthKm(leg.line);
    const before = leg.km;
    leg.km = Math.min(total, leg.km + ((SPEED_KMH[r.vehicleType] ?? 25) * ms) / 3_600_000);
    ridden.set(r.id, (ridden.get(r.id) ?? 0) + leg.km - before);
    const pos = pointAlong(leg.line, leg.km);
    return { pos, arrived: leg.km >= total || distanceKm(pos, target) < 0.03 };
  }

  async function tryIt<T>(what: string, fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      // A working rule, a cash limit, an expired licence or a visitor's change: the demo just moves on.
      if (err instanceof DomainError) return null;
      log.warn(`demo simulator: ${what} failed`, err);
      return null;
    }
  }

  async function step(nowDate: Date): Promise<StepReport> {
    const now = nowDate.getTime();
    const report: StepReport = { pings: 0, assigned: 0, pickedUp: 0, delivered: 0, created: 0, shiftsEnded: 0, shiftsStarted: 0 };
    const ms = Math.min(opts.maxStepMs ?? MIN, lastStep === null ? 15_000 : Math.max(0, now - lastStep));
    lastStep = now;
    for (const co of await demoCompanies()) {
      const city = cityOf(co.currency);
      const scope = { actorId: co.managerId, companyId: co.id };
      const fleet = await db.select().from(riders).where(and(eq(riders.companyId, co.id), eq(riders.status, 'active'))).orderBy(asc(riders.createdAt));
      const open = await db
        .select()
        .from(orders)
        .where(and(eq(orders.companyId, co.id), inArray(orders.status, ['pending', 'assigned', 'picked_up']), inArray(orders.source, DEMO_SOURCES)))
        .orderBy(asc(orders.createdAt));
      const idle: Rider[] = [];
      const arrivals: Order[] = [];
      const pings: Promise<unknown>[] = [];
      for (const r of fleet.filter((x) => x.onDuty)) {
        const seen = r.lastSeenAt?.getTime() ?? 0;
        if (seen > (ourPing.get(r.id) ?? Infinity)) handedOff.set(r.id, seen);
        if (now - (handedOff.get(r.id) ?? -Infinity) < HAND_OFF_MS) continue;
        const mine = open.filter((o) => o.riderId === r.id);
        const next: Order | undefined = mine.find((o) => o.status === 'picked_up') ?? mine.find((o) => o.status === 'assigned');
        const target = next ? (next.status === 'picked_up' ? stopOf(city, next.deliveryAddress, next.deliveryAddressParts, next.id) : stopOf(city, next.pickupAddress, next.pickupAddressParts, next.id)) : ROADS[city].depot;
        const { pos, arrived } = advance(r, city, next ? `${next.id}:${next.status}` : 'depot', target, ms, now);
        // All of a step's pings at once: the ingest's writer commits them together.
        pings.push(recordLocation(db, r.id, { lat: pos.lat, lng: pos.lng, accuracy: rand.int(4, 15), recordedAt: now }, undefined, nowDate));
        ourPing.set(r.id, now);
        if (r.userId) continue;
        if (!next) idle.push(r);
        else if (arrived) arrivals.push(next);
      }
      await Promise.all(pings);
      report.pings += pings.length;
      for (const o of arrivals) {
        if (!(await tryIt('order', () => transitionOrder(db, scope, o.id, o.status === 'picked_up' ? 'delivered' : 'picked_up', nowDate)))) continue;
        if (o.status === 'picked_up') report.delivered++;
        else report.pickedUp++;
      }
      // Waiting orders go to riders with nothing to do, the oldest first.
      const waiting = open.filter((o) => o.status === 'pending' && now - o.createdAt.getTime() > MIN);
      for (const r of idle) {
        const o = waiting.shift();
        if (!o) break;
        if (await tryIt('assign', () => assignOrder(db, scope, o.id, r.id, nowDate))) report.assigned++;
      }
      if (open.filter((o) => o.status === 'pending').length < 2 && rand.next() < ms / (4 * MIN)) {
        if (await tryIt('create', () => newOrder(co, nowDate))) report.created++;
      }
      await rotateShifts(fleet, open, now, nowDate, report);
    }
    return report;
  }

  async function newOrder(co: { id: string; currency: string; managerId: string }, now: Date) {
    const kw = co.currency === 'KWD';
    const cash = rand.next() < 0.6;
    const amount = kw ? rand.int(2, 30) : rand.int(30, 300);
    return createOrder(
      db,
      co.managerId,
      co.id,
      {
        customerName: rand.pick(data.CUSTOMER_NAMES),
        customerPhone: kw ? `+965${rand.int(50_000_000, 99_999_999)}` : `+9715${rand.int(10_000_000, 99_999_999)}`,
        customerEmail: '',
        pickupAddress: rand.pick(kw ? data.KUWAIT_PICKUPS : data.UAE_PICKUPS),
        deliveryAddress: rand.pick(kw ? data.KUWAIT_ADDRESSES : data.UAE_ADDRESSES),
        itemDescription: rand.pick(data.ITEMS),
        deliveryFee: kw ? rand.int(2, 12) * 0.25 : rand.int(5, 25),
        codAmount: cash ? amount : 0,
        currency: kw ? 'KWD' : 'AED',
        priority: 'normal',
        notes: '',
      },
      { now, source: 'demo' },
    );
  }

  /** Ends shifts 8 hours old (once the rider's orders are done) and starts a rested rider's, up to three on duty. */
  async function rotateShifts(fleet: Rider[], open: Order[], now: number, nowDate: Date, report: StepReport) {
    let onDuty = fleet.filter((r) => r.onDuty).length;
    for (const r of fleet.filter((x) => x.onDuty && !x.userId)) {
      const [shift] = await db.select().from(dutyShifts).where(and(eq(dutyShifts.riderId, r.id), isNull(dutyShifts.endedAt))).orderBy(desc(dutyShifts.startedAt)).limit(1);
      if (!shift || now - shift.startedAt.getTime() < SHIFT_MS || open.some((o) => o.riderId === r.id && o.status !== 'pending')) continue;
      const km = Math.max(1, Math.ceil(ridden.get(r.id) ?? 0));
      if (await tryIt('end duty', () => endDuty(db, r.id, { endOdometerKm: (shift.startOdometerKm ?? 0) + km }, nowDate))) {
        report.shiftsEnded++;
        onDuty--;
        legs.delete(r.id);
        ridden.delete(r.id);
      }
    }
    for (const r of fleet.filter((x) => !x.onDuty && !x.userId)) {
      if (onDuty >= ON_DUTY_TARGET) break;
      const [last] = await db.select().from(dutyShifts).where(eq(dutyShifts.riderId, r.id)).orderBy(desc(dutyShifts.startedAt)).limit(1);
      if (last && (last.endedAt === null || now - last.endedAt.getTime() < REST_MS)) continue;
      const startKm = (last?.endOdometerKm ?? last?.startOdometerKm ?? 40_000) + rand.int(1, 6);
      if (await tryIt('start duty', () => startDuty(db, r.id, { startOdometerKm: startKm }, nowDate))) {
        report.shiftsStarted++;
        onDuty++;
      }
    }
  }

  return { step };
}
