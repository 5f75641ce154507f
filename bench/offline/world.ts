/**
 * A rider's day on the bench's own server, made as the browser tests make theirs (tests/e2e/fixtures.ts): a new
 * company added by the admin, its manager and the rider's sign-in account written to the database (tests/e2e/db.ts),
 * everything else through the API: the rider added by the manager, 40 orders for today with Kuwait addresses
 * (governorate, area, block, street, building, PACI number, landmark, pin), customer phones, some cash on delivery,
 * all assigned to the rider; and cash on the rider's hand from three earlier cash deliveries.
 */
import { SESSION_COOKIE } from '../../src/server/http/cookies';
import { DIVISIONS } from '../../src/shared/gulf/areas';

export const PASSWORD = 'Demo1234!';
const ADMIN = 'admin@kwtdelivery.com';

export interface Day {
  companyName: string;
  riderName: string;
  riderEmail: string;
  orders: number;
}

/** A signed-in API session (cookie), for tRPC calls as that user. */
async function session(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(';')[0]!;
  return async <T>(path: string, input: unknown): Promise<T> => {
    const r = await fetch(`${base}/api/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(input) });
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
    return ((await r.json()) as { result: { data: T } }).result.data;
  };
}

/** The i-th of the day's addresses: a real Kuwait area, a pin inside Kuwait City's spread. */
function address(i: number) {
  const gov = DIVISIONS.KW[i % DIVISIONS.KW.length]!;
  const area = gov.areas[(i * 7) % gov.areas.length]!;
  return {
    country: 'KW',
    governorate: gov.id,
    area: area[0],
    block: String(1 + (i % 12)),
    street: `${10 + i} Street`,
    building: String(100 + i * 3),
    floor: String(1 + (i % 5)),
    flat: String(1 + (i % 9)),
    paci: String(10_000_000 + i * 7919),
    landmark: i % 3 === 0 ? 'Opposite the co-op' : '',
    pin: { lat: 29.25 + (i % 10) * 0.015, lng: 47.9 + Math.floor(i / 10) * 0.04 },
  };
}

export async function makeDay(base: string, dbFile: string, orders = 40): Promise<Day> {
  // tests/e2e/db.ts opens the file named here on its first call.
  process.env.E2E_DB_FILE = dbFile;
  const { addManager, addRiderAccount } = await import('../../tests/e2e/db');
  const t = Date.now().toString(36);
  const admin = await session(base, ADMIN);
  const companyName = `Bench Company ${t}`;
  const { company } = await admin<{ company: { id: string } }>('admin.createCompany', { name: companyName, email: `company.${t}@bench.example.com`, region: 'kuwait' });
  const managerEmail = `manager.${t}@bench.example.com`;
  await addManager(company.id, managerEmail, 'Noura Al-Sabah');
  const manager = await session(base, managerEmail);
  const riderName = `Rashid Bench${t}`;
  const riderEmail = `rider.${t}@bench.example.com`;
  const { rider } = await manager<{ rider: { id: string } }>('company.addRider', {
    name: riderName,
    email: riderEmail,
    phone: '+96550001234',
    vehicleType: 'car',
    licenseNumber: `BENCH-${t}`,
    region: 'KWD',
  });
  await addRiderAccount({ id: rider.id, name: riderName, email: riderEmail });

  const order = (i: number, codAmount: number) => ({
    customerName: `Customer ${i + 1} Al-Mutairi`,
    customerPhone: `+9655${String(1_000_000 + i * 1237).padStart(7, '0')}`,
    pickupAddress: 'Warehouse 4, Shuwaikh',
    deliveryAddress: 'from the parts',
    deliveryAddressParts: address(i),
    itemDescription: `Parcel ${i + 1}`,
    deliveryFee: 1,
    codAmount,
    currency: 'KWD',
    notes: i % 4 === 0 ? 'Call on arrival, the bell does not work' : '',
  });
  // Cash on hand: three cash orders delivered earlier today.
  for (const [i, cod] of [2.5, 4.75, 1].entries()) {
    const { order: o } = await manager<{ order: { id: string } }>('company.createOrder', order(100 + i, cod));
    await manager('company.assignOrder', { orderId: o.id, riderId: rider.id });
    for (const status of ['picked_up', 'delivered']) await manager('company.setOrderStatus', { orderId: o.id, status });
  }
  for (let i = 0; i < orders; i++) {
    // One order in three is paid in cash on delivery.
    const { order: o } = await manager<{ order: { id: string } }>('company.createOrder', order(i, i % 3 === 0 ? 3.5 + i * 0.25 : 0));
    await manager('company.assignOrder', { orderId: o.id, riderId: rider.id });
  }
  return { companyName, riderName, riderEmail, orders };
}
