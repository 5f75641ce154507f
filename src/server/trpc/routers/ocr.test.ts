import { beforeAll, describe, expect, test } from 'bun:test';
import { captures } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { DENIED, expectTRPCError } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';

const { db, w } = await freshWorld();

beforeAll(async () => {
  const at = (m: number) => new Date(Date.now() - m * 60_000);
  await db.insert(captures).values([
    { riderId: w.riderA.id, type: 'start_odometer', valueKm: 12040, ocrConfidence: 0.93, capturedAt: at(30) },
    { riderId: w.riderA.id, type: 'receipt', valueMinor: 5250, currency: 'KWD', capturedAt: at(10) },
    { riderId: w.riderB.id, type: 'cash', valueMinor: 6000, currency: 'AED', capturedAt: at(5) },
  ]);
});

describe('ocr.captures', () => {
  test('a rider sees only their own scans, newest first', async () => {
    const list = await (await callerFor(db, w.riderA.user.id)).ocr.captures();
    expect(list.map((c) => c.type)).toEqual(['receipt', 'start_odometer']);
    expect(list.every((c) => c.riderId === w.riderA.id)).toBe(true);
    const b = await (await callerFor(db, w.riderB.user.id)).ocr.captures();
    expect(b.map((c) => c.riderId)).toEqual([w.riderB.id]);
  });

  test('an admin sees everyone’s', async () => {
    const list = await (await callerFor(db, w.admin.id)).ocr.captures();
    expect(list).toHaveLength(3);
  });

  test('a company has no OCR', async () => {
    await expectTRPCError((await callerFor(db, w.managerA.id)).ocr.captures(), 'FORBIDDEN', DENIED.ocr);
  });
});
