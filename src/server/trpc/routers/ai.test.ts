import { beforeAll, describe, expect, test } from 'bun:test';
import { leads } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { DENIED, expectTRPCError } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

beforeAll(async () => {
  await db.insert(leads).values([
    { name: 'Old Lead', company: 'Gulf Foods', email: 'old@gulffoods.example', source: 'chat', createdAt: new Date(Date.now() - 86_400_000) },
    { name: 'New Lead', company: 'Souq Co', email: 'new@souq.example', source: 'chat' },
  ]);
});

describe('ai.leads', () => {
  test('an admin lists leads, newest first', async () => {
    const list = await (await callerFor(db, w.admin.id)).ai.leads();
    expect(list.map((l) => l.name)).toEqual(['New Lead', 'Old Lead']);
  });

  test('nobody else may', async () => {
    for (const id of [w.managerA.id, w.riderA.user.id]) {
      await expectTRPCError((await callerFor(db, id)).ai.leads(), 'FORBIDDEN', DENIED.admin);
    }
    await expectTRPCError((await callerFor(db, null)).ai.leads(), 'UNAUTHORIZED');
  });
});
