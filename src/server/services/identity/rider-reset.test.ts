import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { auditLog, passwordResets, riderInvitations, users } from '../../../../db/schema';
import { callerFor, getWith, login, postJson, testApp, testEnv, type TestApp } from '../../../../test/app';
import { allowConsoleError } from '../../../../test/console';
import { expectTRPCError } from '../../../../test/expect';
import { makeRider, TEST_PASSWORD } from '../../../../test/factories';
import { fileSmtpSink } from '../../../../test/smtp-sink-file';
import { freshWorld } from '../../../../test/world';
import { inviteCompanyRider } from '../directory';
import { issueResetLink } from './password-reset';
import { RIDER_RESET_LIMIT } from './rider-reset';

/**
 * Issue 22 item 3: a company cannot take over its rider's account. Re-inviting a rider who already has a
 * password gives the company no link; the rider gets a reset e-mail only the rider can use.
 */
const { db, w } = await freshWorld();
const sink = await fileSmtpSink();
let mailApp: TestApp;
let plainApp: TestApp;
const APP_URL = 'https://portal.kwt.test';
let seq = 0;
const ip = () => `198.51.100.${++seq}`;

beforeAll(async () => {
  mailApp = testApp(db, { SMTP_URL: sink.url, MAIL_FROM: 'KWT Delivery <robot@kwt.test>', APP_URL });
  plainApp = testApp(db);
});

/** A rider of company A who signed up (password Demo… TEST_PASSWORD) and is signed in on a phone. */
async function signedUpRider(over: { locale?: string } = {}) {
  const email = `signed.up${++seq}@example.com`;
  const { rider, user } = await makeRider(db, w.companyA, { userOver: { email, firstName: 'Huda', lastName: 'Saleh', ...over } });
  const phone = await login(mailApp, email, TEST_PASSWORD, ip());
  return { rider, user: user!, email, phone };
}

/** The manager of company A asks, over HTTP, as the browser does; the raw answer body is returned. */
async function managerInvites(app: TestApp, riderId: string) {
  const cookie = await login(app, 'manager@alpha.example', TEST_PASSWORD, ip());
  const res = await postJson(app, '/api/trpc/company.inviteRider', { id: riderId }, { cookie });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const hashOf = async (userId: string) => (await db.query.users.findFirst({ where: eq(users.id, userId) }))!.passwordHash;

describe('re-inviting a rider who already has a password', () => {
  test('the company gets no link or token; the password and the rider’s session are untouched', async () => {
    const { rider, user, phone } = await signedUpRider();
    const before = await hashOf(user.id);
    const res = await managerInvites(mailApp, rider.id);
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text).result.data;
    expect(data).toEqual({ success: true, kind: 'reset', sent: true, channel: 'email', expiresAt: expect.any(String) });
    expect(res.text).not.toContain('/invite/');
    expect(res.text).not.toContain('/reset/');
    expect(res.text).not.toMatch(/[a-z2-7]{32}/);
    expect(await hashOf(user.id)).toBe(before);
    expect((await getWith(mailApp, '/api/dashboard/rider', phone)).status).toBe(200);
    expect(await db.select().from(riderInvitations).where(eq(riderInvitations.riderId, rider.id))).toHaveLength(0);
  });

  test('the reset e-mail goes to the rider’s own address, in the rider’s language, and only the rider can use it', async () => {
    const { rider, user, email, phone } = await signedUpRider();
    await managerInvites(mailApp, rider.id);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0]!;
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toBe('Choose a new password for KWT Delivery');
    expect(mail.text).toContain('Hello Huda,');
    expect(mail.text).toContain(`${w.companyA.name} asked us to send you a link`);
    expect(mail.text).toContain('Only you receive this link: your company does not see it.');
    expect(mail.text).toContain('expires in 60 minutes');
    const link = /https:\/\/portal\.kwt\.test\/reset\/([a-z2-7]{32})/.exec(mail.text);
    expect(link).not.toBeNull();
    // Only the SHA-256 is stored, by the manager's request, for 60 minutes.
    const rows = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.createdBy).toBe(w.managerA.id);
    expect(JSON.stringify(rows)).not.toContain(link![1]!);
    // The rider (and only whoever reads the rider's mail) sets the new password with it.
    const done = await (await callerFor(db, null)).auth.resetPassword({ token: link![1]!, password: 'my own fresh passphrase' });
    expect(done.user.email).toBe(email);
    expect((await getWith(mailApp, '/api/dashboard/rider', phone)).status).toBe(401);
    await login(mailApp, email, 'my own fresh passphrase', ip());
  });

  test('an Arabic-speaking rider gets the e-mail in Arabic', async () => {
    const { rider } = await signedUpRider({ locale: 'ar' });
    await managerInvites(mailApp, rider.id);
    expect(sink.messages[0]!.subject).toBe('اختر كلمة مرور جديدة لـ KWT Delivery');
    expect(sink.messages[0]!.text).toContain('مرحبًا Huda،');
  });

  test('audited with the manager as actor and never the token', async () => {
    const { rider, user } = await signedUpRider();
    await managerInvites(mailApp, rider.id);
    const token = /\/reset\/([a-z2-7]{32})/.exec(sink.messages[0]!.text)![1]!;
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'reset-requested')));
    expect(entry).toMatchObject({ actorId: w.managerA.id, entity: 'user' });
    expect(entry!.detail).toMatchObject({ after: { riderId: rider.id, channel: 'email' } });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  test('without SMTP nothing is sent or created: the company is told to ask the administrator', async () => {
    const { rider, user, phone } = await signedUpRider();
    const before = await hashOf(user.id);
    const res = await managerInvites(plainApp, rider.id);
    expect(JSON.parse(res.text).result.data).toEqual({ success: true, kind: 'reset', sent: false, channel: 'email', expiresAt: null });
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0);
    expect(await hashOf(user.id)).toBe(before);
    expect((await getWith(plainApp, '/api/dashboard/rider', phone)).status).toBe(200);
    // The admin's reset link still works for this rider.
    expect((await issueResetLink(db, w.admin.id, user.id)).link).toMatch(/^\/reset\/[a-z2-7]{32}$/);
  });

  test('a refused e-mail leaves no usable link behind and says it was not sent', async () => {
    const { rider, user } = await signedUpRider();
    sink.refuse(true);
    const logged = allowConsoleError();
    const res = await managerInvites(mailApp, rider.id);
    expect(String(logged[0]?.[0])).toContain('Message failed: 550 Mailbox unavailable');
    expect(JSON.parse(res.text).result.data).toMatchObject({ kind: 'reset', sent: false });
    expect(await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(0);
    const failed = await db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'reset-mail-failed')));
    expect(failed).toHaveLength(1);
  });

  test(`at most ${RIDER_RESET_LIMIT.max} per rider in an hour: then 429 with Retry-After; another rider is not affected`, async () => {
    const { rider } = await signedUpRider();
    for (let i = 0; i < RIDER_RESET_LIMIT.max; i++) expect((await managerInvites(mailApp, rider.id)).status).toBe(200);
    const refused = await managerInvites(mailApp, rider.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(JSON.parse(refused.text).error.message).toBe('A reset e-mail was sent to this rider 3 times in the last hour. Try again in 60 minutes.');
    expect(sink.messages).toHaveLength(RIDER_RESET_LIMIT.max);
    const other = await signedUpRider();
    expect((await managerInvites(mailApp, other.rider.id)).status).toBe(200);
  });

  test('the window slides: an hour later the company may ask again', async () => {
    const { rider, user } = await signedUpRider();
    const door = { origin: APP_URL, config: testEnv({ SMTP_URL: sink.url }) };
    const t0 = new Date('2026-05-01T08:00:00Z');
    for (let i = 0; i < RIDER_RESET_LIMIT.max; i++) await inviteCompanyRider(db, door, w.managerA.id, w.companyA.id, rider.id, new Date(t0.getTime() + i * 60_000));
    await expect(inviteCompanyRider(db, door, w.managerA.id, w.companyA.id, rider.id, new Date(t0.getTime() + 30 * 60_000))).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfterSeconds: 30 * 60,
    });
    const later = await inviteCompanyRider(db, door, w.managerA.id, w.companyA.id, rider.id, new Date(t0.getTime() + RIDER_RESET_LIMIT.windowMs + 1000));
    expect(later).toMatchObject({ kind: 'reset', sent: true });
    expect((await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).length).toBe(RIDER_RESET_LIMIT.max + 1);
  });

  test('a rider who signed in only with Google (no password) is treated as signed up', async () => {
    const { rider, user } = await makeRider(db, w.companyA, { userOver: { email: `google${++seq}@example.com`, passwordHash: null, lastSignInAt: new Date() } });
    const res = await managerInvites(mailApp, rider.id);
    expect(JSON.parse(res.text).result.data).toMatchObject({ kind: 'reset', sent: true });
    expect(await hashOf(user!.id)).toBeNull();
  });

  test('another company cannot ask for a reset of A’s rider (NOT_FOUND, nothing sent)', async () => {
    const { rider } = await signedUpRider();
    await expectTRPCError((await callerFor(db, w.managerB.id)).company.inviteRider({ id: rider.id }), 'NOT_FOUND', 'Rider not found');
    expect(sink.messages).toHaveLength(0);
  });
});

describe('an invitation never replaces a password', () => {
  test('a link issued before the rider chose a password stops working once they have one', async () => {
    const { rider } = await makeRider(db, w.companyA, { withUser: false });
    const manager = await callerFor(db, w.managerA.id);
    const first = await manager.company.inviteRider({ id: rider.id });
    const second = await manager.company.inviteRider({ id: rider.id });
    if (first.kind !== 'invitation' || second.kind !== 'invitation') throw new Error('a new rider gets invitations');
    // The rider sets a password through the latest link; an earlier stolen one is already replaced, and a
    // link issued before an admin reset cannot be used after it.
    const anon = await callerFor(db, null);
    const linked = await db.query.riders.findFirst({ where: (r, { eq: e }) => e(r.id, rider.id) });
    const reset = await issueResetLink(db, w.admin.id, linked!.userId!);
    await anon.auth.resetPassword({ token: reset.link.split('/').pop()!, password: 'the rider chose this one' });
    await expectTRPCError(
      anon.auth.acceptInvite({ token: second.link.split('/').pop()!, password: 'the manager wants in now' }),
      'BAD_REQUEST',
      'This account already has a password. Sign in with it, or ask your company to e-mail you a password reset.',
    );
    await login(plainApp, linked!.email, 'the rider chose this one', ip());
    // And the company's list now offers a reset, not an invitation.
    expect((await manager.company.riders()).find((r) => r.id === rider.id)?.signedUp).toBe(true);
  });

  test('company.riders says who signed up', async () => {
    const fresh = await makeRider(db, w.companyA, { withUser: false });
    const { rider } = await signedUpRider();
    const list = await (await callerFor(db, w.managerA.id)).company.riders();
    expect(list.find((r) => r.id === fresh.rider.id)?.signedUp).toBe(false);
    expect(list.find((r) => r.id === rider.id)?.signedUp).toBe(true);
  });
});
