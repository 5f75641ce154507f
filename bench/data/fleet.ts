/**
 * The scale data set's companies, riders and accounts: planned first (deterministic from the seed, no clock:
 * times are kept as "ago"), then written. Company sizes are Zipf-like (1/rank^0.8), so the biggest of 200 holds
 * ~10 % of the riders and the smallest a few dozen; the orders follow the same shares (bench/data/orders.ts).
 * Two companies of every five work in the UAE (AED), three in Kuwait (KWD).
 */
import { SESSION_TTL_MS } from '../../src/server/services/identity';
import { sessionIdFromToken } from '../../src/server/auth/tokens';
import { DAY_MS } from '../../src/shared/time';
import type { BulkTable, Loader } from './bulk';
import { COMPANY_KINDS, COMPANY_WORDS, FIRST_NAMES, KUWAIT, LAST_NAMES, mobileNumber, UAE, VEHICLES, type Country, type Hub } from './places';
import { apportion, prng } from './random';

export interface FleetSize {
  companies: number;
  riders: number;
  orders: number;
  pings: number;
  /** Riders given a login (at most the riders there are). */
  riderUsers: number;
}

export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  token: string;
}

export interface PlannedCompany {
  id: string;
  name: string;
  country: Country;
  hub: Hub;
  /** Its share of the orders (the Zipf weight, normalised). */
  share: number;
  manager: Account;
  /** Indexes into Fleet.riders. */
  riders: number[];
  createdAgoMs: number;
}

export interface PlannedRider {
  id: string;
  company: number;
  name: string;
  email: string;
  phone: string;
  vehicle: string;
  license: string;
  status: 'active' | 'inactive' | 'suspended';
  onDuty: boolean;
  /** When the rider joined, and (not active) left; orders and shifts only fall in between. */
  joinedAgoMs: number;
  leftAgoMs: number;
  odometerKm: number;
  /** On duty: pings of the open shift (10 s apart, the last `phaseMs` before now). */
  pings: number;
  phaseMs: number;
  account: Account | null;
}

export interface Fleet {
  admin: Account;
  companies: PlannedCompany[];
  riders: PlannedRider[];
}

/** Two years of orders, and companies and most riders there before them. */
const HISTORY_MS = 730 * DAY_MS;

export function planFleet(seed: number, size: FleetSize): Fleet {
  if (size.companies < 1 || size.riders < size.companies) throw new Error('--scale too small: the set needs a company and a rider per company');
  const r = prng(seed, 'fleet');
  const tokens = prng(seed, 'tokens');
  const account = (email: string, firstName: string, lastName: string): Account => ({ id: tokens.id(), email, firstName, lastName, token: tokens.token() });

  const weights = Array.from({ length: size.companies }, (_, i) => 1 / (i + 1) ** 0.8);
  const total = weights.reduce((a, b) => a + b, 0);
  const perCompany = apportion(size.riders, weights, 1);
  const companies: PlannedCompany[] = [];
  const riders: PlannedRider[] = [];
  for (let i = 0; i < size.companies; i++) {
    const country = i % 5 === 2 || i % 5 === 4 ? UAE : KUWAIT;
    const name = `${COMPANY_WORDS[i % COMPANY_WORDS.length]} ${COMPANY_KINDS[Math.floor(i / COMPANY_WORDS.length) % COMPANY_KINDS.length]}`;
    const company: PlannedCompany = {
      id: r.id(),
      name,
      country,
      hub: r.pick(country.hubs),
      share: weights[i]! / total,
      manager: account(`manager${i + 1}@bench.kwt`, r.pick(FIRST_NAMES), r.pick(LAST_NAMES)),
      riders: [],
      createdAgoMs: HISTORY_MS + r.int(30, 400) * DAY_MS,
    };
    companies.push(company);
    for (let k = 0; k < perCompany[i]!; k++) {
      const roll = r.next();
      const status = roll < 0.92 ? 'active' : roll < 0.97 ? 'inactive' : 'suspended';
      // Most riders were there before the two years; the rest joined along the way (up to a month ago).
      const joinedAgoMs = r.chance(0.55) ? HISTORY_MS + r.int(1, 300) * DAY_MS : r.int(30 * DAY_MS, HISTORY_MS);
      const vehicleRoll = r.next();
      let acc = 0;
      const vehicle = VEHICLES.find(([, p]) => (acc += p) > vehicleRoll)?.[0] ?? 'motorcycle';
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      company.riders.push(riders.length);
      riders.push({
        id: r.id(),
        company: i,
        name: `${first} ${last}`,
        email: `${first}.${last}.${riders.length + 1}@riders.bench.kwt`.toLowerCase(),
        phone: mobileNumber(country, r),
        vehicle,
        license: country.code === 'KW' ? `KW-${r.int(10_000, 99_999)}` : `${r.pick(['DXB', 'SHJ', 'AUH'])}-${r.int(1000, 9999)}-${String.fromCharCode(65 + r.int(0, 25))}`,
        status,
        onDuty: status === 'active' && r.chance(0.45),
        joinedAgoMs,
        leftAgoMs: status === 'active' ? 0 : r.int(DAY_MS, Math.max(DAY_MS, joinedAgoMs - 30 * DAY_MS)),
        odometerKm: r.int(5_000, 120_000),
        pings: 0,
        phaseMs: r.int(0, 9_999),
        account: null,
      });
    }
  }

  // The pings of the open shifts: ~3.3 h a rider on average, 0.6–1.4× of it (so the longest are ~4.7 h).
  const onDuty = riders.filter((x) => x.onDuty);
  const counts = apportion(size.pings, onDuty.map(() => r.between(0.6, 1.4)));
  onDuty.forEach((x, k) => (x.pings = counts[k]!));

  // Logins for riders spread over every company (active riders first), rider1@bench.kwt onwards.
  const byStatus = [...riders.filter((x) => x.status === 'active'), ...riders.filter((x) => x.status !== 'active')];
  const logins = Math.min(size.riderUsers, riders.length);
  for (let n = 0; n < logins; n++) {
    const rider = byStatus[Math.floor((n * byStatus.length) / logins)]!;
    const [first, ...rest] = rider.name.split(' ');
    rider.account = account(`rider${n + 1}@bench.kwt`, first!, rest.join(' '));
    rider.email = rider.account.email;
  }
  return { admin: account('admin@bench.kwt', 'Bench', 'Admin'), companies, riders };
}

/** Companies, users (admin, managers, rider logins), managers' memberships, riders and a live session per user. */
export function writeFleet(tx: Loader, fleet: Fleet, passwordHash: string, now: number): BulkTable[] {
  const companies = tx.table('companies', ['id', 'name', 'email', 'phone', 'address', 'contact_person', 'region', 'currency', 'active', 'created_at']);
  const users = tx.table('users', ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role', 'locale', 'disabled', 'created_at']);
  const members = tx.table('company_members', ['user_id', 'company_id']);
  const riders = tx.table('riders', ['id', 'user_id', 'company_id', 'name', 'email', 'phone', 'vehicle_type', 'license_number', 'status', 'region', 'on_duty', 'created_at']);
  const sessions = tx.table('sessions', ['id', 'user_id', 'expires_at', 'created_at']);
  const user = (a: Account, role: string, createdAt: number) => {
    users.add([a.id, a.email, passwordHash, a.firstName, a.lastName, role, 'en', 0, createdAt]);
    sessions.add([sessionIdFromToken(a.token), a.id, now + SESSION_TTL_MS, now]);
  };

  user(fleet.admin, 'admin', now - HISTORY_MS - 500 * DAY_MS);
  for (const c of fleet.companies) {
    const m = c.manager;
    const phone = c.country.landline + String(2_000_000 + ((c.riders.length * 7_919) % 8_000_000));
    companies.add([c.id, c.name, m.email.replace('manager', 'company'), phone, `${c.hub.name}, ${c.country.code === 'KW' ? 'Kuwait' : 'UAE'}`, `${m.firstName} ${m.lastName}`, c.country.region, c.country.currency, 1, now - c.createdAgoMs]);
    user(m, 'company', now - c.createdAgoMs);
    members.add([m.id, c.id]);
  }
  for (const r of fleet.riders) {
    const c = fleet.companies[r.company]!;
    if (r.account) user(r.account, 'rider', now - r.joinedAgoMs);
    riders.add([r.id, r.account?.id ?? null, c.id, r.name, r.email, r.phone, r.vehicle, r.license, r.status, c.country.currency, r.onDuty ? 1 : 0, now - r.joinedAgoMs]);
  }
  return [companies.end(), users.end(), members.end(), riders.end(), sessions.end()];
}
