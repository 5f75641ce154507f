/**
 * The database a load bench runs against, and the sessions it signs in with.
 *
 * Without `source`: a fresh file with the demo data (db/seed.ts). With `source` (the scale data set of
 * `bun run bench:data`): a copy of it, so the pings and sessions a run adds never change the data set
 * other benches measure. Then an admin, the manager of the company with the most orders and `riders`
 * riders each get an account (made here when the data has none) and a session, inserted directly.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { count, desc, eq } from 'drizzle-orm';
import { createDb, type Db } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { seedDemo } from '../../db/seed';
import { companies, companyMembers, orders, riders, sessions, users } from '../../db/schema';
import { newId } from '../../db/schema/ids';
import { generateSessionToken, sessionIdFromToken } from '../../src/server/auth/tokens';
import { hashPassword } from '../../src/server/auth/password';
import { SESSION_TTL_MS } from '../../src/server/services/identity';

export interface BenchRider {
  id: string;
  token: string;
}

export interface Prepared {
  file: string;
  admin: string;
  manager: string;
  companyId: string;
  riders: BenchRider[];
  pingsBefore: number;
}

const CHUNK = 500;

async function chunked<T>(rows: T[], fn: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await fn(rows.slice(i, i + CHUNK));
}

/** Sessions for these users, valid for the full 30 days (so none is renewed mid-run). */
async function signIn(db: Db, userIds: string[]): Promise<string[]> {
  const now = Date.now();
  const tokens = userIds.map(() => generateSessionToken());
  const rows = userIds.map((userId, i) => ({ id: sessionIdFromToken(tokens[i]!), userId, expiresAt: new Date(now + SESSION_TTL_MS), createdAt: new Date(now) }));
  await db.transaction(async (tx) => chunked(rows, (part) => tx.insert(sessions).values(part)));
  return tokens;
}

async function adminUser(db: Db): Promise<string> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return admin.id;
  const [made] = await db.insert(users).values({ email: 'bench-admin@bench.invalid', firstName: 'Bench', lastName: 'Admin', role: 'admin' }).returning({ id: users.id });
  return made!.id;
}

/** The company with the most orders, and one of its managers. */
async function busiestCompany(db: Db): Promise<{ companyId: string; managerId: string }> {
  const [top] = await db.select({ id: orders.companyId, n: count() }).from(orders).groupBy(orders.companyId).orderBy(desc(count())).limit(1);
  const companyId = top?.id ?? (await db.select({ id: companies.id }).from(companies).limit(1))[0]!.id;
  const [member] = await db.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, companyId)).limit(1);
  if (member) return { companyId, managerId: member.userId };
  const [made] = await db.insert(users).values({ email: `bench-manager-${companyId}@bench.invalid`, firstName: 'Bench', lastName: 'Manager', role: 'company' }).returning({ id: users.id });
  await db.insert(companyMembers).values({ userId: made!.id, companyId });
  return { companyId, managerId: made!.id };
}

/** `n` active riders with accounts: existing riders first (given an account when they have none), then new ones. */
async function riderAccounts(db: Db, n: number, companyId: string): Promise<{ riderId: string; userId: string }[]> {
  const existing = await db.select({ id: riders.id, userId: riders.userId }).from(riders).where(eq(riders.status, 'active')).orderBy(riders.id).limit(n);
  const [company] = await db.select({ currency: companies.currency }).from(companies).where(eq(companies.id, companyId));
  const extra = Array.from({ length: Math.max(0, n - existing.length) }, (_, i) => ({
    id: newId(),
    companyId,
    name: `Bench Rider ${i}`,
    email: `bench-rider-${i}-${Date.now()}@bench.invalid`,
    phone: `+96560${String(i).padStart(6, '0')}`,
    region: company!.currency,
  }));
  const all = [...existing, ...extra.map((r) => ({ id: r.id, userId: null as string | null }))];
  const needUser = all.filter((r) => !r.userId);
  const made = needUser.map((r) => ({ id: newId(), email: `bench-${r.id}@bench.invalid`, firstName: 'Bench', lastName: r.id, role: 'rider' as const }));
  await db.transaction(async (tx) => {
    await chunked(made, (part) => tx.insert(users).values(part));
    await chunked(extra, (part) => tx.insert(riders).values(part));
    for (let i = 0; i < needUser.length; i++) await tx.update(riders).set({ userId: made[i]!.id }).where(eq(riders.id, needUser[i]!.id));
  });
  needUser.forEach((r, i) => (r.userId = made[i]!.id));
  return all.map((r) => ({ riderId: r.id, userId: r.userId! }));
}

export async function prepareDb(opts: { source?: string; file: string; riders: number }): Promise<Prepared> {
  for (const suffix of ['', '-wal', '-shm']) rmSync(opts.file + suffix, { force: true });
  if (opts.source) {
    if (!existsSync(opts.source)) throw new Error(`${opts.source} does not exist: run \`bun run bench:data\` first`);
    // The source is closed (its generator checkpointed it); copy the WAL too in case it was not.
    for (const suffix of ['', '-wal']) if (existsSync(opts.source + suffix)) copyFileSync(opts.source + suffix, opts.file + suffix);
  }
  const db = await createDb({ url: `file:${opts.file}` });
  await applyMigrations(db);
  if (!opts.source) await seedDemo(db, hashPassword);
  const adminId = await adminUser(db);
  const { companyId, managerId } = await busiestCompany(db);
  const accounts = await riderAccounts(db, opts.riders, companyId);
  const [admin, manager, ...riderTokens] = await signIn(db, [adminId, managerId, ...accounts.map((a) => a.userId)]);
  const pingsBefore = await countPings(db);
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return { file: opts.file, admin: admin!, manager: manager!, companyId, riders: accounts.map((a, i) => ({ id: a.riderId, token: riderTokens[i]! })), pingsBefore };
}

/** Stored pings: in location_pings, and in the surge inbox (src/server/services/location/ping-inbox.ts), committed but not moved on yet. */
export async function countPings(db: Db): Promise<number> {
  const r = await db.$client.execute('SELECT (SELECT count(*) FROM location_pings) + (SELECT count(*) FROM ping_inbox) AS n');
  return Number(r.rows[0]!.n);
}

/** Pings still in the surge inbox. */
export async function inboxPings(db: Db): Promise<number> {
  const r = await db.$client.execute('SELECT count(*) AS n FROM ping_inbox');
  return Number(r.rows[0]!.n);
}

export function removeDb(file: string) {
  for (const suffix of ['', '-wal', '-shm', '.requests.log']) rmSync(file + suffix, { force: true });
}
