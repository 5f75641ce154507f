import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, companies, companyMembers, managerInvitations, users } from '../../../../db/schema';
import { callerFor, getWith, login, postJson, testApp } from '../../../../test/app';
import { DENIED, expectTRPCError } from '../../../../test/expect';
import { makeCompanyManager, TEST_PASSWORD } from '../../../../test/factories';
import { fileSmtpSink } from '../../../../test/smtp-sink-file';
import { freshWorld } from '../../../../test/world';

const INVITE_UNKNOWN = 'This invitation link is not valid. Ask your company for a new one.';

const { db, w } = await freshWorld();
const sink = await fileSmtpSink();
let seq = 0;


const admin = () => callerFor(db, w.admin.id);
const anon = () => callerFor(db, null);
const PASSWORD = 'harbour lantern seventeen';
const TOKEN_URL = /^\/company-invite\/([a-z2-7]{32})$/;
const tokenOf = (url: string) => url.split('/').pop()!;
const newCompany = (over: Record<string, string> = {}) => ({ name: `Gulf Star ${++seq}`, email: `owner${seq}@gulfstar.example`, contactPerson: 'Huda Al-Sabah', phone: '+96550001234', ...over });

const ALREADY = (email: string) => `${email} has already signed in, so a new invitation is not needed. If they lost their password, create a reset link.`;
const SUSPENDED_LOGIN = 'This account is suspended and cannot sign in. Contact your administrator.';
const MANAGER_INVITE_USED = 'This invitation link has already been used. Sign in with your password, or ask your administrator for a new link.';
const MANAGER_INVITE_UNKNOWN = 'This invitation link is not valid. Ask your administrator for a new one.';

describe('Add Company creates its manager account and an invitation', () => {
  test('admin.createCompany: the company, a manager (role company, no password, never signed in) and a one-time link, in one answer', async () => {
    const input = newCompany();
    const res = await (await admin()).admin.createCompany(input);
    expect(res).toMatchObject({ success: true, message: 'Company added', company: { name: input.name }, manager: { email: input.email, name: 'Huda Al-Sabah' }, emailed: false });
    expect(res.invitationUrl).toMatch(TOKEN_URL);
    const days = (new Date(res.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const user = await db.query.users.findFirst({ where: eq(users.email, input.email) });
    expect(user).toMatchObject({ id: res.manager.id, role: 'company', firstName: 'Huda', lastName: 'Al-Sabah', passwordHash: null, lastSignInAt: null, disabled: false });
    expect(await db.query.companyMembers.findFirst({ where: eq(companyMembers.userId, user!.id) })).toEqual({ userId: user!.id, companyId: res.company.id });
    const [inv] = await db.select().from(managerInvitations).where(eq(managerInvitations.userId, user!.id));
    expect(inv!.tokenHash).not.toContain(tokenOf(res.invitationUrl));
    const actions = await db.select({ action: auditLog.action, entity: auditLog.entity }).from(auditLog).where(eq(auditLog.actorId, w.admin.id));
    expect(actions).toEqual(expect.arrayContaining([{ action: 'create', entity: 'company' }, { action: 'create', entity: 'user' }, { action: 'invite', entity: 'user' }]));
  });

  test('the manager is named after the company when the form has no contact person', async () => {
    const res = await (await admin()).admin.createCompany(newCompany({ contactPerson: '', name: 'Desert Rose Logistics' }));
    expect(res.manager.name).toBe('Desert Rose Logistics');
    expect(await db.query.users.findFirst({ where: eq(users.id, res.manager.id) })).toMatchObject({ firstName: 'Desert', lastName: 'Rose Logistics' });
  });

  test('an email that already signs someone in: 409 on the email field, and no company is left behind (one transaction)', async () => {
    const before = (await db.select().from(companies)).length;
    const err = await expectTRPCError((await admin()).admin.createCompany(newCompany({ email: 'rider.a@example.com' })), 'CONFLICT', 'A rider or user with this email already exists');
    expect(err.cause).toMatchObject({ field: 'email' });
    expect((await db.select().from(companies)).length).toBe(before);
  });

  test('POST /api/admin/companies answers invitationUrl as an absolute link on this server', async () => {
    const app = testApp(db);
    const res = await postJson(app, '/api/admin/companies', newCompany(), { cookie: await adminCookie(app) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { invitationUrl: string; emailed: boolean };
    expect(body.invitationUrl).toMatch(/^http:\/\/localhost\/company-invite\/[a-z2-7]{32}$/);
    expect(body.emailed).toBe(false);
  });

  test('with SMTP configured the manager gets the link by e-mail, in English and Arabic', async () => {
    const app = testApp(db, { SMTP_URL: sink.url, MAIL_FROM: 'KWT Delivery <robot@kwt.test>', APP_URL: 'https://portal.kwt.test' });
    const input = newCompany({ name: 'Pearl Express' });
    const res = await postJson(app, '/api/admin/companies', input, { cookie: await adminCookie(app) });
    const body = (await res.json()) as { invitationUrl: string; emailed: boolean };
    expect(body.emailed).toBe(true);
    expect(body.invitationUrl).toMatch(/^https:\/\/portal\.kwt\.test\/company-invite\/[a-z2-7]{32}$/);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.envelopeTo).toEqual([input.email]);
    expect(mail!.envelopeFrom).toBe('robot@kwt.test');
    expect(mail!.subject).toBe('Your KWT Delivery account for Pearl Express');
    expect(mail!.text).toContain('Hello Huda Al-Sabah,');
    expect(mail!.text).toContain(body.invitationUrl);
    expect(mail!.text).toContain('The link works once and expires in 7 days.');
    expect(mail!.text).toContain('مرحبًا Huda Al-Sabah،');
  });
});

/** An admin session cookie through the real login (the factories' password). */
function adminCookie(app: ReturnType<typeof testApp>) {
  return login(app, 'admin@kwtdelivery.com', TEST_PASSWORD, `203.0.113.${++seq % 200}`);
}

describe('the manager accepts the invitation', () => {
  test('sets a password (the policy applies), is signed in as the company manager, and the link is spent', async () => {
    const res = await (await admin()).admin.createCompany(newCompany({ name: 'Falcon Couriers' }));
    const token = tokenOf(res.invitationUrl);
    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token, password: 'short1' }), 'BAD_REQUEST');
    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token, password: 'Huda Al-Sabah' }), 'BAD_REQUEST', 'Do not use your email address or your name as your password.');
    // A rider's invitation page does not take a manager's link.
    await expectTRPCError((await anon()).auth.acceptInvite({ token, password: PASSWORD }), 'BAD_REQUEST', INVITE_UNKNOWN);

    const app = testApp(db);
    const accepted = await postJson(app, '/api/trpc/auth.acceptManagerInvite', { token, password: PASSWORD });
    expect(accepted.status).toBe(200);
    const { result } = (await accepted.json()) as { result: { data: { user: { role: string; companyName: string; roleData: { id: string } } } } };
    expect(result.data.user).toMatchObject({ role: 'company', companyName: 'Falcon Couriers', roleData: { id: res.company.id } });
    const cookie = accepted.headers.getSetCookie().find((c) => c.startsWith('kwt_session='))!.split(';')[0]!;
    const overview = await getWith(app, '/api/trpc/company.overview', cookie);
    expect(overview.status).toBe(200);

    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token, password: 'another long phrase' }), 'BAD_REQUEST', MANAGER_INVITE_USED);
    expect((await login(app, res.manager.email, PASSWORD, '203.0.113.77')).startsWith('kwt_session=')).toBe(true);
    const row = await db.query.users.findFirst({ where: eq(users.id, res.manager.id) });
    expect(row!.lastSignInAt).toBeInstanceOf(Date);
  });

  test('an unknown token says so in the manager’s words', async () => {
    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token: 'a'.repeat(32), password: PASSWORD }), 'BAD_REQUEST', MANAGER_INVITE_UNKNOWN);
  });
});

describe('re-issuing an invitation', () => {
  test('while the manager has never signed in: a new link, and the earlier one stops working', async () => {
    const res = await (await admin()).admin.createCompany(newCompany());
    const again = await (await admin()).admin.reissueInvitation({ userId: res.manager.id });
    expect(again.invitationUrl).toMatch(TOKEN_URL);
    expect(again.invitationUrl).not.toBe(res.invitationUrl);
    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token: tokenOf(res.invitationUrl), password: PASSWORD }), 'BAD_REQUEST', MANAGER_INVITE_UNKNOWN);
    await (await anon()).auth.acceptManagerInvite({ token: tokenOf(again.invitationUrl), password: PASSWORD });
    const audited = await db.select().from(auditLog).where(and(eq(auditLog.action, 'invite'), eq(auditLog.entityId, res.manager.id)));
    expect(audited).toHaveLength(2);
  });

  test('refused with a clear error once the manager has signed in (by any way)', async () => {
    const res = await (await admin()).admin.createCompany(newCompany());
    await (await anon()).auth.acceptManagerInvite({ token: tokenOf(res.invitationUrl), password: PASSWORD });
    await expectTRPCError((await admin()).admin.reissueInvitation({ userId: res.manager.id }), 'BAD_REQUEST', ALREADY(res.manager.email));
    // A seeded manager with a password who signed in by password: the same.
    const app = testApp(db);
    await login(app, 'manager@alpha.example', TEST_PASSWORD, '203.0.113.88');
    await expectTRPCError((await admin()).admin.reissueInvitation({ userId: w.managerA.id }), 'BAD_REQUEST', ALREADY('manager@alpha.example'));
  });

  test('only for company managers, and not while suspended', async () => {
    await expectTRPCError((await admin()).admin.reissueInvitation({ userId: w.riderA.user.id }), 'BAD_REQUEST', 'This account is not a company manager.');
    const res = await (await admin()).admin.createCompany(newCompany());
    await (await admin()).admin.setManagerStatus({ userId: res.manager.id, suspended: true });
    await expectTRPCError((await admin()).admin.reissueInvitation({ userId: res.manager.id }), 'BAD_REQUEST', 'This manager is suspended: reinstate them before issuing an invitation.');
    // The link issued before the suspension does not sign them in either.
    await expectTRPCError((await anon()).auth.acceptManagerInvite({ token: tokenOf(res.invitationUrl), password: PASSWORD }), 'BAD_REQUEST', SUSPENDED_LOGIN);
  });
});

describe('a second manager', () => {
  test('admin.addManager: another account of the same company with its own link; both manage the company', async () => {
    const first = await (await admin()).admin.createCompany(newCompany({ name: 'Twin Palms Delivery' }));
    const second = await (await admin()).admin.addManager({ companyId: first.company.id, name: 'Salem Al-Mutairi', email: 'salem@twinpalms.example' });
    expect(second).toMatchObject({ success: true, manager: { email: 'salem@twinpalms.example', name: 'Salem Al-Mutairi' }, emailed: false });
    expect(tokenOf(second.invitationUrl)).not.toBe(tokenOf(first.invitationUrl));
    const members = await db.select().from(companyMembers).where(eq(companyMembers.companyId, first.company.id));
    expect(members.map((m) => m.userId).sort()).toEqual([first.manager.id, second.manager.id].sort());
    const { user } = await (await anon()).auth.acceptManagerInvite({ token: tokenOf(second.invitationUrl), password: PASSWORD });
    expect(user).toMatchObject({ role: 'company', firstName: 'Salem', companyName: 'Twin Palms Delivery', roleData: { id: first.company.id } });
    // The first manager's link is untouched by the second's.
    await (await anon()).auth.acceptManagerInvite({ token: tokenOf(first.invitationUrl), password: PASSWORD });
  });

  test('an unknown company or a taken email is refused on its field', async () => {
    await expectTRPCError((await admin()).admin.addManager({ companyId: 'nosuchcompany0000000', name: 'Nobody', email: 'nobody@example.com' }), 'BAD_REQUEST');
    const err = await expectTRPCError((await admin()).admin.addManager({ companyId: w.companyA.id, name: 'Copy', email: 'manager@alpha.example' }), 'CONFLICT', 'A rider or user with this email already exists');
    expect(err.cause).toMatchObject({ field: 'email' });
  });
});

describe('suspending a manager', () => {
  test('ends their sessions, refuses sign-in saying so (only to the right password), and reinstating lets them in again', async () => {
    const app = testApp(db);
    const manager = await makeCompanyManager(db, w.companyB, { email: 'suspend.me@beta.example' });
    const cookie = await login(app, manager.email, TEST_PASSWORD, '203.0.113.91');
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(200);

    const res = await (await admin()).admin.setManagerStatus({ userId: manager.id, suspended: true });
    expect(res).toEqual({ success: true, suspended: true, sessionsEnded: 1 });
    expect((await getWith(app, '/api/auth/user', cookie)).status).toBe(401);

    const refused = await postJson(app, '/api/auth/login', { email: manager.email, password: TEST_PASSWORD }, { ip: '203.0.113.92' });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(SUSPENDED_LOGIN);
    const wrong = await postJson(app, '/api/auth/login', { email: manager.email, password: 'not the password at all' }, { ip: '203.0.113.93' });
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe('Invalid credentials. Please check your email and password.');

    expect(await (await admin()).admin.setManagerStatus({ userId: manager.id, suspended: false })).toEqual({ success: true, suspended: false, sessionsEnded: 0 });
    await login(app, manager.email, TEST_PASSWORD, '203.0.113.94');
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, manager.id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['suspend', 'sessions-revoked', 'reinstate']));
  });

  test('only company managers: a rider is suspended by their company, not here', async () => {
    await expectTRPCError((await admin()).admin.setManagerStatus({ userId: w.riderA.user.id, suspended: true }), 'BAD_REQUEST', 'This account is not a company manager.');
  });
});

describe('tenant walls: admins only', () => {
  const calls = {
    addManager: (c: Awaited<ReturnType<typeof admin>>) => c.admin.addManager({ companyId: w.companyA.id, name: 'Intruder', email: `intruder${++seq}@example.com` }),
    reissueInvitation: (c: Awaited<ReturnType<typeof admin>>) => c.admin.reissueInvitation({ userId: w.managerA.id }),
    setManagerStatus: (c: Awaited<ReturnType<typeof admin>>) => c.admin.setManagerStatus({ userId: w.managerB.id, suspended: true }),
  };
  for (const [name, call] of Object.entries(calls)) {
    test(`admin.${name}: a company manager, a rider and a visitor are refused`, async () => {
      await expectTRPCError(call(await callerFor(db, w.managerA.id)), 'FORBIDDEN', DENIED.admin);
      await expectTRPCError(call(await callerFor(db, w.riderA.user.id)), 'FORBIDDEN', DENIED.admin);
      await expectTRPCError(call(await anon()), 'UNAUTHORIZED', DENIED.signedOut);
    });
  }

  test('a company manager cannot add a company (and so no manager account) over REST either', async () => {
    const app = testApp(db);
    const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD, '203.0.113.95');
    const res = await postJson(app, '/api/admin/companies', newCompany({ email: 'sneaky@example.com' }), { cookie });
    expect(res.status).toBe(403);
    expect(await db.query.users.findFirst({ where: eq(users.email, 'sneaky@example.com') })).toBeUndefined();
  });
});
