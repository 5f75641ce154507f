/**
 * The data a crash test drives, written before the server starts: one company, riders with accounts and a
 * session each (inserted directly, as a sign-in would), cash already in every rider's hand (a delivered
 * cash order) and orders assigned to them, waiting to be picked up and delivered.
 */
import { createDb } from '../../db/client';
import { sessions } from '../../db/schema';
import { generateSessionToken, sessionIdFromToken } from '../../src/server/auth/tokens';
import { SESSION_TTL_MS } from '../../src/server/services/identity';
import { makeCompany, makeOrder, makeRider } from '../factories';

export interface CrashRider {
  id: string;
  userId: string;
  /** the kwt_session cookie's value */
  token: string;
  /** assigned, cash on delivery */
  orders: string[];
}

/** Cash in each rider's hand before the run (minor units, KWD). */
export const OPENING_HAND_MINOR = 100_000;
/** Cash on delivery of each order the run delivers. */
export const ORDER_COD_MINOR = 2_500;

export async function prepareCrashDb(file: string, opts: { riders: number; ordersPerRider: number }): Promise<CrashRider[]> {
  const db = await createDb({ url: `file:${file}` });
  const company = await makeCompany(db);
  const out: CrashRider[] = [];
  for (let r = 0; r < opts.riders; r++) {
    const { rider, user } = await makeRider(db, company);
    await makeOrder(db, company, { riderId: rider.id, status: 'delivered', codAmountMinor: OPENING_HAND_MINOR });
    const orders: string[] = [];
    for (let o = 0; o < opts.ordersPerRider; o++) orders.push((await makeOrder(db, company, { riderId: rider.id, status: 'assigned', codAmountMinor: ORDER_COD_MINOR })).id);
    const token = generateSessionToken();
    await db.insert(sessions).values({ id: sessionIdFromToken(token), userId: user!.id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    out.push({ id: rider.id, userId: user!.id, token, orders });
  }
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return out;
}
