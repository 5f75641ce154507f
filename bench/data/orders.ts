/**
 * The scale data set's orders: `n` over the 730 days before --now, in creation order, the daily volume growing
 * from 0.6× to 1.4× of the mean and following the hours of a Gulf day (quiet nights, lunch and dinner peaks).
 * Each goes to a company by its share (bench/data/fleet.ts) and to one of its riders employed at the time (an
 * on-duty rider whose shift had begun, for the last hours). Finished orders are 89 % delivered, 6 % cancelled,
 * 5 % failed; the last hour or so is still pending, assigned or picked up. Fees and cash-on-delivery amounts as
 * the demo seed makes them (db/seed.ts): KWD 0.500–3.000 in 250-fils steps, AED 5–25; 55 % cash. Delivered cash
 * orders post their collection (bench/data/cash.ts). Order status events are not written: no dashboard or API
 * page measured reads them.
 */
import * as seedData from '../../db/seed-data';
import { formatAddress } from '../../src/shared/gulf/format';
import { divisionOf } from '../../src/shared/gulf/areas';
import type { AddressParts } from '../../src/shared/schemas/address';
import { DAY_MS } from '../../src/shared/time';
import type { BulkTable, Loader } from './bulk';
import { CashBook, MAX_DELIVERY_MS } from './cash';
import type { Fleet, PlannedCompany } from './fleet';
import { FAILURE_REASONS, HOUR_WEIGHTS, mobileNumber, type Hub } from './places';
import { apportion, prng, type Rand } from './random';

const DAYS = 730;
const MIN = 60_000;
/** Orders this recent go to a rider on duty now. */
const ON_SHIFT_MS = 6 * 3_600_000;

const COLUMNS = [
  'id', 'company_id', 'rider_id', 'customer_name', 'customer_phone', 'customer_email', 'pickup_address', 'delivery_address', 'delivery_address_parts',
  'item_description', 'delivery_fee_minor', 'cod_amount_minor', 'currency', 'payment_method', 'priority', 'status', 'notes', 'tracking_code',
  'recipient_name', 'delivery_pin', 'pin_verified', 'failure_reason', 'source', 'created_by', 'created_at', 'delivered_at', 'updated_at',
];

/** Half the deliveries go to structured addresses (issue 8) in the company's governorate or emirate. */
function structuredAddresses(r: Rand, hub: Hub, code: 'KW' | 'AE'): { text: string; json: string }[] {
  const areas = divisionOf(code, hub.division)!.areas;
  return Array.from({ length: 48 }, () => {
    const [area] = r.pick(areas);
    const pin = r.chance(0.5) ? { pin: { lat: +(hub.lat + r.between(-0.03, 0.03)).toFixed(5), lng: +(hub.lng + r.between(-0.03, 0.03)).toFixed(5) } } : {};
    const parts: AddressParts =
      code === 'KW'
        ? { country: 'KW', governorate: hub.division, area, block: String(r.int(1, 12)), street: String(r.int(1, 150)), building: String(r.int(1, 90)), floor: r.chance(0.5) ? String(r.int(1, 12)) : '', flat: r.chance(0.5) ? String(r.int(1, 30)) : '', paci: r.chance(0.3) ? String(r.int(10_000_000, 99_999_999)) : '', landmark: '', ...pin }
        : { country: 'AE', emirate: hub.division, area, street: String(r.int(1, 60)), building: `Building ${r.int(1, 120)}`, makani: r.chance(0.3) ? String(r.int(1_000_000_000, 9_999_999_999)) : '', landmark: '', ...pin };
    return { text: formatAddress(parts, 'en'), json: JSON.stringify(parts) };
  });
}

/** `count` instants in [from, from + 1 day), sorted, drawn by the hour of the Kuwait day. */
function dayTimes(r: Rand, from: number, count: number): number[] {
  const out: number[] = [];
  while (out.length < count) {
    const t = from + Math.floor(r.next() * DAY_MS);
    const hour = Math.floor(((t + 3 * 3_600_000) % DAY_MS) / 3_600_000);
    if (r.next() < HOUR_WEIGHTS[hour]!) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

export function writeOrders(tx: Loader, fleet: Fleet, n: number, seed: number, now: number): BulkTable[] {
  const r = prng(seed, 'orders');
  const from = now - DAYS * DAY_MS;
  const orders = tx.table('orders', COLUMNS);
  const cash = new CashBook(tx, fleet, prng(seed, 'cash'), from, now);
  const cumulative: number[] = [];
  fleet.companies.reduce((s, c) => (cumulative.push(s + c.share), s + c.share), 0);
  /** The company whose stretch of the cumulative shares holds `u` (binary search). */
  const companyAt = (u: number) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > u) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const addresses = new Map<PlannedCompany, { text: string; json: string }[]>();
  const emails = seedData.CUSTOMER_NAMES.map((name) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`);
  const shiftStart = (i: number) => now - fleet.riders[i]!.pings * 10_000 - fleet.riders[i]!.phaseMs;
  const onDuty = fleet.companies.map((c) => c.riders.filter((i) => fleet.riders[i]!.onDuty));
  const employed = (i: number, t: number) => {
    const p = fleet.riders[i]!;
    return now - p.joinedAgoMs <= t && (p.status === 'active' || t <= now - p.leftAgoMs);
  };
  /** A rider of the company at `t`, or null when none is (yet, or any more). */
  const riderAt = (ci: number, t: number): number | null => {
    const recent = now - t < ON_SHIFT_MS ? onDuty[ci]!.filter((i) => shiftStart(i) <= t) : [];
    if (recent.length) return r.pick(recent);
    const list = fleet.companies[ci]!.riders;
    for (let k = 0; k < 12; k++) {
      const i = r.pick(list);
      if (employed(i, t)) return i;
    }
    return null;
  };

  const perDay = apportion(n, Array.from({ length: DAYS }, (_, d) => 0.6 + (0.8 * (d + 0.5)) / DAYS));
  for (let d = 0; d < DAYS; d++) {
    for (const t of dayTimes(r, from + d * DAY_MS, perDay[d]!)) {
      cash.reach(t);
      const ci = companyAt(r.next() * cumulative.at(-1)!);
      const company = fleet.companies[ci]!;
      const { country } = company;
      const kw = country.code === 'KW';
      let pool = addresses.get(company);
      if (!pool) addresses.set(company, (pool = structuredAddresses(r, company.hub, country.code)));

      // Assigned within minutes, picked up, delivered: within MAX_DELIVERY_MS of creation, always.
      const assignedAt = t + r.int(1, 8) * MIN;
      const pickedAt = assignedAt + r.int(8, 25) * MIN;
      const doneAt = pickedAt + r.int(10, 45) * MIN;
      if (doneAt - t > MAX_DELIVERY_MS) throw new Error('delivery window longer than the cash book allows');
      let rider = riderAt(ci, t);
      let status: string;
      let updatedAt: number;
      if (doneAt > now) {
        status = now < assignedAt || rider === null ? 'pending' : now < pickedAt ? 'assigned' : 'picked_up';
        updatedAt = status === 'pending' ? t : status === 'assigned' ? assignedAt : pickedAt;
      } else {
        const roll = r.next();
        status = rider === null ? 'cancelled' : roll < 0.89 ? 'delivered' : roll < 0.95 ? 'cancelled' : 'failed';
        // Half the cancellations come before a rider is assigned.
        if (status === 'cancelled' && r.chance(0.5)) rider = null;
        updatedAt = status === 'cancelled' ? (rider === null ? t + r.int(5, 30) * MIN : pickedAt) : doneAt;
      }
      if (status === 'pending') rider = null;
      const delivered = status === 'delivered';

      const fee = kw ? r.int(2, 12) * 250 : r.int(5, 25) * 100;
      const method = r.chance(0.55) ? 'cash' : r.chance(0.7) ? 'card' : 'prepaid';
      const goods = kw ? r.int(1, 40) * 500 : r.int(20, 400) * 100;
      const cod = method === 'cash' ? goods + fee : 0;
      const name = r.int(0, seedData.CUSTOMER_NAMES.length - 1);
      const structured = r.chance(0.5) ? r.pick(pool) : null;
      const free = r.pick(kw ? seedData.KUWAIT_ADDRESSES : seedData.UAE_ADDRESSES);
      const id = r.id();
      const riderId = rider === null ? null : fleet.riders[rider]!.id;
      orders.add([
        id, company.id, riderId, seedData.CUSTOMER_NAMES[name]!, mobileNumber(country, r), emails[name]!,
        r.pick(kw ? seedData.KUWAIT_PICKUPS : seedData.UAE_PICKUPS), structured?.text ?? free, structured?.json ?? null,
        r.pick(seedData.ITEMS), fee, cod, country.currency, method, r.chance(0.8) ? 'normal' : r.chance(0.7) ? 'high' : 'urgent', status, '', r.hex(12),
        delivered ? seedData.CUSTOMER_NAMES[name]! : null, String(r.int(0, 9999)).padStart(4, '0'), delivered && r.chance(0.7) ? 1 : 0,
        status === 'failed' ? r.pick(FAILURE_REASONS) : null, r.chance(0.85) ? 'form' : 'import', company.manager.id, t, delivered ? doneAt : null, updatedAt,
      ]);
      if (delivered && cod > 0 && rider !== null) cash.collect(rider, id, cod, doneAt);
    }
  }
  return [orders.end(), ...cash.end()];
}
