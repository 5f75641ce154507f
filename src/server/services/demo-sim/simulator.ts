import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, companyMembers, dutyShifts, orders, riders, users } from '../../../../db/schema';
import { cashLimitOf } from '../../../shared/cash/limits';
import type { Currency } from '../../../shared/money';
import * as data from '../../../../db/seed-data';
import { cityOf, placeOf, ROADS, type City } from '../../../../db/seed-places';
import { prng, type Rand } from '../../../../db/seed-random';
import { lengthKm, pointAlong, route, SPEED_KMH } from '../../../../db/seed-route';
import { distanceKm, type LatLng } from '../../../shared/geo';
import { DomainError } from '../../errors';
import { log } from '../../log';
import { createOrder } from '../directory';
import { cashLimitState } from '../cash';
import { endBreak, endDuty, startBreak, startDuty } from '../rider';
import { recordLocation } from '../location';
import { riderRulesState } from '../compliance';
import { assignOrder, transitionOrder } from '../orders';
import { handOverAll, shouldHandOver, TAKE_UP_TO } from './cash';
import { breakPlan, openShifts, rulesAllow } from './rhythm';
import { staffActor } from '../access';

/**
 * The demo simulator (issue 21): keeps the demo companies alive. Each step, every seeded rider on duty moves
 * along the roads (db/seed-places.ts) towards their next stop and sends a ping through the same ingest as
 * the rider app (services/location/locations.ts); a rider without a sign-in account also picks up and delivers their
 * orders on arrival, and is given the company's waiting orders, through the order-lifecycle service as a
 * manager would; now and then a new order comes in (admin-create.ts). Shifts end after 8 hours and a rested
 * rider starts one (services/rider/duty.ts), so the working rules and the HR figures stay true.
 *
 * A shift has its rhythm (rhythm.ts): a break of 20–30 minutes about halfway through, taken through the break
 * service when the rider has no order in hand (no pings while on it), and the region's working rules obeyed —
 * in a pause for the rider's vehicle (summer midday ban, iftar) the rider waits where they are, and at the
 * daily maximum of hours takes no new order and ends the shift. Cash is handed over and counted through the
 * verified hand-over (cash.ts) at the end of each shift, and before the rider nears the company's cash limit:
 * a rider with half the limit not yet counted takes no new order, rides to the depot and hands it over there.
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
  breaksStarted: number;
  breaksEnded: number;
  /** Hand-overs counted by the company (each rider's visit counts once). */
  handovers: number;
  /** Riders who waited out a working-rules pause this step. */
  paused: number;
}

export const emptyReport = (): StepReport => ({ pings: 0, assigned: 0, pickedUp: 0, delivered: 0, created: 0, shiftsEnded: 0, shiftsStarted: 0, breaksStarted: 0, breaksEnded: 0, handovers: 0, paused: 0 });

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
  /** Riders at the region's daily maximum of hours: their shift ends once their orders are done. */
  const tired = new Set<string>();
  let lastStep: number | null = null;

  async function demoCompanies() {
    return db
      .select({ id: companies.id, currency: companies.currency, cashLimitMinor: companies.cashLimitMinor, managerId: users.id })
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
    const report = emptyReport();
    const ms = Math.min(opts.maxStepMs ?? MIN, lastStep === null ? 15_000 : Math.max(0, now - lastStep));
    lastStep = now;
    for (const co of await demoCompanies()) {
      const city = cityOf(co.currency);
      const scope = staffActor(co.managerId, co.id);
      const limitMinor = cashLimitOf(co).limitMinor;
      const fleet = await db.select().from(riders).where(and(eq(riders.companyId, co.id), eq(riders.status, 'active'))).orderBy(asc(riders.createdAt));
      const open = await db
        .select()
        .from(orders)
        .where(and(eq(orders.companyId, co.id), inArray(orders.status, ['pending', 'assigned', 'picked_up']), inArray(orders.source, DEMO_SOURCES)))
        .orderBy(asc(orders.createdAt));
      const working = fleet.filter((x) => x.onDuty);
      const shifts = await openShifts(db, working.map((r) => r.id));
      const uncounted = new Map<string, number>();
      const idle: Rider[] = [];
      const arrivals: Order[] = [];
      const handing: Rider[] = [];
      const onBreak = new Set<string>();
      const pings: Promise<unknown>[] = [];
      for (const r of working) {
        const seen = r.lastSeenAt?.getTime() ?? 0;
        if (seen > (ourPing.get(r.id) ?? Infinity)) handedOff.set(r.id, seen);
        if (now - (handedOff.get(r.id) ?? -Infinity) < HAND_OFF_MS) continue;
        const duty = shifts.get(r.id);
        // On a break: no pings; the simulator ends its own riders' breaks when their time is up.
        if (duty?.onBreak) {
          if (r.userId || now - duty.onBreak.startedAt.getTime() < breakPlan(duty.shift.id).lengthMs) {
            onBreak.add(r.id);
            continue;
          }
          if (!(await tryIt('end break', () => endBreak(db, r.id, undefined, nowDate)))) continue;
          report.breaksEnded++;
        }
        const mine = open.filter((o) => o.riderId === r.id);
        const next: Order | undefined = mine.find((o) => o.status === 'picked_up') ?? mine.find((o) => o.status === 'assigned');
        const rules = await rulesAllow(db, r, nowDate);
        // The break, once due, at the first moment without an order in hand, or while a rules pause keeps the rider waiting.
        if (!r.userId && (!next || rules === 'pause') && duty && !duty.hadBreak && now - duty.shift.startedAt.getTime() >= breakPlan(duty.shift.id).dueAfterMs) {
          if (await tryIt('start break', () => startBreak(db, r.id, undefined, nowDate))) {
            report.breaksStarted++;
            onBreak.add(r.id);
            continue;
          }
        }
        if (rules === 'done') tired.add(r.id);
        // In a pause of the working rules the rider waits where they are (still on duty, still pinging).
        const moving = rules !== 'pause';
        if (!moving) report.paused++;
        const target = next ? (next.status === 'picked_up' ? stopOf(city, next.deliveryAddress, next.deliveryAddressParts, next.id) : stopOf(city, next.pickupAddress, next.pickupAddressParts, next.id)) : ROADS[city].depot;
        const { pos, arrived } = advance(r, city, next ? `${next.id}:${next.status}` : 'depot', target, moving ? ms : 0, now);
        // All of a step's pings at once: the ingest's writer commits them together.
        pings.push(recordLocation(db, r.id, { lat: pos.lat, lng: pos.lng, accuracy: rand.int(4, 15), recordedAt: now }, undefined, nowDate));
        ourPing.set(r.id, now);
        if (r.userId || !moving) continue;
        if (next) {
          if (arrived) arrivals.push(next);
          continue;
        }
        const cash = await cashLimitState(db, r.id, nowDate);
        uncounted.set(r.id, cash.uncountedMinor);
        if (shouldHandOver(cash, now)) {
          // Near the limit or the hold time: no new order; the cash is handed over on reaching the depot.
          if (arrived) handing.push(r);
        } else if (rules === 'ride') idle.push(r);
      }
      await Promise.all(pings);
      report.pings += pings.length;
      for (const o of arrivals) {
        if (!(await tryIt('order', () => transitionOrder(db, scope, o.id, o.status === 'picked_up' ? 'delivered' : 'picked_up', nowDate)))) continue;
        if (o.status === 'picked_up') report.delivered++;
        else report.pickedUp++;
      }
      for (const r of handing) {
        if (await tryIt('hand over', () => handOverAll(db, r.id, co.currency, scope, nowDate))) report.handovers++;
      }
      // Waiting orders go to riders with nothing to do, the oldest first; a cash order only to a rider it keeps well under the limit.
      const waiting = open.filter((o) => o.status === 'pending' && now - o.createdAt.getTime() > MIN);
      for (const r of idle) {
        const i = waiting.findIndex((o) => o.paymentMethod !== 'cash' || (uncounted.get(r.id) ?? 0) + o.codAmountMinor <= TAKE_UP_TO * limitMinor);
        if (i < 0) continue;
        const [o] = waiting.splice(i, 1);
        if (await tryIt('assign', () => assignOrder(db, scope, o!.id, r.id, nowDate))) report.assigned++;
      }
      if (open.filter((o) => o.status === 'pending').length < 2 && rand.next() < ms / (4 * MIN)) {
        if (await tryIt('create', () => newOrder(co, nowDate))) report.created++;
      }
      await rotateShifts(co, fleet, open, onBreak, now, nowDate, report);
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

  /**
   * Ends shifts 8 hours old, or at the daily maximum of hours, once the rider's orders and break are done, after the rider
   * hands over the cash; then starts the longest-rested riders' shifts, up to three on duty.
   */
  async function rotateShifts(co: { id: string; currency: Currency; managerId: string }, fleet: Rider[], open: Order[], onBreak: Set<string>, now: number, nowDate: Date, report: StepReport) {
    const scope = staffActor(co.managerId, co.id);
    let onDuty = fleet.filter((r) => r.onDuty).length;
    for (const r of fleet.filter((x) => x.onDuty && !x.userId && !onBreak.has(x.id))) {
      const [shift] = await db.select().from(dutyShifts).where(and(eq(dutyShifts.riderId, r.id), isNull(dutyShifts.endedAt))).orderBy(desc(dutyShifts.startedAt)).limit(1);
      if (!shift || (now - shift.startedAt.getTime() < SHIFT_MS && !tired.has(r.id)) || open.some((o) => o.riderId === r.id && o.status !== 'pending')) continue;
      if (await tryIt('hand over', () => handOverAll(db, r.id, co.currency, scope, nowDate))) report.handovers++;
      const km = Math.max(1, Math.ceil(ridden.get(r.id) ?? 0));
      if (await tryIt('end duty', () => endDuty(db, r.id, { endOdometerKm: (shift.startOdometerKm ?? 0) + km }, nowDate))) {
        report.shiftsEnded++;
        onDuty--;
        legs.delete(r.id);
        ridden.delete(r.id);
        tired.delete(r.id);
      }
    }
    const resting = fleet.filter((x) => !x.onDuty && !x.userId);
    if (onDuty >= ON_DUTY_TARGET || resting.length === 0) return;
    const lastShifts = await db.select().from(dutyShifts).where(inArray(dutyShifts.riderId, resting.map((r) => r.id))).orderBy(desc(dutyShifts.startedAt));
    const lastOf = (id: string) => lastShifts.find((s) => s.riderId === id);
    const restedSince = (id: string) => lastOf(id)?.endedAt?.getTime() ?? (lastOf(id) ? Infinity : -Infinity);
    for (const r of resting.sort((a, b) => restedSince(a.id) - restedSince(b.id))) {
      if (onDuty >= ON_DUTY_TARGET) break;
      const last = lastOf(r.id);
      if (last && (last.endedAt === null || now - last.endedAt.getTime() < REST_MS)) continue;
      // Only a whole shift: one the region's daily maximum of hours would cut short waits for the next day.
      if ((await riderRulesState(db, r, nowDate)).verdict.hours.remainingMinutes < SHIFT_MS / MIN) continue;
      const startKm = (last?.endOdometerKm ?? last?.startOdometerKm ?? 40_000) + rand.int(1, 6);
      if (await tryIt('start duty', () => startDuty(db, r.id, { startOdometerKm: startKm }, nowDate))) {
        report.shiftsStarted++;
        onDuty++;
        // startDuty marks the rider seen: that is the simulator's doing, not the rider's phone.
        ourPing.set(r.id, now);
      }
    }
  }

  return { step };
}
