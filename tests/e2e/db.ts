import { createClient } from '@libsql/client';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { auditLog, captures, cashSubmissions, companyMembers, dispatchOffers, dutyBreaks, dutyShifts, locationPings, notices, orders, riders, sessions, supportTickets, users } from '../../db/schema';
import { ACCOUNTS } from './fixtures';

/**
 * The e2e server's own database (playwright.config.ts names its file once per run, in E2E_DB_FILE), written
 * only for what no endpoint can do: give a company its manager (admins add companies, not their managers),
 * give a rider a sign-in account without spending the invitation endpoint's per-IP limit (20 in 15 minutes,
 * which a whole browser run would reach), and let a hand-over code run out its 30 minutes at once.
 * Everything else a test needs is made through the API, as a user would make it.
 */
let handle: ReturnType<typeof open> | undefined;
function open() {
  const file = process.env.E2E_DB_FILE;
  if (!file) throw new Error('E2E_DB_FILE is not set: run the browser tests through playwright.config.ts');
  const client = createClient({ url: `file:${file}` });
  // The server writes the same file: wait for its write lock rather than fail.
  return client.execute('PRAGMA busy_timeout = 5000').then(() => drizzle(client));
}
const db = () => (handle ??= open());

/** Fresh accounts sign in with the demo password: its hash is copied from a seeded account (Argon2id is Bun's, not Node's). */
async function demoPasswordHash(): Promise<string> {
  const [row] = await (await db()).select({ hash: users.passwordHash }).from(users).where(eq(users.email, ACCOUNTS.admin.email));
  if (!row?.hash) throw new Error('the demo admin has no password: is the e2e server seeded (SEED_DEMO)?');
  return row.hash;
}

async function addUser(email: string, name: string, role: 'admin' | 'company' | 'rider'): Promise<string> {
  const [firstName, ...rest] = name.split(' ');
  const [row] = await (await db())
    .insert(users)
    .values({ email, firstName: firstName!, lastName: rest.join(' '), role, passwordHash: await demoPasswordHash() })
    .returning({ id: users.id });
  return row!.id;
}

/** Another administrator: a test may change its account (its language) without touching the demo admin. */
export async function addAdmin(email: string, name: string): Promise<void> {
  await addUser(email, name, 'admin');
}

/** A manager account of the company. */
export async function addManager(companyId: string, email: string, name: string): Promise<void> {
  const userId = await addUser(email, name, 'company');
  await (await db()).insert(companyMembers).values({ userId, companyId });
}

/** An order's pickup and drop-off pins (issue 25): the order form has no map pin yet, the shops' API will set them. */
export async function setOrderPins(orderId: string, pickup: { lat: number; lng: number }, dropoff: { lat: number; lng: number }): Promise<void> {
  await (await db()).update(orders).set({ pickupLat: pickup.lat, pickupLng: pickup.lng, dropoffLat: dropoff.lat, dropoffLng: dropoff.lng }).where(eq(orders.id, orderId));
}

/** The rider's last known position, as their app's pings would leave it. */
export async function setRiderPosition(riderId: string, at: { lat: number; lng: number }): Promise<void> {
  await (await db()).update(riders).set({ lastLat: at.lat, lastLng: at.lng, lastSeenAt: new Date() }).where(eq(riders.id, riderId));
}

/** The sign-in account an accepted invitation would have made for the rider (email and name as on the rider). */
export async function addRiderAccount(rider: { id: string; email: string; name: string }): Promise<void> {
  const userId = await addUser(rider.email, rider.name, 'rider');
  await (await db()).update(riders).set({ userId }).where(eq(riders.id, rider.id));
}

/**
 * The notice a sign-in lockout leaves the rider (login-lockout.ts): the e2e server's LOGIN_MAX_FAILURES is 1000
 * (every browser test comes from one address), so a lockout there would take a thousand requests.
 */
export async function addLockoutNotice(rider: { id: string; email: string; companyId: string }, until: Date): Promise<void> {
  const params = { email: rider.email, failures: 10, time: until.toISOString() };
  await (await db()).insert(notices).values({ companyId: rider.companyId, riderId: rider.id, audience: 'rider', kind: 'login_lockout', params, dedupeKey: `login_lockout:e2e:${rider.id}` });
}

/** The hand-over's one-time code has expired (what 30 minutes without a new code do). */
export async function expireHandoverCode(submissionId: string): Promise<void> {
  await (await db()).update(cashSubmissions).set({ codeExpiresAt: new Date(Date.now() - 60_000) }).where(eq(cashSubmissions.id, submissionId));
}

/** The rider's open offers run out `inMs` from now (what a short answer window would do, without waiting 15 s). */
export async function offersRunOutIn(riderId: string, inMs: number): Promise<number> {
  const rows = await (await db())
    .update(dispatchOffers)
    .set({ expiresAt: new Date(Date.now() + inMs) })
    .where(and(eq(dispatchOffers.riderId, riderId), eq(dispatchOffers.status, 'open')))
    .returning({ id: dispatchOffers.id });
  return rows.length;
}

/** Where the server last placed the rider (the row the dispatcher measures from), or null before any position. */
export async function riderPosition(riderId: string): Promise<{ lat: number; lng: number } | null> {
  const [row] = await (await db()).select({ lat: riders.lastLat, lng: riders.lastLng }).from(riders).where(eq(riders.id, riderId));
  return row?.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : null;
}

/** Every session of the user ends on the server (what an admin's "sign out everywhere" or an expiry does): the next check answers 401. */
export async function endSessionsOf(email: string): Promise<void> {
  const [user] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  await (await db()).delete(sessions).where(eq(sessions.userId, user.id));
}

/**
 * What the server holds of a rider's day, each kind of record as rows (oldest first): a test of offline replays
 * checks that every record arrived exactly once, which no single endpoint shows (a duty's odometer photo, the
 * region's audit trail, a rider's tickets).
 */
export async function riderDayOnServer(riderId: string) {
  const d = await db();
  const [rider] = await d.select({ userId: riders.userId }).from(riders).where(eq(riders.id, riderId));
  if (!rider?.userId) throw new Error(`no rider account for ${riderId}`);
  const shifts = await d.select().from(dutyShifts).where(eq(dutyShifts.riderId, riderId)).orderBy(asc(dutyShifts.startedAt));
  const breaks = shifts.length ? await d.select().from(dutyBreaks).where(inArray(dutyBreaks.shiftId, shifts.map((s) => s.id))) : [];
  return {
    shifts,
    breaks,
    captures: await d.select({ id: captures.id, type: captures.type, valueKm: captures.valueKm }).from(captures).where(eq(captures.riderId, riderId)),
    pings: await d.select({ lat: locationPings.lat, lng: locationPings.lng, recordedAt: locationPings.recordedAt }).from(locationPings).where(eq(locationPings.riderId, riderId)),
    submissions: await d.select({ amountMinor: cashSubmissions.amountMinor, currency: cashSubmissions.currency, status: cashSubmissions.status }).from(cashSubmissions).where(eq(cashSubmissions.riderId, riderId)),
    tickets: await d.select({ subject: supportTickets.subject, body: supportTickets.body, companyId: supportTickets.companyId }).from(supportTickets).where(eq(supportTickets.userId, rider.userId)),
    regionChanges: await d
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'rider'), eq(auditLog.entityId, riderId), eq(auditLog.action, 'region')))
      .orderBy(asc(auditLog.createdAt)),
  };
}
