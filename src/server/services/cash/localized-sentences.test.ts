import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { cashSubmissions, users, webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { callerFor, getWith, login, postJson, testApp, type TestApp } from '../../../../test/app';
import { expectTRPCError } from '../../../../test/expect';
import { makeOrder, TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';
import { translate } from '../../../shared/i18n';
import { msg, privilegeOf, readStoredMessage, render } from '../../../shared/i18n/message';
import type { DomainError } from '../../errors';
import { runInLocale } from '../../lib/request-locale';
import { reviewCashSubmission } from './cash-submit';
import { blockedAddressReason, dispatchDue } from '../integrations';

/**
 * Issue 8: values inside server sentences (statuses, webhook refusal reasons, privileges) follow the
 * reader's language, not only the sentence around them. English stays as it was, except 'picked up'.
 */
const { db, w } = await freshWorld();
let app: TestApp;
let arabicManager: string;
let arabicRider: string;

beforeAll(async () => {
  app = testApp(db);
  await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.managerA.id));
  await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.riderA.user.id));
  arabicManager = await login(app, 'manager@alpha.example', TEST_PASSWORD, '203.0.113.71');
  arabicRider = await login(app, 'rider.a@example.com', TEST_PASSWORD, '203.0.113.72');
});

/** A tRPC mutation over HTTP as the signed-in user: the error's message. */
async function refusal(path: string, body: unknown, cookie: string, headers: Record<string, string> = {}) {
  const res = await postJson(app, `/api/trpc/${path}`, body, { cookie, headers });
  expect(res.status).toBeGreaterThanOrEqual(400);
  return ((await res.json()) as { error: { message: string } }).error.message;
}

describe('order statuses inside sentences', () => {
  test('Arabic: "An order that is {from} cannot become {to}" names both statuses in Arabic', async () => {
    const order = await makeOrder(db, w.companyA, { status: 'pending' });
    const message = await refusal('company.setOrderStatus', { orderId: order.id, status: 'delivered' }, arabicManager);
    expect(message).toBe('لا يمكن تحويل طلب حالته «قيد الانتظار» إلى «تم التسليم»');
    expect(message).toBe(translate('ar', 'errors.orderTransition', { from: translate('ar', 'orderStatus.pending'), to: translate('ar', 'orderStatus.delivered') }));
  });

  test('Arabic: a delivered order cannot be reassigned (the status in Arabic)', async () => {
    const order = await makeOrder(db, w.companyA, { status: 'delivered', riderId: w.riderA.id });
    expect(await refusal('company.assignOrder', { orderId: order.id, riderId: w.riderA.id }, arabicManager)).toBe('لا يمكن إعادة إسناد طلب حالته «تم التسليم»');
  });

  test('Arabic: the rider app refuses a move with both statuses in Arabic', async () => {
    const order = await makeOrder(db, w.companyA, { status: 'assigned', riderId: w.riderA.id });
    const message = await refusal('rider.setOrderStatus', { orderId: order.id, status: 'delivered', recipientName: 'Noura' }, arabicRider);
    expect(message).toBe('لا يمكن تحويل طلب حالته «مُسنَد» إلى «تم التسليم»');
  });

  test('English: the same sentences with the statuses as words ("picked up", not "picked_up")', async () => {
    const manager = await callerFor(db, w.managerB.id);
    const order = await makeOrder(db, w.companyB, { status: 'pending' });
    await expectTRPCError(manager.company.setOrderStatus({ orderId: order.id, status: 'picked_up' }), 'BAD_REQUEST', 'An order that is pending cannot become picked up');
    const done = await makeOrder(db, w.companyB, { status: 'cancelled' });
    await expectTRPCError(manager.company.assignOrder({ orderId: done.id, riderId: w.riderB.id }), 'BAD_REQUEST', 'An order that is cancelled cannot be reassigned');
  });

  test('a stored message is read back by key in the reader’s language; an old English text stays as it is', () => {
    const stored = JSON.stringify(msg('errors.handoverAlready', { status: { word: 'cashReview.status.confirmed' } }));
    expect(readStoredMessage(stored, 'ar')).toBe('حالة تسليم النقد هذه هي بالفعل «مؤكَّد»');
    expect(readStoredMessage(stored, 'en')).toBe('This hand-over is already confirmed');
    expect(readStoredMessage('An order that is picked up cannot become pending', 'ar')).toBe('An order that is picked up cannot become pending');
    expect(readStoredMessage('{not json', 'ar')).toBe('{not json');
  });
});

describe('cash hand-over status', () => {
  test('Arabic: "This hand-over is already {status}" with the status label in Arabic; English unchanged', async () => {
    const [row] = await db.insert(cashSubmissions).values({ riderId: w.riderA.id, amountMinor: 5000, currency: 'KWD', status: 'confirmed' }).returning();
    const ar = await runInLocale('ar', () => reviewCashSubmission(db, w.admin.id, row!.id, 'disputed').catch((e: DomainError) => e.localized()));
    expect(ar).toBe(`حالة تسليم النقد هذه هي بالفعل «${translate('ar', 'cashReview.status.confirmed')}»`);
    const en = await reviewCashSubmission(db, w.admin.id, row!.id, 'disputed').catch((e: Error) => e.message);
    expect(en).toBe('This hand-over is already confirmed');
  });
});

describe('webhook refusal reasons', () => {
  test('Arabic: registering a loopback URL names the reason in Arabic; English as before', async () => {
    const message = await refusal('company.webhookCreate', { url: 'https://127.0.0.1/hook', events: ['order.created'] }, arabicManager);
    expect(message).toBe(translate('ar', 'errors.webhookPrivate', { reason: 'عنوان استرجاع (loopback)', host: '127.0.0.1', address: '127.0.0.1' }));
    expect(blockedAddressReason('10.0.0.1')).toBe('a private address');
    expect(runInLocale('ar', () => blockedAddressReason('10.0.0.1'))).toBe('عنوان خاص');
  });

  test('a delivery refused later is stored by key and read back in the reader’s language', async () => {
    const [hook] = await db.insert(webhookEndpoints).values({ companyId: w.companyA.id, url: 'https://rebind.example.com/hook', secret: 'x'.repeat(64), events: ['order.created'] }).returning();
    await db.insert(webhookDeliveries).values({ endpointId: hook!.id, event: 'order.created', payload: {}, nextAttemptAt: new Date(0) });
    // Woken from an Arabic request, the dispatcher writes the key, not the waking request's language.
    await runInLocale('ar', () => dispatchDue(db, { allowPrivate: false, resolve: async () => ['127.0.0.1'] }));
    const [stored] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook!.id));
    expect(JSON.parse(stored!.lastError!)).toEqual({
      key: 'errors.webhookPrivate',
      params: { reason: { key: 'errors.webhookReason.loopback' }, host: 'rebind.example.com', address: '127.0.0.1' },
    });
    expect(readStoredMessage(stored!.lastError!, 'en')).toBe('Webhook URLs may not point to a loopback address (rebind.example.com is 127.0.0.1)');
    const res = await getWith(app, `/api/trpc/company.webhookDeliveries?input=${encodeURIComponent(JSON.stringify({ endpointId: hook!.id }))}`, arabicManager);
    const log = (await res.json()).result.data as { lastError: string | null }[];
    expect(log[0]!.lastError).toBe(translate('ar', 'errors.webhookPrivate', { reason: 'عنوان استرجاع (loopback)', host: 'rebind.example.com', address: '127.0.0.1' }));
  });
});

describe('privileges in "Access denied" sentences', () => {
  test('Arabic: the roles a permission needs are named in Arabic; English keeps "company or admin"', async () => {
    const res = await getWith(app, '/api/trpc/admin.stats', arabicManager);
    expect(res.status).toBe(403);
    const message = ((await res.json()) as { error: { message: string } }).error.message;
    expect(message).toBe(translate('ar', 'guard.denied', { action: translate('ar', 'permission.access-admin-portal'), privilege: 'مدير النظام' }));
    const denied = msg('guard.denied', { action: msg('permission.view-analytics'), privilege: privilegeOf(['company', 'admin']) });
    expect(render('en', denied)).toBe('Access denied: Viewing analytics requires company or admin privileges');
    expect(render('ar', denied)).toBe(translate('ar', 'guard.denied', { action: translate('ar', 'permission.view-analytics'), privilege: 'الشركة أو مدير النظام' }));
  });
});
