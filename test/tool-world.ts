import type { Db } from '../db/client';
import { dutyBreaks, dutyShifts } from '../db/schema';
import { makeSubmission } from './cash';
import { makeOrder } from './factories';
import { makeWorld } from './world';

/** The instant the tool tests read the data at. */
export const TOOL_NOW = new Date('2026-11-05T12:00:00Z');
const hoursAgo = (h: number) => new Date(TOOL_NOW.getTime() - h * 3_600_000);

/**
 * makeWorld plus known orders, cash and duty, for the tools and the MCP server:
 * - rider A (KWD): two delivered cash orders (COD 5.000, fee 1.000 each), one failed, one assigned;
 *   hand-overs 3.000 confirmed, 2.000 pending, 1.000 disputed (back in the hand, issue 9 ledger) → 5.000 on hand;
 *   one 4-hour shift with a completed 30-minute break → 3.5 hours worked.
 * - rider B (AED): one delivered cash order (COD 20.00, fee 15.00); nothing handed over.
 * - company A also has an unassigned pending order; company B a cancelled one.
 */
export async function makeToolWorld(db: Db) {
  const w = await makeWorld(db);
  const a = { riderId: w.riderA.id, deliveryFeeMinor: 1000, codAmountMinor: 5000, paymentMethod: 'cash' as const };
  await makeOrder(db, w.companyA, { ...a, status: 'delivered', customerName: 'Fatima Alpha', createdAt: hoursAgo(30) });
  await makeOrder(db, w.companyA, { ...a, status: 'delivered', customerName: 'Hamad Alpha', createdAt: hoursAgo(5) });
  await makeOrder(db, w.companyA, { ...a, status: 'failed', customerName: 'Salem Alpha', createdAt: hoursAgo(4) });
  await makeOrder(db, w.companyA, { ...a, status: 'assigned', customerName: 'Noura Alpha', createdAt: hoursAgo(1) });
  await makeOrder(db, w.companyA, { status: 'pending', customerName: 'Waiting Alpha', createdAt: hoursAgo(1) });
  await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', deliveryFeeMinor: 1500, codAmountMinor: 2000, paymentMethod: 'cash', customerName: 'Mariam Beta', createdAt: hoursAgo(6) });
  await makeOrder(db, w.companyB, { status: 'cancelled', customerName: 'Gone Beta', createdAt: hoursAgo(2) });
  // Through the ledger, as the app posts them (test/cash.ts).
  await makeSubmission(db, { riderId: w.riderA.id, amountMinor: 3000, currency: 'KWD', status: 'confirmed', submittedAt: hoursAgo(3), confirmedAt: hoursAgo(2) });
  await makeSubmission(db, { riderId: w.riderA.id, amountMinor: 2000, currency: 'KWD', status: 'pending', submittedAt: hoursAgo(2) });
  await makeSubmission(db, { riderId: w.riderA.id, amountMinor: 1000, currency: 'KWD', status: 'disputed', submittedAt: hoursAgo(2) });
  const [shift] = await db.insert(dutyShifts).values({ riderId: w.riderA.id, startedAt: hoursAgo(8), endedAt: hoursAgo(4) }).returning();
  await db.insert(dutyBreaks).values({ shiftId: shift!.id, startedAt: hoursAgo(6), endedAt: hoursAgo(5.5) });
  return w;
}
export type ToolWorld = Awaited<ReturnType<typeof makeToolWorld>>;
