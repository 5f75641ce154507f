import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { auditLog, regionRules, riders, users } from '../../../../db/schema';
import { callerFor, login, postJson, testApp } from '../../../../test/app';
import { DENIED, expectTRPCError, firstIssue } from '../../../../test/expect';
import { TEST_PASSWORD } from '../../../../test/factories';
import { freshWorld } from '../../../../test/world';

/** Working rules through the routers: who may read and change them (time behaviour: services/compliance/region-rules.test.ts). */
const { db, w } = await freshWorld();
type Caller = Awaited<ReturnType<typeof callerFor>>;
let admin: Caller, managerA: Caller, managerB: Caller, riderA: Caller, riderB: Caller;

beforeAll(async () => {
  admin = await callerFor(db, w.admin.id);
  managerA = await callerFor(db, w.managerA.id);
  managerB = await callerFor(db, w.managerB.id);
  riderA = await callerFor(db, w.riderA.user.id);
  riderB = await callerFor(db, w.riderB.user.id);
});

const uae = { region: 'uae', summerMotorcycleBan: true, summerMiddayBreak: false, iftarPause: true, maxDailyHours: 9.5, warnBeforeMinutes: 45 } as const;

describe('admin.regionRules and regionRulesUpdate', () => {
  test('an admin reads both regions and saves one; the change is audited', async () => {
    const list = await admin.admin.regionRules();
    expect(list.map((r) => [r.region, r.timeZone, r.rules.map((x) => x.rule)])).toEqual([
      ['kuwait', 'Asia/Kuwait', ['summer_ban', 'iftar_pause', 'max_hours']],
      ['uae', 'Asia/Dubai', ['midday_break', 'iftar_pause', 'max_hours']],
    ]);
    const saved = await admin.admin.regionRulesUpdate(uae);
    expect(saved.settings).toEqual({ summerMotorcycleBan: true, summerMiddayBreak: false, iftarPause: true, maxDailyHours: 9.5, warnBeforeMinutes: 45 });
    expect([saved.region, saved.updatedBy, saved.rules[0]]).toEqual(['uae', 'Ada', { rule: 'midday_break', enabled: false, state: 'off', from: saved.rules[0]!.from, to: saved.rules[0]!.to }]);
    const row = await db.query.regionRules.findFirst({ where: eq(regionRules.region, 'uae') });
    expect([row!.summerMiddayBreak, row!.maxDailyHours, row!.updatedBy]).toEqual([false, 9.5, w.admin.id]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entity, 'region_rules'));
    expect([entry!.actorId, entry!.action, entry!.entityId]).toEqual([w.admin.id, 'update', 'uae']);
    expect(entry!.detail).toEqual({
      // The test template starts with the time-of-day rules off (test/db.ts).
      before: { summerMotorcycleBan: false, summerMiddayBreak: false, iftarPause: false, maxDailyHours: 10, warnBeforeMinutes: 30 },
      after: { summerMotorcycleBan: true, summerMiddayBreak: false, iftarPause: true, maxDailyHours: 9.5, warnBeforeMinutes: 45 },
    });
  });

  test('managers and riders may neither read nor change them', async () => {
    for (const c of [managerA, riderA]) {
      await expectTRPCError(c.admin.regionRules(), 'FORBIDDEN', DENIED.admin);
      await expectTRPCError(c.admin.regionRulesUpdate(uae), 'FORBIDDEN', DENIED.admin);
    }
  });

  test('bad values are refused with the field and the catalog text', async () => {
    const issue = async (input: typeof uae | Record<string, unknown>) => firstIssue(await expectTRPCError(admin.admin.regionRulesUpdate(input as typeof uae), 'BAD_REQUEST'));
    expect(await issue({ ...uae, maxDailyHours: 0 })).toBe('maxDailyHours: Maximum daily hours must be between 1 and 24, in half hours');
    expect(await issue({ ...uae, maxDailyHours: 8.25 })).toBe('maxDailyHours: Maximum daily hours must be between 1 and 24, in half hours');
    expect(await issue({ ...uae, warnBeforeMinutes: 2.5 })).toBe('warnBeforeMinutes: Warning minutes must be a whole number from 0 to 240');
    expect(await issue({ ...uae, maxDailyHours: 1, warnBeforeMinutes: 60 })).toBe('warnBeforeMinutes: The warning must come before the maximum is reached');
    expect(await issue({ ...uae, region: 'qatar' })).toBe('region: Choose Kuwait or the UAE');
  });

  test('over HTTP the message comes in the request language', async () => {
    const app = testApp(db);
    await db.update(users).set({ locale: 'ar' }).where(eq(users.id, w.admin.id));
    const cookie = await login(app, 'admin@kwtdelivery.com', TEST_PASSWORD);
    const res = await postJson(app, '/api/trpc/admin.regionRulesUpdate', { ...uae, maxDailyHours: 30 }, { cookie });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; data: { field: string } } };
    expect([body.error.message, body.error.data.field]).toEqual(['maxDailyHours: يجب أن يكون الحد الأقصى للساعات اليومية بين 1 و24، بأنصاف الساعات', 'maxDailyHours']);
  });
});

describe('rider.rulesNow and company.rulesToday', () => {
  test("each rider sees only their own region, vehicle and hours", async () => {
    await db.update(riders).set({ vehicleType: 'car' }).where(eq(riders.id, w.riderB.id));
    const a = await riderA.rider.rulesNow();
    const b = await riderB.rider.rulesNow();
    expect([a.region, a.timeZone, a.vehicle, a.hours.workedMinutes, a.hours.maxDailyHours]).toEqual(['kuwait', 'Asia/Kuwait', 'motorcycle', 0, 10]);
    expect([b.region, b.timeZone, b.vehicle, b.hours.maxDailyHours]).toEqual(['uae', 'Asia/Dubai', 'car', 9.5]);
    for (const c of [admin, managerA]) await expectTRPCError(c.rider.rulesNow(), 'FORBIDDEN', DENIED.rider);
  });

  test("a manager sees their own company's region, read-only", async () => {
    expect((await managerA.company.rulesToday()).region).toBe('kuwait');
    const b = await managerB.company.rulesToday();
    expect([b.region, b.settings.maxDailyHours, b.rules.map((r) => [r.rule, r.enabled])]).toEqual(['uae', 9.5, [['midday_break', false], ['iftar_pause', true], ['max_hours', true]]]);
    for (const c of [admin, riderA]) await expectTRPCError(c.company.rulesToday(), 'FORBIDDEN', DENIED.company);
  });
});
