import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { freshDb } from '../../../../test/db';
import { login, req, testApp, type TestApp } from '../../../../test/app';
import { createAdmin } from './first-admin';

let db: Db;
let app: TestApp;
beforeAll(async () => {
  db = await freshDb();
  app = testApp(db);
});

describe('createAdmin (bun scripts/db.ts create-admin, for a production database without demo accounts)', () => {
  test('the new admin has no password until the one-time link sets one, then lands as admin', async () => {
    const now = new Date();
    const made = await createAdmin(db, { email: ' Ops@Example.COM ', firstName: 'Noura', lastName: 'Al-Ali' }, now);
    expect(made.email).toBe('ops@example.com');
    expect(made.link).toMatch(/^\/reset\/[a-z0-9]{20,}$/);
    expect(Date.parse(made.expiresAt) - now.getTime()).toBe(60 * 60 * 1000);
    const refused = await req(app, '/api/auth/login', { method: 'POST', body: JSON.stringify({ email: 'ops@example.com', password: 'Any-Password-2026' }), headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);

    const token = made.link.slice('/reset/'.length);
    const set = await req(app, '/api/trpc/auth.resetPassword', { method: 'POST', body: JSON.stringify({ token, password: 'Gulf-Fleet-Ops-2026!' }), headers: { 'content-type': 'application/json' } });
    expect(set.status).toBe(200);
    const cookie = await login(app, 'ops@example.com', 'Gulf-Fleet-Ops-2026!');
    const me = await req(app, '/api/auth/user', { headers: { cookie } });
    expect(await me.json()).toMatchObject({ email: 'ops@example.com', role: 'admin', firstName: 'Noura' });
  });

  test('an email already in use is refused', async () => {
    await expect(createAdmin(db, { email: 'ops@example.com', firstName: 'X' })).rejects.toMatchObject({ code: 'CONFLICT', field: 'email' });
  });
});
