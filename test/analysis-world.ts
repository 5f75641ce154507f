import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { freshDb } from './db';
import { dutyBreaks, dutyShifts, riderDocuments, riders } from '../db/schema';
import { makeSubmission } from './cash';
import { loadSessionUser } from '../src/server/services/identity';
import { DAY_MS } from '../src/shared/time';
import { makeCompany, makeCompanyManager, makeOrder, makeRider, markPickedUp } from './factories';
import { makeWorld } from './world';
import { actorFor, type Actor } from '../src/server/services/access';

/**
 * A known month for the analyses: now is Wednesday 20 May 2026, 12:00 in Kuwait (13:00 in Dubai).
 * Company A (Alpha, KWD, Kuwait): Rami (riderA), Aziz (riderA2), and Omar, inactive.
 * Company B (Beta, AED, UAE): Rashed (riderB) and Bashir (riderB2).
 * Every figure the analysis tests assert is worked out in the comments here.
 */
export const NOW = new Date('2026-05-20T09:00:00Z');
export const RATE = 0.0835;

const at = (iso: string) => new Date(iso);
const aYearAfterNowAndToday = () => new Date(Math.max(NOW.getTime(), Date.now()) + 366 * DAY_MS).toISOString().slice(0, 10);
const plusMin = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000);

export async function makeAnalysisWorld(db: Db) {
  const w = await makeWorld(db);
  const omar = (await makeRider(db, w.companyA, { name: 'Omar Alpha', withUser: false, status: 'inactive' })).rider;
  // Licences: Aziz (A2) has none; Omar has none but is inactive, so he is not checked.
  for (const [id, licence] of [[w.riderA.id, 'KW-1001'], [w.riderB.id, 'AE-2002'], [w.riderB2.id, 'AE-2003']] as const) {
    await db.update(riders).set({ licenseNumber: licence }).where(eq(riders.id, id));
  }
  await db.update(riders).set({ onDuty: true }).where(eq(riders.id, w.riderA.id));
  // Driving licences on record (issue 9): Rami's expired on 10 May; Bashir's (B2) is valid for a year after
  // both NOW and the day the tests run (the REST and tRPC doors analyse at the real clock).
  await db.insert(riderDocuments).values([
    { riderId: w.riderA.id, type: 'driving_licence', number: 'KW-1001', expiresOn: '2026-05-10', updatedAt: NOW },
    { riderId: w.riderB2.id, type: 'driving_licence', number: 'AE-2003', expiresOn: aYearAfterNowAndToday(), updatedAt: NOW },
  ]);

  // A delivered order was picked up as it was created: its order time is `minutes`.
  const order = async (company: 'A' | 'B', created: string, over: Parameters<typeof makeOrder>[2] & { minutes?: number }) => {
    const { minutes, ...rest } = over;
    const o = await makeOrder(db, company === 'A' ? w.companyA : w.companyB, {
      createdAt: at(created),
      ...(minutes !== undefined ? { deliveredAt: plusMin(created, minutes) } : {}),
      ...rest,
    });
    return minutes !== undefined ? markPickedUp(db, o, at(created)) : o;
  };
  const [rA, rA2, rB, rB2] = [w.riderA.id, w.riderA2.id, w.riderB.id, w.riderB2.id];

  // Company A, May in Kuwait (from 2026-04-30T21:00Z). Deliveries during a shift unless said otherwise.
  await order('A', '2026-05-03T06:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 1500, codAmountMinor: 10000, minutes: 30 });
  await order('A', '2026-05-04T06:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 1000, paymentMethod: 'card', minutes: 20 });
  // Delivered 2 h before now: its cash is not yet held too long.
  await order('A', '2026-05-20T06:20:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 500, codAmountMinor: 4000, minutes: 40 });
  await order('A', '2026-05-07T06:00:00Z', { riderId: rA, status: 'failed', deliveryFeeMinor: 800 });
  await order('A', '2026-05-10T08:00:00Z', { riderId: rA2, status: 'delivered', deliveryFeeMinor: 1200, codAmountMinor: 6000, minutes: 60 });
  await order('A', '2026-05-12T08:00:00Z', { status: 'pending', deliveryFeeMinor: 700 });
  await order('A', '2026-05-13T08:00:00Z', { riderId: rA2, status: 'cancelled', deliveryFeeMinor: 600 });
  // 00:00 on 1 May in Kuwait: inside; Aziz was not on duty.
  await order('A', '2026-04-30T21:00:00Z', { riderId: rA2, status: 'delivered', deliveryFeeMinor: 300, paymentMethod: 'card', minutes: 15 });
  // April: outside the month, but its cash is still in Rami's hands.
  await order('A', '2026-04-29T10:00:00Z', { riderId: rA, status: 'delivered', deliveryFeeMinor: 9999, codAmountMinor: 5000, minutes: 30 });

  // Company B, May in Dubai (from 2026-04-30T20:00Z).
  await order('B', '2026-05-08T06:00:00Z', { riderId: rB, status: 'delivered', deliveryFeeMinor: 2000, codAmountMinor: 15000, minutes: 25 });
  // Rashed was not on duty on 9 May.
  await order('B', '2026-05-09T06:00:00Z', { riderId: rB, status: 'delivered', deliveryFeeMinor: 1600, paymentMethod: 'card', minutes: 35 });
  await order('B', '2026-05-10T06:00:00Z', { riderId: rB, status: 'failed', deliveryFeeMinor: 1000 });
  await order('B', '2026-05-11T06:00:00Z', { riderId: rB2, status: 'assigned', deliveryFeeMinor: 1200 });
  // 00:30 on 1 May in Dubai but 23:30 on 30 April in Kuwait: company B's month, not the system's.
  await order('B', '2026-04-30T20:30:00Z', { riderId: rB2, status: 'delivered', deliveryFeeMinor: 400, paymentMethod: 'card', minutes: 10 });

  // Cash hand-overs. Rami: collected 5.000 (April) + 10.000 + 4.000 KWD, handed 10.000 + 3.000 →
  // 6.000 on hand; cash older than 24 h is 15.000, so 2.000 has been held too long.
  const handOver = (riderId: string, currency: 'KWD' | 'AED', amountMinor: number, status: 'pending' | 'confirmed', iso: string) =>
    makeSubmission(db, { riderId, currency, amountMinor, status, submittedAt: at(iso) });
  await handOver(rA, 'KWD', 10000, 'confirmed', '2026-05-05T12:00:00Z');
  await handOver(rA, 'KWD', 3000, 'pending', '2026-05-15T12:00:00Z');
  await handOver(rA2, 'KWD', 6000, 'confirmed', '2026-05-10T12:00:00Z');
  await handOver(rB, 'AED', 15000, 'pending', '2026-05-09T12:00:00Z');

  const shift = async (riderId: string, start: string, end: string | null, breaks: [string, string | null][] = []) => {
    const [row] = await db.insert(dutyShifts).values({ riderId, startedAt: at(start), endedAt: end ? at(end) : null }).returning();
    for (const [s, e] of breaks) await db.insert(dutyBreaks).values({ shiftId: row!.id, startedAt: at(s), endedAt: e ? at(e) : null });
  };
  // Rami: Sun 3 May 11 h less a 1 h break = 10 h (2 h overtime; 6 h without a break after it);
  // Mon 4 May 12 h less 30 min = 11.5 h (over 10 h; 6 h and 5.5 h stretches);
  // today from 08:00, on an ongoing break since 11:30: 4 h. 25.5 h, 5.5 h overtime, 2 breaks of 90 min.
  await shift(rA, '2026-05-03T05:00:00Z', '2026-05-03T16:00:00Z', [['2026-05-03T09:00:00Z', '2026-05-03T10:00:00Z']]);
  await shift(rA, '2026-05-04T04:00:00Z', '2026-05-04T16:00:00Z', [['2026-05-04T10:00:00Z', '2026-05-04T10:30:00Z']]);
  await shift(rA, '2026-05-20T05:00:00Z', null, [['2026-05-20T08:30:00Z', null]]);
  // Aziz: Sun 10 – Fri 15 May, 9 h a day without a break (54 h that week, 6 h overtime),
  // and a night shift across midnight on 17/18 May (2 h + 4 h). 60 h, 7 stretches over 5 h.
  for (let d = 10; d <= 15; d++) await shift(rA2, `2026-05-${d}T05:00:00Z`, `2026-05-${d}T14:00:00Z`);
  await shift(rA2, '2026-05-17T19:00:00Z', '2026-05-18T01:00:00Z');
  // Rashed: 6 h less 45 min = 5.25 h. Bashir: 8 h from 22:00 Dubai on 30 April with a 1 h break:
  // 5 h in Dubai's May, 4 h in Kuwait's.
  await shift(rB, '2026-05-08T04:00:00Z', '2026-05-08T10:00:00Z', [['2026-05-08T07:00:00Z', '2026-05-08T07:45:00Z']]);
  await shift(rB2, '2026-04-30T18:00:00Z', '2026-05-01T02:00:00Z', [['2026-04-30T22:00:00Z', '2026-04-30T23:00:00Z']]);

  const actorOfUser = async (userId: string): Promise<Actor> => actorFor(db, (await loadSessionUser(db, userId))!);
  const scopes = {
    admin: await actorOfUser(w.admin.id),
    companyA: await actorOfUser(w.managerA.id),
    companyB: await actorOfUser(w.managerB.id),
    riderA: await actorOfUser(w.riderA.user.id),
    riderB: await actorOfUser(w.riderB.user.id),
  };
  return { ...w, omar, scopes };
}
export type AnalysisWorld = Awaited<ReturnType<typeof makeAnalysisWorld>>;

/** A Kuwait company of its own with a manager and one rider, and the manager's scope: edge cases that leave the shared world as it is. */
export async function makeSoloCompany(db: Db, name: string) {
  const company = await makeCompany(db, { name, currency: 'KWD', region: 'kuwait' });
  const manager = await makeCompanyManager(db, company);
  const { rider } = await makeRider(db, company, { name: `${name} Rider`, withUser: false, licenseNumber: 'KW-9' });
  const scope = await actorFor(db, (await loadSessionUser(db, manager.id))!);
  return { company, rider, scope };
}

/** A test file's fresh database holding the analysis world: `const { db, w } = await freshAnalysisWorld();`. */
export async function freshAnalysisWorld() {
  const db = await freshDb();
  return { db, w: await makeAnalysisWorld(db) };
}
