/**
 * Issue 24 item 5: errors carry catalog keys and each door renders them in the request's language. An Arabic
 * request gets Arabic for a domain error, a zod refusal and a body that is not JSON, over REST and tRPC alike, and
 * the assistant shows an AI tool's scope refusal in Arabic; English requests keep the spec's exact texts.
 */
import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { login, postJson, testApp, type TestApp } from '../../../test/app';
import { makeOrder, TEST_PASSWORD } from '../../../test/factories';
import { freshWorld, type World } from '../../../test/world';
import { translate } from '../../shared/i18n';
import { offlineSupportReply } from '../ai/support-offline';
import { toolsFor } from '../ai/tools';
import { actorFor } from '../services/access';
import { loadSessionUser } from '../services/identity';
import { runInLocale } from '../lib/request-locale';

let db: Db;
let w: World;
let app: TestApp;
let arabic: string;
let english: string;

beforeAll(async () => {
  ({ db, w } = await freshWorld());
  app = testApp(db);
  await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.managerA.id));
  arabic = await login(app, 'manager@alpha.example', TEST_PASSWORD, '203.0.113.81');
  english = await login(app, 'manager@beta.example', TEST_PASSWORD, '203.0.113.82');
});

type RestError = { message: string; error: { code: string; message: string; field?: string; fields?: Record<string, string> } };
type TrpcError = { error: { message: string; data: { code: string; field?: string; fieldErrors?: Record<string, string> } } };

const rest = async (body: unknown, cookie: string) => {
  const res = await postJson(app, '/api/company/riders', body, { cookie });
  return { status: res.status, body: (await res.json()) as RestError };
};
const trpc = async (path: string, body: unknown, cookie: string) => {
  const res = await postJson(app, `/api/trpc/${path}`, body, { cookie });
  return { status: res.status, body: (await res.json()) as TrpcError };
};
const rider = (email: string) => ({ name: 'Salem', email, phone: '+96550001234', vehicleType: 'car', licenseNumber: 'KW-1', region: 'KWD' });

describe('REST: the message is rendered in the request’s language', () => {
  test('a domain error (a rider email already taken) by its key', async () => {
    const ar = await rest(rider('rider.a@example.com'), arabic);
    expect(ar.status).toBe(409);
    expect(ar.body.error).toEqual({ code: 'CONFLICT', message: 'يوجد مندوب بهذا البريد الإلكتروني بالفعل', field: 'email' });
    expect(ar.body.message).toBe(ar.body.error.message);
    const en = await rest(rider('rider.a@example.com'), english);
    expect(en.body.error.message).toBe('A rider with this email already exists');
  });

  test('a zod refusal: every field’s message in Arabic, the spec’s English unchanged', async () => {
    const ar = await rest({}, arabic);
    expect(ar.status).toBe(400);
    expect(ar.body.error.message).toBe(`name: ${translate('ar', 'errors.nameRequired')}`);
    expect(ar.body.error.fields?.email).toBe(translate('ar', 'errors.emailRequired'));
    expect(ar.body.error.fields?.email).not.toBe('Email is required');
    const en = await rest({}, english);
    expect(en.body.error.message).toBe('name: Name is required');
    expect(en.body.error.fields?.phone).toBe('Phone is required');
  });

  test('a body that is not JSON', async () => {
    const ar = await rest('{"name": ', arabic);
    expect(ar.status).toBe(400);
    expect(ar.body.error).toEqual({ code: 'BAD_REQUEST', message: 'نص JSON في الطلب غير صالح' });
    expect((await rest('{"name": ', english)).body.error.message).toBe('Malformed JSON body');
  });
});

describe('tRPC: the same messages through the errorFormatter', () => {
  test('a domain error with its status words, and a zod refusal', async () => {
    const order = await makeOrder(db, w.companyA, { status: 'pending' });
    const domain = await trpc('company.setOrderStatus', { orderId: order.id, status: 'delivered' }, arabic);
    expect(domain.body.error.message).toBe('لا يمكن تحويل طلب حالته «قيد الانتظار» إلى «تم التسليم»');
    const zod = await trpc('company.addRider', {}, arabic);
    expect(zod.status).toBe(400);
    expect(zod.body.error.message).toBe(`name: ${translate('ar', 'errors.nameRequired')}`);
    expect(zod.body.error.data.fieldErrors?.licenseNumber).toBe(translate('ar', 'errors.licenseRequired'));
    expect((await trpc('company.addRider', {}, english)).body.error.message).toBe('name: Name is required');
  });

  test('a body that is not JSON', async () => {
    const ar = await trpc('company.addRider', '{"name": ', arabic);
    expect(ar.status).toBe(400);
    expect(ar.body.error.message).toBe('نص JSON في الطلب غير صالح');
    expect((await trpc('company.addRider', '{"name": ', english)).body.error.message).toBe('Malformed JSON body');
  });
});

describe('the assistant shows an AI tool’s scope refusal in the reader’s language', () => {
  test('another company’s riders: refused in Arabic for an Arabic reader, in English otherwise', async () => {
    const scope = await actorFor(db, (await loadSessionUser(db, w.managerA.id))!);
    const tools = toolsFor(scope);
    const run = (tool: (typeof tools)[number], input: Record<string, unknown>) => tool.run(db, scope, input as never, new Date());
    const ask = () => offlineSupportReply(scope, tools, { kind: 'tool', topic: 'riders', tool: 'list_riders', input: { companyId: w.companyB.id } }, run, 'riders');
    expect((await runInLocale('ar', ask)).response).toBe('تم رفض الوصول: يمكنك الاطلاع على بيانات شركتك فقط');
    expect((await runInLocale('en', ask)).response).toBe('Access denied: you can only see your own company');
  });
});
