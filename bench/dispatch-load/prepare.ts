/**
 * The world of the dispatch load bench (bench/dispatch-load.ts): a Kuwait company in automatic dispatch (or manual) with
 * `riders` riders on duty (cars: the summer midday ban is for motorcycles and bicycles) spread over Kuwait City and
 * Hawalli, each with an account and a session to answer offers with, and its manager's API token to create orders with.
 * The iftar pause is switched off so the figures do not depend on the day the bench runs.
 */
import { rmSync } from 'node:fs';
import { createDb } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { companies, companyMembers, dispatchSettings, dutyShifts, regionRules, riders, sessions, users } from '../../db/schema';
import { newId } from '../../db/schema/ids';
import { generateSessionToken, sessionIdFromToken } from '../../src/server/auth/tokens';
import { createApiToken, SESSION_TTL_MS } from '../../src/server/services/identity';

/** The box the pickups, drop-offs and riders are in: Kuwait City to Salmiya, about 20 × 15 km. */
export const BOX = { minLat: 29.25, maxLat: 29.39, minLng: 47.9, maxLng: 48.1 };
export const randomPoint = () => ({ lat: BOX.minLat + Math.random() * (BOX.maxLat - BOX.minLat), lng: BOX.minLng + Math.random() * (BOX.maxLng - BOX.minLng) });

export interface LoadWorld {
  file: string;
  companyId: string;
  apiToken: string;
  /** Rider id → session token. */
  riderSessions: Map<string, string>;
}

const CHUNK = 400;
async function chunked<T>(rows: T[], fn: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await fn(rows.slice(i, i + CHUNK));
}

export async function prepareLoadWorld(file: string, riderCount: number, mode: 'auto' | 'manual' = 'auto'): Promise<LoadWorld> {
  for (const suffix of ['', '-wal', '-shm', '.requests.log']) rmSync(file + suffix, { force: true });
  const db = await createDb({ url: `file:${file}` });
  await applyMigrations(db);
  const now = Date.now();
  const [company] = await db.insert(companies).values({ name: 'Load Bench Deliveries', email: 'ops@load.bench.invalid', region: 'kuwait', currency: 'KWD' }).returning();
  const [manager] = await db.insert(users).values({ email: 'manager@load.bench.invalid', firstName: 'Load', lastName: 'Manager', role: 'company' }).returning();
  await db.insert(companyMembers).values({ userId: manager!.id, companyId: company!.id });
  await db.insert(dispatchSettings).values({ companyId: company!.id, mode });
  await db.insert(regionRules).values({ region: 'kuwait', iftarPause: false }).onConflictDoUpdate({ target: regionRules.region, set: { iftarPause: false } });
  const people = Array.from({ length: riderCount }, (_, i) => {
    const at = randomPoint();
    const userId = newId();
    const riderId = newId();
    return {
      user: { id: userId, email: `rider${i}@load.bench.invalid`, firstName: 'Rider', lastName: String(i), role: 'rider' as const },
      rider: { id: riderId, userId, companyId: company!.id, name: `Rider ${i}`, email: `rider${i}@load.bench.invalid`, phone: `+96560${String(i).padStart(6, '0')}`, vehicleType: 'car' as const, region: 'KWD' as const, onDuty: true, lastLat: at.lat, lastLng: at.lng, lastSeenAt: new Date(now) },
      shift: { riderId, startedAt: new Date(now - 3_600_000), startOdometerKm: 1000 },
      token: generateSessionToken(),
    };
  });
  await db.transaction(async (tx) => {
    await chunked(people.map((p) => p.user), (part) => tx.insert(users).values(part));
    await chunked(people.map((p) => p.rider), (part) => tx.insert(riders).values(part));
    await chunked(people.map((p) => p.shift), (part) => tx.insert(dutyShifts).values(part));
    const rows = people.map((p) => ({ id: sessionIdFromToken(p.token), userId: p.user.id, expiresAt: new Date(now + SESSION_TTL_MS), createdAt: new Date(now) }));
    await chunked(rows, (part) => tx.insert(sessions).values(part));
  });
  const { token } = await createApiToken(db, manager!.id, 'load bench');
  await db.$client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  db.$client.close();
  return { file, companyId: company!.id, apiToken: token, riderSessions: new Map(people.map((p) => [p.rider.id, p.token])) };
}
