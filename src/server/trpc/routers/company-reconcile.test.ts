import { beforeAll, describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';
import { postJournal } from '../../services/cash';
import { notify } from '../../services/compliance';

const { db, w } = await freshWorld();
const HOUR = 3_600_000;

beforeAll(async () => {
  // Rami (company A) collected 30 hours ago and never handed over: overdue, found when notices are read.
  await postJournal(db, {
    kind: 'collection',
    riderId: w.riderA.id,
    companyId: w.companyA.id,
    currency: 'KWD',
    at: new Date(Date.now() - 30 * HOUR),
    lines: [
      { account: 'customer', amountMinor: -4_500 },
      { account: 'hand', amountMinor: 4_500 },
    ],
  });
  // An older notice of company B, which company A must never see or touch.
  await notify(db, { companyId: w.companyB.id, riderId: w.riderB.id, audience: 'company', kind: 'document_expiring', params: { rider: 'Rashed Beta', document: 'emirates_id', date: '2025-06-01' }, dedupeKey: 'test:b' });
});

describe('notices and cash-limit state through the routers', () => {
  test('company.notices finds the hold time run out, newest first; company B sees only its own', async () => {
    const a = await callerFor(db, w.managerA.id);
    const list = await a.company.notices();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'cash_overdue', audience: 'company', riderId: w.riderA.id, read: false, readAt: null, params: { rider: 'Rami Alpha', amount: 4_500, currency: 'KWD', hours: 24 } });
    expect(typeof list[0]!.createdAt).toBe('string');
    const b = await callerFor(db, w.managerB.id);
    expect((await b.company.notices()).map((n) => n.kind)).toEqual(['document_expiring']);
    expect(await a.company.cashLimitRiders()).toMatchObject([{ riderId: w.riderA.id, riderName: 'Rami Alpha', reason: 'overdue', handMinor: 4_500 }]);
    expect(await b.company.cashLimitRiders()).toEqual([]);
  });

  test('rider.cashLimit and rider.notices: the rider’s own state and notices only', async () => {
    const r = await callerFor(db, w.riderA.user.id);
    const state = await r.rider.cashLimit();
    expect(state).toMatchObject({ overLimit: true, reason: 'overdue', reasons: ['overdue'], currency: 'KWD', handMinor: 4_500, limitMinor: 100_000, holdHours: 24 });
    expect(Object.keys(state)).not.toContain('companyId');
    const mine = await r.rider.notices({ unreadOnly: true });
    expect(mine.map((n) => [n.kind, n.audience])).toEqual([['cash_overdue', 'rider']]);
    expect(await (await callerFor(db, w.riderB.user.id)).rider.notices()).toEqual([]);
    expect(await (await callerFor(db, w.riderB.user.id)).rider.cashLimit()).toMatchObject({ overLimit: false, reason: null, currency: 'AED', handMinor: 0, limitMinor: 100_000, since: null, dueAt: null });
  });

  test('mark read: own notices only (another company’s or audience’s is not found); mark all', async () => {
    const a = await callerFor(db, w.managerA.id);
    const b = await callerFor(db, w.managerB.id);
    const r = await callerFor(db, w.riderA.user.id);
    const [mine] = await a.company.notices();
    const [theirs] = await b.company.notices();
    await expectTRPCError(a.company.markNoticeRead({ id: theirs!.id }), 'NOT_FOUND', 'Notice not found');
    await expectTRPCError(r.rider.markNoticeRead({ id: mine!.id }), 'NOT_FOUND', 'Notice not found');
    expect(await a.company.markNoticeRead({ id: mine!.id })).toEqual({ success: true });
    expect(await a.company.markNoticeRead({ id: mine!.id })).toEqual({ success: true });
    expect((await a.company.notices())[0]).toMatchObject({ id: mine!.id, read: true });
    const [riderNotice] = await r.rider.notices({ unreadOnly: true });
    await r.rider.markNoticeRead({ id: riderNotice!.id });
    expect(await r.rider.notices({ unreadOnly: true })).toEqual([]);
    expect(await b.company.markAllNoticesRead()).toEqual({ success: true, count: 1 });
    expect((await b.company.notices()).every((n) => n.read)).toBe(true);
    expect((await a.company.notices()).every((n) => n.read)).toBe(true);
  });

  test('roles: a rider has no company notices, a manager no rider state', async () => {
    await expectTRPCError((await callerFor(db, w.riderA.user.id)).company.notices(), 'FORBIDDEN');
    await expectTRPCError((await callerFor(db, w.managerA.id)).rider.cashLimit(), 'FORBIDDEN');
  });
});
