import { expect, test } from 'bun:test';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { cashLedger, cashSubmissions } from '../../../../db/schema';
import { makeOrder, makeRider } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import type { DiscrepancyResolution, LedgerAccount } from '../../../shared/cash/ledger-types';
import { submitCash } from './cash-submit';
import { riderSetOrderStatus } from '../orders';
import { reverseCollection } from './collections';
import { correctRiderCash } from './corrections';
import { cancelHandover, confirmHandover, resolveDiscrepancy } from './handover';
import { riderBalances } from './ledger';
import { staffActor } from '../access';

/**
 * Ledger invariants as properties (issue 9): random sequences of collections, submissions, cancels,
 * counts (equal, short, over), resolutions, corrections and reversals, each through the services.
 * After every step: every journal sums to zero; the derived balances equal the sums of the entries
 * and a model kept beside them; cash on hand and in transit are never negative; transit equals the
 * pending submissions. And the table refuses every UPDATE and DELETE.
 */
const { db, w } = await freshWorld();

type Op =
  | { op: 'deliver'; minor: number }
  | { op: 'submit'; minor: number }
  | { op: 'cancel'; pick: number }
  | { op: 'count'; pick: number; delta: number }
  | { op: 'resolve'; pick: number; resolution: DiscrepancyResolution }
  | { op: 'correct'; minor: number }
  | { op: 'reverse'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('deliver' as const), minor: fc.integer({ min: 1, max: 20_000 }) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('submit' as const), minor: fc.integer({ min: 1, max: 25_000 }) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('count' as const), pick: fc.nat(), delta: fc.oneof(fc.constant(0), fc.integer({ min: -3_000, max: 3_000 })) }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('resolve' as const), pick: fc.nat(), resolution: fc.constantFrom<DiscrepancyResolution>('rider_owes', 'write_off', 'found') }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('correct' as const), minor: fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }), weight: 1 },
);

const ACCOUNTS: LedgerAccount[] = ['customer', 'hand', 'transit', 'company', 'discrepancy', 'writeoff', 'adjustment'];
const zero = () => Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Record<LedgerAccount, number>;
const kwd = (minor: number) => minor / 1000;
const refused = (p: Promise<unknown>) => p.then(() => false, () => true);

async function checkInvariants(riderId: string, model: Record<LedgerAccount, number>) {
  const unbalanced = await db.select({ j: cashLedger.journalId }).from(cashLedger).groupBy(cashLedger.journalId).having(sql`sum(${cashLedger.amountMinor}) <> 0`);
  expect(unbalanced).toEqual([]);
  const entries = await db.select().from(cashLedger).where(eq(cashLedger.riderId, riderId));
  const summed = zero();
  for (const e of entries) summed[e.account] += e.amountMinor;
  expect(summed).toEqual(model);
  const b = await riderBalances(db, riderId, 'KWD');
  expect({ hand: b.handMinor, transit: b.transitMinor, discrepancy: b.discrepancyMinor, collected: b.collectedMinor, received: b.receivedMinor }).toEqual({
    hand: summed.hand,
    transit: summed.transit,
    discrepancy: summed.discrepancy,
    collected: -summed.customer,
    received: summed.company,
  });
  expect(b.outstandingMinor).toBe(summed.hand + summed.transit + summed.discrepancy);
  expect(b.handMinor).toBeGreaterThanOrEqual(0);
  expect(b.transitMinor).toBeGreaterThanOrEqual(0);
  const pending = await db.select().from(cashSubmissions).where(sql`${cashSubmissions.riderId} = ${riderId} and ${cashSubmissions.status} = 'pending'`);
  expect(pending.reduce((s, p) => s + p.amountMinor, 0)).toBe(b.transitMinor);
}

test('random sequences keep every journal balanced and every balance equal to the sum of its entries', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
      const { rider, user } = await makeRider(db, w.companyA);
      const scope = staffActor(w.managerA.id, w.companyA.id);
      const model = zero();
      const delivered: { id: string; minor: number; reversed: boolean }[] = [];
      const pending: { id: string; minor: number; code: string }[] = [];
      const discrepancies: { id: string; d: number }[] = [];
      for (const o of ops) {
        if (o.op === 'deliver') {
          const order = await makeOrder(db, w.companyA, { riderId: rider.id, status: 'picked_up', paymentMethod: 'cash', codAmountMinor: o.minor });
          await riderSetOrderStatus(db, rider.id, user!.id, { orderId: order.id, status: 'delivered', recipientName: 'Prop' });
          delivered.push({ id: order.id, minor: o.minor, reversed: false });
          model.customer -= o.minor;
          model.hand += o.minor;
        } else if (o.op === 'submit') {
          const fits = model.hand > 0 && o.minor <= model.hand;
          const attempt = submitCash(db, rider.id, { amount: kwd(o.minor) });
          if (!fits) {
            expect(await refused(attempt)).toBe(true);
            continue;
          }
          const r = await attempt;
          pending.push({ id: r.submissionId, minor: o.minor, code: r.code! });
          model.hand -= o.minor;
          model.transit += o.minor;
        } else if (o.op === 'cancel') {
          if (!pending.length) continue;
          const [s] = pending.splice(o.pick % pending.length, 1);
          await cancelHandover(db, rider.id, user!.id, s!.id);
          model.transit -= s!.minor;
          model.hand += s!.minor;
        } else if (o.op === 'count') {
          if (!pending.length) continue;
          const [s] = pending.splice(o.pick % pending.length, 1);
          const counted = Math.max(0, s!.minor + o.delta);
          await confirmHandover(db, scope, { id: s!.id, method: 'code', code: s!.code, counted: kwd(counted) });
          model.transit -= s!.minor;
          model.company += counted;
          model.discrepancy += s!.minor - counted;
          if (s!.minor !== counted) discrepancies.push({ id: s!.id, d: s!.minor - counted });
        } else if (o.op === 'resolve') {
          if (!discrepancies.length) continue;
          const x = discrepancies[o.pick % discrepancies.length]!;
          const attempt = resolveDiscrepancy(db, scope, { id: x.id, resolution: o.resolution, note: 'property test' });
          if (o.resolution === 'rider_owes' && x.d < 0) {
            expect(await refused(attempt)).toBe(true);
            continue;
          }
          await attempt;
          discrepancies.splice(discrepancies.indexOf(x), 1);
          model.discrepancy -= x.d;
          model[o.resolution === 'rider_owes' ? 'hand' : o.resolution === 'write_off' ? 'writeoff' : 'company'] += x.d;
        } else if (o.op === 'correct') {
          const attempt = correctRiderCash(db, scope, { riderId: rider.id, amount: kwd(o.minor), reason: 'property test' });
          if (model.hand + o.minor < 0) {
            expect(await refused(attempt)).toBe(true);
            continue;
          }
          await attempt;
          model.hand += o.minor;
          model.adjustment -= o.minor;
        } else {
          // A reversal takes back from the hand it went to; only where the rider still holds it (see docs/cash-ledger.md).
          const open = delivered.filter((d) => !d.reversed && d.minor <= model.hand);
          if (!open.length) continue;
          const d = open[o.pick % open.length]!;
          expect(await reverseCollection(db, d.id, new Date(), w.admin.id)).toBe(true);
          d.reversed = true;
          model.hand -= d.minor;
          model.customer += d.minor;
        }
        await checkInvariants(rider.id, model);
      }
      await checkInvariants(rider.id, model);
    }),
    { numRuns: 50 },
  );
}, 120_000);

test('no entry can be edited or deleted: the triggers refuse UPDATE and DELETE of any row, any column', async () => {
  const before = await db.select().from(cashLedger).orderBy(cashLedger.seq);
  expect(before.length).toBeGreaterThan(10);
  await fc.assert(
    fc.asyncProperty(
      fc.nat({ max: before.length - 1 }),
      fc.constantFrom('amount_minor', 'account', 'kind', 'reason', 'rider_id', 'at'),
      fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
      async (i, column, value) => {
        const seq = before[i]!.seq;
        const update = db.run(sql`update cash_ledger set ${sql.raw(column)} = ${value} where seq = ${seq}`);
        expect(await update.then(() => 'updated', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`)).toContain('cash_ledger is append-only');
        const del = db.run(sql`delete from cash_ledger where seq = ${seq}`);
        expect(await del.then(() => 'deleted', (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`)).toContain('cash_ledger is append-only');
      },
    ),
    { numRuns: 40 },
  );
  expect(await db.select().from(cashLedger).orderBy(cashLedger.seq)).toEqual(before);
});
