import type { Db } from '../db/client';
import { companies, companyMembers, orders, orderStatusEvents, riders, users } from '../db/schema';
import type { Currency } from '../src/shared/money';
import type { Role } from '../src/shared/permissions';
import { hashPassword } from '../src/server/auth/password';
import { postCollection } from '../src/server/services/cash';

/** Every factory user has this password unless told otherwise. */
export const TEST_PASSWORD = 'Secret123!';

// Argon2id is slow on purpose; hash each distinct password once per process.
const hashes = new Map<string, Promise<string>>();
export function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

let seq = 0;
const next = () => ++seq;

type CompanyRow = typeof companies.$inferSelect;
type UserRow = typeof users.$inferSelect;
type RiderRow = typeof riders.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export async function makeCompany(db: Db, over: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
  const n = next();
  const currency: Currency = over.currency ?? 'KWD';
  const [row] = await db
    .insert(companies)
    .values({
      name: `Company ${n}`,
      email: `company${n}@example.com`,
      region: currency === 'AED' ? 'uae' : 'kuwait',
      currency,
      ...over,
    })
    .returning();
  return row!;
}

export async function makeUser(
  db: Db,
  over: Partial<typeof users.$inferInsert> & { password?: string; role?: Role } = {},
): Promise<UserRow> {
  const n = next();
  const { password = TEST_PASSWORD, ...rest } = over;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${n}@example.com`,
      firstName: `First${n}`,
      lastName: `Last${n}`,
      role: 'rider',
      passwordHash: await cachedHash(password),
      ...rest,
    })
    .returning();
  return row!;
}

/** A company user who manages `company`. */
export async function makeCompanyManager(
  db: Db,
  company: CompanyRow,
  over: Parameters<typeof makeUser>[1] = {},
): Promise<UserRow> {
  const user = await makeUser(db, { email: `manager${next()}@company.example`, ...over, role: 'company' });
  await db.insert(companyMembers).values({ userId: user.id, companyId: company.id });
  return user;
}

/** A rider of `company`, with a sign-in account unless `withUser: false`. */
export async function makeRider(
  db: Db,
  company: CompanyRow,
  over: Partial<typeof riders.$inferInsert> & { withUser?: boolean; userOver?: Parameters<typeof makeUser>[1] } = {},
): Promise<{ rider: RiderRow; user: UserRow | null }> {
  const { withUser = true, userOver, ...rest } = over;
  const n = next();
  const user = withUser ? await makeUser(db, { email: `rider${n}@example.com`, ...userOver, role: 'rider' }) : null;
  const [rider] = await db
    .insert(riders)
    .values({
      userId: user?.id ?? null,
      companyId: company.id,
      name: user ? `${user.firstName} ${user.lastName}` : `Rider ${n}`,
      email: user?.email ?? `rider${n}@riders.example`,
      phone: `+9655${String(1000000 + n).padStart(7, '0')}`,
      region: company.currency,
      ...rest,
    })
    .returning();
  return { rider: rider!, user };
}

export async function makeOrder(
  db: Db,
  company: CompanyRow,
  over: Partial<typeof orders.$inferInsert> = {},
): Promise<OrderRow> {
  const n = next();
  const [row] = await db
    .insert(orders)
    .values({
      companyId: company.id,
      customerName: `Customer ${n}`,
      pickupAddress: 'Sultan Center, Salmiya',
      deliveryAddress: 'Salmiya, Block 10, Street 5, House 12',
      deliveryFeeMinor: 1000,
      currency: company.currency,
      ...over,
      // A delivered order was delivered when it was created unless a test says otherwise.
      deliveredAt: over.deliveredAt ?? (over.status === 'delivered' ? (over.createdAt ?? new Date()) : null),
    })
    .returning();
  // A delivered cash order has put its cash in the rider's hand, as the delivery would (issue 9 ledger).
  if (row!.status === 'delivered') await postCollection(db, row!, row!.deliveredAt ?? row!.createdAt);
  return row!;
}

/** The rider picked the order up at `at`: its order time (pick-up to delivery, docs/figures.md) starts there. */
export async function markPickedUp(db: Db, order: OrderRow, at: Date): Promise<OrderRow> {
  await db.insert(orderStatusEvents).values({ orderId: order.id, status: 'picked_up', riderId: order.riderId, at });
  return order;
}
