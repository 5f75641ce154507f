import type { VehicleType } from '../src/shared/compliance/rules';
import { formatAddress } from '../src/shared/gulf/format';
import type { Currency } from '../src/shared/money';
import type { RegionId } from '../src/shared/regions';
import type { AddressParts } from '../src/shared/schemas/address';
import { newId, type orders, type orderStatusEvents } from './schema';
import * as data from './seed-data';
import { placeOf, ROADS, type City } from './seed-places';
import type { ShiftPlan } from './seed-shifts';
import { nextTrip, outcomeAt, type ShiftCursor, type Trip, type TripContext } from './seed-trips';

type OrderRow = typeof orders.$inferInsert & { id: string };
type EventRow = typeof orderStatusEvents.$inferInsert;
type Rand = TripContext['rand'] & { pick: <T>(list: readonly T[]) => T };

export interface CompanySeed {
  id: string;
  currency: Currency;
  region: RegionId;
  city: City;
  addresses: readonly string[];
  pickups: readonly string[];
  phonePrefix: string;
  /** Active riders and their vehicles. */
  vehicles: Map<string, VehicleType>;
}

const MIN = 60_000;
const FAILURES = ['Customer not answering the phone', 'Wrong address, customer unreachable', 'Customer refused the parcel'];

/** The fields of an order that do not depend on when and by whom it was delivered (drawn as before issue 21). */
function customerOrder(rand: Rand, co: CompanySeed, i: number, structuredOk: boolean, cash = false) {
  const fee = co.currency === 'KWD' ? rand.int(2, 12) * 250 : rand.int(5, 25) * 100;
  const drawn: OrderRow['paymentMethod'] = rand.next() < 0.6 ? 'cash' : rand.next() < 0.7 ? 'card' : 'prepaid';
  const paymentMethod = cash ? 'cash' : drawn;
  const goods = co.currency === 'KWD' ? rand.int(1, 40) * 500 : rand.int(20, 400) * 100;
  const customerName = rand.pick(data.CUSTOMER_NAMES);
  // Every tenth order (from the fourth) delivers to a structured address, except today's finished ones.
  const partsList: readonly AddressParts[] = co.currency === 'KWD' ? data.KUWAIT_ADDRESS_PARTS : data.UAE_ADDRESS_PARTS;
  const parts = structuredOk && i % 10 === 3 ? partsList[Math.floor(i / 10) % partsList.length]! : null;
  const pickupAddress = rand.pick(co.pickups);
  const freeText = rand.pick(co.addresses);
  const deliveryAddress = parts ? formatAddress(parts, 'en') : freeText;
  return {
    row: {
      id: newId(),
      companyId: co.id,
      customerName,
      customerPhone: `${co.phonePrefix}${rand.int(10_000_000, 99_999_999)}`.slice(0, co.phonePrefix.length + (co.currency === 'KWD' ? 8 : 9)),
      customerEmail: `${customerName.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      pickupAddress,
      deliveryAddress,
      deliveryAddressParts: parts,
      itemDescription: rand.pick(data.ITEMS),
      deliveryFeeMinor: fee,
      codAmountMinor: paymentMethod === 'cash' ? goods + fee : 0,
      currency: co.currency,
      paymentMethod,
      priority: rand.next() < 0.8 ? 'normal' : rand.next() < 0.7 ? 'high' : 'urgent',
      source: 'seed',
    } satisfies Partial<OrderRow>,
    pickup: placeOf(pickupAddress) ?? ROADS[co.city].depot,
    drop: placeOf(deliveryAddress, parts) ?? placeOf(freeText) ?? ROADS[co.city].depot,
  };
}

/** An order row and its timeline from a trip. */
function fromTrip(base: ReturnType<typeof customerOrder>['row'], trip: Trip, now: number, rand: Rand): { row: OrderRow; events: EventRow[] } {
  const status = outcomeAt(trip, now);
  const createdAt = new Date(trip.assignedAt - rand.int(2, 12) * MIN);
  const events: EventRow[] = [
    { orderId: base.id, status: 'pending', at: createdAt },
    { orderId: base.id, status: 'assigned', riderId: trip.riderId, at: new Date(trip.assignedAt) },
  ];
  if (status !== 'assigned' && status !== 'cancelled') events.push({ orderId: base.id, status: 'picked_up', riderId: trip.riderId, at: new Date(trip.pickedUpAt) });
  if (status === 'delivered' || status === 'failed' || status === 'cancelled') events.push({ orderId: base.id, status, riderId: trip.riderId, at: new Date(trip.doneAt) });
  const delivered = status === 'delivered';
  return {
    row: {
      ...base,
      riderId: trip.riderId,
      status,
      createdAt,
      updatedAt: events.at(-1)!.at,
      deliveredAt: delivered ? new Date(trip.doneAt) : null,
      recipientName: delivered ? base.customerName : null,
      pinVerified: delivered && rand.next() < 0.8,
      failureReason: status === 'failed' ? rand.pick(FAILURES) : null,
    },
    events,
  };
}

/**
 * One company's `totalOrders` demo orders: those not made today spread over its finished shifts (90% delivered, 6% cancelled —
 * half before a rider was given, half after —, 4% failed at the door), today's trips of the riders on
 * duty up to `now` (delivered, one under way, sometimes one more waiting), and a few new orders waiting
 * for a rider. Returns the rows, their timelines and the trips (for the pings).
 */
export function buildOrders(rand: Rand, co: CompanySeed, shifts: readonly ShiftPlan[], totalOrders: number, now: number) {
  const ctx: TripContext = { city: co.city, region: co.region, rand };
  const depot = ROADS[co.city].depot;
  const cursor = (shift: ShiftPlan): ShiftCursor => ({ shift, vehicle: co.vehicles.get(shift.riderId) ?? 'motorcycle', at: shift.start, pos: depot });
  const ended = shifts.filter((s) => s.end !== null).map(cursor);
  const rows: OrderRow[] = [];
  const events: EventRow[] = [];
  const trips: Trip[] = [];
  const add = (o: { row: OrderRow; events: EventRow[] }, trip?: Trip) => {
    rows.push(o.row);
    events.push(...o.events);
    if (trip) trips.push(trip);
  };
  const unassigned = (base: ReturnType<typeof customerOrder>['row'], createdAt: number, cancelled: boolean) => {
    const at = new Date(createdAt);
    const done = new Date(createdAt + 15 * MIN);
    add({
      row: { ...base, riderId: null, status: cancelled ? 'cancelled' : 'pending', createdAt: at, updatedAt: cancelled ? done : at, deliveredAt: null },
      events: [{ orderId: base.id, status: 'pending', at }, ...(cancelled ? [{ orderId: base.id, status: 'cancelled' as const, at: done }] : [])],
    });
  };

  // Today, riders on duty: one trip after another up to now.
  let n = 1000;
  for (const c of shifts.filter((s) => s.end === null).map(cursor)) {
    // The day's first order is paid in cash: every rider on duty has cash on hand to hand over.
    for (let first = true; ; first = false) {
      const o = customerOrder(rand, co, n++, false, first);
      const trip = nextTrip(ctx, c, o.pickup, o.drop, 'delivered', rand.int(5, 30), now);
      if (!trip) break;
      add(fromTrip(o.row, trip, now, rand), trip);
      if (outcomeAt(trip, now) === 'delivered') continue;
      // Under way; sometimes the next one is already waiting for the rider (no riding yet).
      if (rand.next() < 0.5) {
        const next = customerOrder(rand, co, n++, true);
        const at = now - rand.int(1, 8) * MIN;
        const queued: Trip = { ...trip, outcome: 'assigned', from: null, pickup: next.pickup, drop: next.drop, assignedAt: at, atPickup: now + 60 * MIN, pickedUpAt: now + 60 * MIN, atDrop: now + 90 * MIN, doneAt: now + 95 * MIN };
        add(fromTrip(next.row, queued, now, rand), queued);
      }
      break;
    }
  }
  // New orders waiting for a rider.
  for (let k = rand.int(2, 3); k > 0; k--) unassigned(customerOrder(rand, co, n++, true).row, now - rand.int(3, 40) * MIN, false);
  // The rest of the company's orders, in its finished shifts.
  for (let i = 0; rows.length < totalOrders; i++) {
    const o = customerOrder(rand, co, i, true);
    const roll = rand.next();
    const outcome = roll < 0.9 ? 'delivered' : roll < 0.96 ? 'cancelled' : 'failed';
    const home = rand.pick(ended);
    if (outcome === 'cancelled' && rand.next() < 0.5) {
      unassigned(o.row, home.shift.start + rand.int(30, 300) * MIN, true);
      continue;
    }
    let trip: Trip | null = null;
    for (let k = 0; k < 12 && !trip; k++) trip = nextTrip(ctx, k === 0 ? home : rand.pick(ended), o.pickup, o.drop, outcome, rand.int(10, 90), now);
    if (trip) add(fromTrip(o.row, trip, now, rand), trip);
    else unassigned(o.row, home.shift.start + rand.int(30, 300) * MIN, true);
  }

  return { rows, events, trips };
}
