import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cashSubmissions, users } from '../../../db/schema';
import { login, postJson, testApp, type TestApp } from '../../../test/app';
import { makeOrder, TEST_PASSWORD } from '../../../test/factories';
import { freshWorld, type World } from '../../../test/world';
import { translate } from '../../shared/i18n';

/** POST /api/riders/{id}/cash/submit (spec section 7), the rider outbox's door onto the verified hand-over. */
let db: Db;
let w: World;
let app: TestApp;
let cookie: string;
const url = () => `/api/riders/${w.riderA.id}/cash/submit`;

beforeEach(async () => {
  ({ db, w } = await freshWorld());
  app = testApp(db);
  cookie = await login(app, w.riderA.user.email, TEST_PASSWORD);
});

describe('POST /api/riders/{id}/cash/submit', () => {
  test('no cash on hand: 400 with the spec’s text, as { error: { code, message } }', async () => {
    const res = await postJson(app, url(), { amount: 1 }, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: "You don't have any cash on hand to submit." } });
    // In the rider's own language (the account's, which wins over the browser's).
    await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.riderA.user.id));
    const ar = await postJson(app, url(), { amount: 1 }, { cookie });
    expect(((await ar.json()) as { error: { message: string } }).error.message).toBe(translate('ar', 'app.cash.noCashText'));
  });

  test('{ amount } (Arabic-Indic digits too) → pending with a one-time code; the Idempotency-Key replay answers without the code', async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 5_000 });
    const send = () => postJson(app, url(), { amount: '٢٫٥٠٠' }, { cookie, headers: { 'Idempotency-Key': 'rest-handover-1' } });
    const first = await send();
    expect(first.status).toBe(200);
    const body = (await first.json()) as { submissionId: string; amount: number; status: string; code: string; qr: string };
    expect(body).toMatchObject({ success: true, amount: 2.5, currency: 'KWD', channel: 'handover', status: 'pending' });
    expect(body.code).toMatch(/^\d{6}$/);
    const again = (await (await send()).json()) as Record<string, unknown>;
    expect(again.submissionId).toBe(body.submissionId);
    expect('code' in again).toBe(false);
    expect(await db.select().from(cashSubmissions).where(eq(cashSubmissions.riderId, w.riderA.id))).toHaveLength(1);
  });

  test('more decimals than the currency allows: 400 naming the amount, nothing submitted (never rounded)', async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 5_000 });
    for (const amount of [1.2345, '1.0005', '١٫٢٣٤٥']) {
      const res = await postJson(app, url(), { amount }, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'An amount in KWD can have at most 3 decimals', field: 'amount' } });
    }
    await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.riderA.user.id));
    const ar = await postJson(app, url(), { amount: 1.2345 }, { cookie });
    expect(((await ar.json()) as { error: { message: string } }).error.message).toBe('لا يمكن أن يزيد المبلغ بعملة KWD على 3 منازل عشرية');
    expect(await db.select().from(cashSubmissions).where(eq(cashSubmissions.riderId, w.riderA.id))).toEqual([]);
  });

  test('another rider’s id: 403; a bank deposit without its slip: 400 naming the slip', async () => {
    await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'delivered', paymentMethod: 'cash', codAmountMinor: 5_000 });
    const other = await postJson(app, `/api/riders/${w.riderB.id}/cash/submit`, { amount: 1 }, { cookie });
    expect(other.status).toBe(403);
    const bank = await postJson(app, url(), { amount: 1, channel: 'bank_deposit' }, { cookie });
    expect(bank.status).toBe(400);
    expect(await bank.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'Photograph the deposit slip for a bank deposit', field: 'slipCaptureId' } });
  });
});
