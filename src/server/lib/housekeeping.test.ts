import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { idempotencyKeys, loginAttempts } from '../../../db/schema';
import { freshDb } from '../../../test/db';
import { makeUser } from '../../../test/factories';
import { pruneLoginAttempts } from '../services/identity';
import { housekeep } from './housekeeping';

let db: Db;
beforeAll(async () => {
  db = await freshDb();
});

describe('housekeeping', () => {
  test('expired idempotency keys and sign-in attempts older than the window go; live ones stay', async () => {
    const user = await makeUser(db);
    const now = new Date('2026-11-22T12:00:00Z');
    const row = (key: string, expiresAt: Date) => ({ key, userId: user.id, scope: 'duty', responseStatus: 200, responseBody: '{}', createdAt: now, expiresAt });
    await db.insert(idempotencyKeys).values([row('expired-key-1', new Date(now.getTime() - 1)), row('live-key-0001', new Date(now.getTime() + 60_000))]);
    await db.insert(loginAttempts).values([
      { email: 'a@example.com', ip: '203.0.113.1', success: false, at: new Date(now.getTime() - 16 * 60_000) },
      { email: 'a@example.com', ip: '203.0.113.1', success: false, at: new Date(now.getTime() - 60_000) },
    ]);
    await housekeep(db, [pruneLoginAttempts], now);
    expect((await db.select().from(idempotencyKeys)).map((r) => r.key)).toEqual(['live-key-0001']);
    expect((await db.select().from(loginAttempts)).map((r) => r.at.getTime())).toEqual([now.getTime() - 60_000]);
  });
});
