import { describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

describe('company.setWeekend', () => {
  test('sets only the caller’s own company; the other company is untouched', async () => {
    const a = await callerFor(db, w.managerA.id);
    const b = await callerFor(db, w.managerB.id);
    const before = await b.company.profile();
    const saved = await a.company.setWeekend({ weekend: 'sat-sun' });
    expect(saved).toMatchObject({ id: w.companyA.id, weekendSetting: 'sat-sun', weekend: 'sat-sun' });
    expect((await a.company.profile()).weekend).toBe('sat-sun');
    expect(await b.company.profile()).toEqual(before);
  });

  test('null returns to the region’s default', async () => {
    const a = await callerFor(db, w.managerA.id);
    const profile = await a.company.setWeekend({ weekend: null });
    expect(profile.weekendSetting).toBeNull();
    expect(profile.weekend).toBe(profile.region === 'uae' ? 'sat-sun' : 'fri-sat');
  });

  test('validation: an unknown weekend, or a companyId sent along, changes nothing else', async () => {
    const a = await callerFor(db, w.managerA.id);
    await expect(a.company.setWeekend({ weekend: 'thu-fri' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await (a.company.setWeekend as (i: unknown) => Promise<unknown>)({ weekend: 'fri-sat', companyId: w.companyB.id });
    expect((await (await callerFor(db, w.managerB.id)).company.profile()).weekendSetting).toBeNull();
  });

  test('riders and admins cannot set a weekend', async () => {
    await expect((await callerFor(db, w.admin.id)).company.setWeekend({ weekend: 'fri-sat' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect((await callerFor(db, w.riderA.user.id)).company.setWeekend({ weekend: 'fri-sat' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
