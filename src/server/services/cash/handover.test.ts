import { beforeEach, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { auditLog, cashLedger, cashSubmissions, idempotencyKeys, notices } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { makeOrder } from '../../../../test/factories';
import { freshWorld, type World } from '../../../../test/world';
import { HANDOVER_CODE_TTL_MS } from '../../../shared/cash/handover';
import { formatMoney } from '../../../shared/money';
import { runInLocale } from '../../lib/request-locale';
import { submitCash } from './cash-submit';
import { confirmHandover, resolveDiscrepancy } from './handover';
import { cashLimitState } from './limits';
import { TINY_JPEG_DATA_URL } from '../../../../test/fixtures/tiny-images';
import { riderBalances } from './ledger';
import { staffActor } from '../access';

/**
 * The verified hand-over (issue 9) through the tRPC doors: the rider submits (hand → transit) and gets
 * a one-time code; the company counts it (QR or code) and any difference is resolved; corrections.
 */
let db: Db;
let w: World;
const rider = () => callerFor(db, w.riderA.user.id);
const managerA = () => callerFor(db, w.managerA.id);
const managerB = () => callerFor(db, w.managerB.id);
const admin = () => callerFor(db, w.admin.id);
const balances = () => riderBalances(db, w.riderA.id, 'KWD');

beforeEach(async () => {
  ({ db, w } = await freshWorld());
  // Rider A collected 12.500 KWD on a delivered cash order.
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 12_500 });
});

async function journalsBalance() {
  const bad = await db.select({ j: cashLedger.journalId }).from(cashLedger).groupBy(cashLedger.journalId).having(sql`sum(${cashLedger.amountMinor}) <> 0`);
  expect(bad).toEqual([]);
}

describe('submitting', () => {
  test('hand → transit in one journal; the code is answered once and only its SHA-256 is stored', async () => {
    const r = await (await rider()).rider.submitCash({ id: w.riderA.id, amount: 5 });
    expect(r).toMatchObject({ success: true, amount: 5, currency: 'KWD', channel: 'handover', status: 'pending' });
    expect(r.code).toMatch(/^\d{6}$/);
    expect(r.qr).toBe(`kwt-handover:${r.submissionId}:${r.code}`);
    const row = (await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))!;
    expect(row.codeHash).toBe(createHash('sha256').update(r.code!).digest('hex'));
    expect(row.codeExpiresAt!.getTime() - row.submittedAt.getTime()).toBe(HANDOVER_CODE_TTL_MS);
    expect(await balances()).toMatchObject({ handMinor: 7_500, transitMinor: 5_000, outstandingMinor: 12_500 });
    const entries = await db.select().from(cashLedger).where(eq(cashLedger.submissionId, r.submissionId));
    expect(entries.map((e) => [e.kind, e.account, e.amountMinor, e.actorId])).toEqual([
      ['handover_submitted', 'hand', -5_000, w.riderA.user.id],
      ['handover_submitted', 'transit', 5_000, w.riderA.user.id],
    ]);
    await journalsBalance();
  });

  test('the spec’s message at 0 on hand; never more than on hand; Arabic-Indic digits are read', async () => {
    const c = await rider();
    await c.rider.submitCash({ id: w.riderA.id, amount: '١٢٫٥٠٠' as unknown as number });
    await expectTRPCError(c.rider.submitCash({ id: w.riderA.id, amount: 1 }), 'BAD_REQUEST', "You don't have any cash on hand to submit.");
    await c.rider.handoverCancel({ id: (await c.rider.handovers())[0]!.id });
    await expectTRPCError(c.rider.submitCash({ id: w.riderA.id, amount: 12.501 }), 'BAD_REQUEST', 'You hold 12.5 KWD; you cannot submit more than that');
  });

  test('a replayed submission (same key) is applied once; the stored answer holds no code', async () => {
    const c = await rider();
    const first = await c.rider.submitCash({ id: w.riderA.id, amount: 2, idempotencyKey: 'handover-key-1' });
    const again = await c.rider.submitCash({ id: w.riderA.id, amount: 2, idempotencyKey: 'handover-key-1' });
    expect(again.code).toBeUndefined();
    expect(again.submissionId).toBe(first.submissionId);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'handover-key-1'));
    expect(JSON.stringify(stored!.responseBody)).not.toContain(first.code!);
    expect((await balances()).transitMinor).toBe(2_000);
  });

  test('a bank deposit needs its photographed slip and has no code; the company confirms it by the slip', async () => {
    const c = await rider();
    await expectTRPCError(c.rider.submitCash({ id: w.riderA.id, amount: 4, channel: 'bank_deposit' }), 'BAD_REQUEST', 'Photograph the deposit slip for a bank deposit');
    const jpeg = TINY_JPEG_DATA_URL;
    const slip = (await c.ocr.submit({ type: 'cash', image: jpeg, reading: { value: 4_000 } })).captureId;
    const r = await c.rider.submitCash({ id: w.riderA.id, amount: 4, channel: 'bank_deposit', slipCaptureId: slip });
    expect([r.channel, r.code, r.slip]).toEqual(['bank_deposit', undefined, { amount: 4, currency: 'KWD', mismatch: false }]);
    await expectTRPCError(c.rider.handoverCode({ id: r.submissionId }), 'BAD_REQUEST', 'A bank deposit has no hand-over code');
    const m = await managerA();
    const [listed] = await m.company.handovers({ status: 'pending' });
    expect(listed).toMatchObject({ id: r.submissionId, channel: 'bank_deposit', slip: { amount: 4, mismatch: false }, codeActive: false });
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: '123456', counted: 4 }), 'BAD_REQUEST', 'A bank deposit is confirmed against its slip, not a code');
    expect(await m.company.handoverConfirm({ id: r.submissionId, method: 'slip', counted: 4 })).toMatchObject({ status: 'confirmed', counted: 4, difference: 0 });
    expect((await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))!.receiptMethod).toBe('slip');
  });
});

describe('the company counts', () => {
  test('the right code and the full amount: confirmed, transit → company, audited, in the history with who counted', async () => {
    const r = await (await rider()).rider.submitCash({ id: w.riderA.id, amount: 5 });
    const m = await managerA();
    expect(await m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 })).toEqual({ success: true, id: r.submissionId, status: 'confirmed', counted: 5, difference: 0, currency: 'KWD' });
    expect(await balances()).toMatchObject({ handMinor: 7_500, transitMinor: 0, receivedMinor: 5_000, discrepancyMinor: 0 });
    const [h] = await m.company.handovers({});
    expect(h).toMatchObject({ status: 'confirmed', counted: 5, difference: 0, receivedByName: `Mona ${w.managerA.lastName}`, receiptMethod: 'code' });
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'cash_submission'), eq(auditLog.entityId, r.submissionId)));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['confirm', w.managerA.id]]);
    // The code is spent.
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'CONFLICT', 'This hand-over is already confirmed');
    await journalsBalance();
  });

  test('scanned QR: the code inside it verifies the hand-over (method qr)', async () => {
    const r = await (await rider()).rider.submitCash({ id: w.riderA.id, amount: 3 });
    const [, id, code] = r.qr!.split(':');
    await (await managerA()).company.handoverConfirm({ id: id!, method: 'qr', code: code!, counted: 3 });
    expect((await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))!.receiptMethod).toBe('qr');
  });

  test('a smaller count is a discrepancy: both sides get a notice; the company resolves it with a note', async () => {
    const c = await rider();
    const r = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    const m = await managerA();
    expect(await m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 4.5 })).toMatchObject({ status: 'discrepancy', counted: 4.5, difference: 0.5 });
    expect(await balances()).toMatchObject({ handMinor: 7_500, transitMinor: 0, receivedMinor: 4_500, discrepancyMinor: 500, outstandingMinor: 8_000 });
    const sent = await db.select().from(notices).where(eq(notices.kind, 'cash_discrepancy'));
    expect(sent.map((n) => [n.audience, n.riderId, n.params]).sort()).toEqual([
      ['company', w.riderA.id, { rider: 'Rami Alpha', amount: 5_000, counted: 4_500, difference: 500, currency: 'KWD' }],
      ['rider', w.riderA.id, { rider: 'Rami Alpha', amount: 5_000, counted: 4_500, difference: 500, currency: 'KWD' }],
    ]);
    expect((await c.rider.handovers())[0]).toMatchObject({ status: 'discrepancy', counted: 4.5, difference: 0.5 });
    expect(firstIssue(await expectTRPCError(m.company.handoverResolve({ id: r.submissionId, resolution: 'rider_owes', note: 'x' }), 'BAD_REQUEST'))).toBe('note: Say why (at least 3 characters)');
    await expectTRPCError((await managerB()).company.handoverResolve({ id: r.submissionId, resolution: 'write_off', note: 'not mine' }), 'NOT_FOUND', 'Cash submission not found');
    expect(await m.company.handoverResolve({ id: r.submissionId, resolution: 'rider_owes', note: 'Short by 500 fils, rider to hand over' })).toEqual({ success: true, id: r.submissionId, status: 'resolved', resolution: 'rider_owes' });
    expect(await balances()).toMatchObject({ handMinor: 8_000, discrepancyMinor: 0, outstandingMinor: 8_000 });
    await expectTRPCError(m.company.handoverResolve({ id: r.submissionId, resolution: 'write_off', note: 'again' }), 'CONFLICT', 'There is no counted difference to resolve on this hand-over');
    const [h] = await m.company.handovers({ status: 'resolved' });
    expect(h).toMatchObject({ resolution: 'rider_owes', resolutionNote: 'Short by 500 fils, rider to hand over', resolvedByName: expect.stringContaining('Mona') });
    await journalsBalance();
  });

  test('write off and found move the difference to their accounts; an over-count cannot be charged to the rider', async () => {
    const c = await rider();
    const m = await managerA();
    const a = await c.rider.submitCash({ id: w.riderA.id, amount: 2 });
    await m.company.handoverConfirm({ id: a.submissionId, method: 'code', code: a.code!, counted: 1.75 });
    await m.company.handoverResolve({ id: a.submissionId, resolution: 'write_off', note: 'Torn note' });
    const b = await c.rider.submitCash({ id: w.riderA.id, amount: 2 });
    await m.company.handoverConfirm({ id: b.submissionId, method: 'code', code: b.code!, counted: 2.25 });
    await expectTRPCError(m.company.handoverResolve({ id: b.submissionId, resolution: 'rider_owes', note: 'extra' }), 'BAD_REQUEST', 'More was counted than handed over: the rider owes nothing');
    await m.company.handoverResolve({ id: b.submissionId, resolution: 'found', note: 'Handed the extra back' });
    const sums = await db
      .select({ account: cashLedger.account, minor: sql<number>`sum(${cashLedger.amountMinor})`.mapWith(Number) })
      .from(cashLedger)
      .where(eq(cashLedger.riderId, w.riderA.id))
      .groupBy(cashLedger.account);
    expect(Object.fromEntries(sums.map((s) => [s.account, s.minor]))).toEqual({ customer: -12_500, hand: 8_500, transit: 0, company: 3_750, discrepancy: 0, writeoff: 250 });
    await journalsBalance();
  });

  test('wrong codes count; the fifth locks the hand-over until the rider shows a new code', async () => {
    const c = await rider();
    const r = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    const wrong = r.code === '000000' ? '111111' : '000000';
    const m = await managerA();
    for (let left = 4; left >= 1; left--) {
      await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: wrong, counted: 5 }), 'BAD_REQUEST', `That code is wrong. Tries left: ${left}`);
    }
    const locked = 'Too many wrong codes: this hand-over is locked until the rider shows a new code';
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: wrong, counted: 5 }), 'CONFLICT', locked);
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'CONFLICT', locked);
    expect((await m.company.handovers({ status: 'pending' }))[0]!.locked).toBe(true);
    const fresh = await c.rider.handoverCode({ id: r.submissionId });
    expect(fresh.code).toMatch(/^\d{6}$/);
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: fresh.code === r.code ? wrong : r.code!, counted: 5 }), 'BAD_REQUEST', 'That code is wrong. Tries left: 4');
    expect((await m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: fresh.code, counted: 5 })).status).toBe('confirmed');
  });

  test('an expired code is refused with a clear message (not counted as a wrong try); a new one works', async () => {
    const r = await (await rider()).rider.submitCash({ id: w.riderA.id, amount: 5 });
    const later = new Date(Date.now() + HANDOVER_CODE_TTL_MS + 60_000);
    const scope = staffActor(w.managerA.id, w.companyA.id);
    expect(await confirmHandover(db, scope, { id: r.submissionId, method: 'code', code: r.code!, counted: 5 }, later).then(() => 'ok', (e: Error) => e.message)).toBe('This code has expired. Ask the rider to show a new one.');
    expect((await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))!.codeAttempts).toBe(0);
    const fresh = await (await rider()).rider.handoverCode({ id: r.submissionId });
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now() + HANDOVER_CODE_TTL_MS - 5_000);
    await expectTRPCError((await managerA()).company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'BAD_REQUEST', /wrong|expired/);
  });

  test('walls: another company’s hand-over is not found; a rider cannot confirm; another rider cannot see or cancel it', async () => {
    const r = await (await rider()).rider.submitCash({ id: w.riderA.id, amount: 5 });
    await expectTRPCError((await managerB()).company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'NOT_FOUND', 'Cash submission not found');
    expect(await (await managerB()).company.handovers({})).toEqual([]);
    await expectTRPCError((await rider()).company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'FORBIDDEN', DENIED.company);
    const riderB = await callerFor(db, w.riderB.user.id);
    await expectTRPCError(riderB.rider.handoverCode({ id: r.submissionId }), 'NOT_FOUND', 'Cash submission not found');
    await expectTRPCError(riderB.rider.handoverCancel({ id: r.submissionId }), 'NOT_FOUND', 'Cash submission not found');
    expect(await riderB.rider.handovers()).toEqual([]);
    expect((await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))!.status).toBe('pending');
  });

  test('the rider cancels a pending hand-over: transit → hand; it cannot be counted afterwards', async () => {
    const c = await rider();
    const r = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    expect(await c.rider.handoverCancel({ id: r.submissionId })).toEqual({ success: true, id: r.submissionId, status: 'cancelled' });
    expect(await balances()).toMatchObject({ handMinor: 12_500, transitMinor: 0 });
    await expectTRPCError(c.rider.handoverCancel({ id: r.submissionId }), 'CONFLICT', 'This hand-over is already cancelled');
    await expectTRPCError((await managerA()).company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 5 }), 'CONFLICT', 'This hand-over is already cancelled');
    await journalsBalance();
  });
});

describe('amounts with more decimals than the currency allows are refused, never rounded', () => {
  test('submit, count and correct: 1.2345 KWD and 10.005 AED, with the same message in both languages', async () => {
    const c = await rider();
    await expectTRPCError(c.rider.submitCash({ id: w.riderA.id, amount: 1.2345 }), 'BAD_REQUEST', 'An amount in KWD can have at most 3 decimals');
    expect(await balances()).toMatchObject({ handMinor: 12_500, transitMinor: 0 });
    const r = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    const m = await managerA();
    await expectTRPCError(m.company.handoverConfirm({ id: r.submissionId, method: 'code', code: r.code!, counted: 4.9995 }), 'BAD_REQUEST', 'An amount in KWD can have at most 3 decimals');
    // Not counted and not a wrong try: the hand-over is still pending with no attempts.
    expect((await db.query.cashSubmissions.findFirst({ where: eq(cashSubmissions.id, r.submissionId) }))).toMatchObject({ status: 'pending', codeAttempts: 0 });
    await expectTRPCError(m.company.cashCorrect({ riderId: w.riderA.id, amount: 0.0005, reason: 'Rounding' }), 'BAD_REQUEST', 'An amount in KWD can have at most 3 decimals');
    // AED has 2 decimals: 10.005 AED is refused, 10.50 is fine.
    await makeOrder(db, w.companyB, { riderId: w.riderB.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 5_000 });
    const b = await callerFor(db, w.riderB.user.id);
    await expectTRPCError(b.rider.submitCash({ id: w.riderB.id, amount: 10.005 }), 'BAD_REQUEST', 'An amount in AED can have at most 2 decimals');
    const err = await runInLocale('ar', () => expectTRPCError(b.rider.submitCash({ id: w.riderB.id, amount: '10.005' as unknown as number }), 'BAD_REQUEST'));
    expect(err.message).toBe('لا يمكن أن يزيد المبلغ بعملة AED على 2 منازل عشرية');
    expect(await b.rider.submitCash({ id: w.riderB.id, amount: 10.5 })).toMatchObject({ amount: 10.5, currency: 'AED' });
    expect((await riderBalances(db, w.riderB.id, 'AED')).transitMinor).toBe(1_050);
  });
});

describe('a short count the rider owes keeps its original time on the hold clock', () => {
  test('rider_owes: the shortfall is back on hand, and the cash limit still dates it from its collection', async () => {
    const collectedAt = (await db.select().from(cashLedger).where(and(eq(cashLedger.riderId, w.riderA.id), eq(cashLedger.kind, 'collection'))))[0]!.at;
    const hour = 3_600_000;
    const at = (h: number) => new Date(collectedAt.getTime() + h * hour);
    const r = await submitCash(db, w.riderA.id, { amount: 12.5 }, at(1));
    const scope = staffActor(w.managerA.id, w.companyA.id);
    await confirmHandover(db, scope, { id: r.submissionId, method: 'code', code: r.code!, counted: 12 }, at(1.25));
    await resolveDiscrepancy(db, scope, { id: r.submissionId, resolution: 'rider_owes', note: 'Short by 500 fils' }, at(20));
    expect(await balances()).toMatchObject({ handMinor: 500, transitMinor: 0, discrepancyMinor: 0 });
    const state = await cashLimitState(db, w.riderA.id, at(25));
    expect(state).toMatchObject({ uncountedMinor: 500, since: collectedAt.toISOString(), overLimit: true, reasons: ['overdue'] });
  });
});

describe('corrections and the ledger view', () => {
  test('company or admin corrects cash on hand with a reason; never below 0; audited; shown in the ledger', async () => {
    const m = await managerA();
    expect(firstIssue(await expectTRPCError(m.company.cashCorrect({ riderId: w.riderA.id, amount: 1, reason: '' }), 'BAD_REQUEST'))).toBe('reason: Say why (at least 3 characters)');
    expect((await m.company.cashCorrect({ riderId: w.riderA.id, amount: 1.25, reason: 'Tip counted as COD' })).balances).toMatchObject({ onHand: 13.75 });
    await expectTRPCError(m.company.cashCorrect({ riderId: w.riderA.id, amount: -20, reason: 'Too much' }), 'BAD_REQUEST', `A correction cannot take cash on hand below 0 (the rider holds ${formatMoney(13_750, 'KWD')})`);
    await expectTRPCError((await managerB()).company.cashCorrect({ riderId: w.riderA.id, amount: 1, reason: 'Not mine' }), 'NOT_FOUND', 'Rider not found');
    await expectTRPCError((await managerB()).company.riderLedger({ riderId: w.riderA.id }), 'NOT_FOUND', 'Rider not found');
    await (await admin()).admin.cashCorrect({ riderId: w.riderA.id, amount: -0.75, reason: 'Counted at the office' });
    const ledger = await m.company.riderLedger({ riderId: w.riderA.id });
    expect(ledger.balances).toMatchObject({ currency: 'KWD', onHand: 13, pending: 0, outstanding: 13 });
    expect(ledger.journals.map((j) => [j.kind, j.lines.map((l) => `${l.account}:${l.amount}`).join(' '), j.actorName?.split(' ')[0] ?? null, j.reason])).toEqual([
      ['correction', 'hand:-0.75 adjustment:0.75', 'Ada', 'Counted at the office'],
      ['correction', 'hand:1.25 adjustment:-1.25', 'Mona', 'Tip counted as COD'],
      ['collection', 'customer:-12.5 hand:12.5', null, null],
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entity, 'rider_cash'));
    expect(audit.map((a) => [a.action, a.actorId]).sort()).toEqual([['correct', w.admin.id], ['correct', w.managerA.id]].sort());
    expect((await m.company.cashRiders()).find((r) => r.riderId === w.riderA.id)).toMatchObject({ onHand: 13, outstanding: 13 });
  });
});

describe('the admin', () => {
  test('confirms in full or disputes (the cash goes back on hand); resolves differences; reads any ledger', async () => {
    const c = await rider();
    const a = await c.rider.submitCash({ id: w.riderA.id, amount: 5 });
    const b = await c.rider.submitCash({ id: w.riderA.id, amount: 6 });
    const ad = await admin();
    await ad.admin.cashReview({ id: a.submissionId, status: 'confirmed' });
    await ad.admin.cashReview({ id: b.submissionId, status: 'disputed' });
    expect(await balances()).toMatchObject({ handMinor: 7_500, transitMinor: 0, receivedMinor: 5_000 });
    const list = await ad.admin.cashList({});
    expect(list.map((r) => [r.amount, r.status, r.counted, r.companyName])).toEqual([
      [6, 'disputed', null, 'Alpha Couriers'],
      [5, 'confirmed', 5, 'Alpha Couriers'],
    ]);
    const d = await c.rider.submitCash({ id: w.riderA.id, amount: 1 });
    await (await managerA()).company.handoverConfirm({ id: d.submissionId, method: 'code', code: d.code!, counted: 0.5 });
    expect((await ad.admin.cashList({ status: 'discrepancy' })).map((r) => r.difference)).toEqual([0.5]);
    await ad.admin.cashResolve({ id: d.submissionId, resolution: 'found', note: 'In the safe' });
    expect((await ad.admin.cashRiderLedger({ riderId: w.riderA.id })).balances.discrepancy).toBe(0);
    await journalsBalance();
  });
});
