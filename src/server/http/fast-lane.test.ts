import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { createDb, type Db } from '../../../db/client';
import { locationPings, sessions, users } from '../../../db/schema';
import { freshDbFile } from '../../../test/db';
import { makeCompany, makeRider, makeUser, TEST_PASSWORD } from '../../../test/factories';
import { BASE, getWith, laneApps, login, postJson, setCookieFor, testEnv } from '../../../test/app';
import { createApp } from '../app';
import { sessionIdFromToken } from '../auth/tokens';
import { MAX_LANE_BODY } from './fast-lane';

let file: string;
let db: Db;
let fast: ReturnType<typeof createApp>;
let slow: ReturnType<typeof createApp>;
/** The fast lane alone: whatever it steps aside for ends in this app's 404. */
let laneOnly: Hono;
let riderA: { id: string; cookie: string; userId: string };
let riderB: { id: string; cookie: string };
let adminCookie: string;

beforeAll(async () => {
  file = await freshDbFile();
  db = await createDb({ url: `file:${file}` });
  ({ fast, slow, laneOnly } = laneApps(db, (app, lane) => {
    app.get('/api/auth/user', lane.authUser);
    app.post('/api/riders/:id/location', lane.location);
  }));
  const company = await makeCompany(db);
  const a = await makeRider(db, company, { userOver: { email: 'a@example.com' } });
  const b = await makeRider(db, company, { userOver: { email: 'b@example.com' } });
  await makeUser(db, { email: 'admin@example.com', role: 'admin' });
  riderA = { id: a.rider.id, userId: a.user!.id, cookie: await login(fast, 'a@example.com', TEST_PASSWORD) };
  riderB = { id: b.rider.id, cookie: await login(fast, 'b@example.com', TEST_PASSWORD) };
  adminCookie = await login(fast, 'admin@example.com', TEST_PASSWORD);
});

afterAll(() => db.$client.close());

const headersOf = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== 'date').sort(([x], [y]) => x.localeCompare(y));
async function same(a: Response, b: Response) {
  expect(a.status).toBe(b.status);
  expect(headersOf(a)).toEqual(headersOf(b));
  expect(await a.text()).toBe(await b.text());
}
/** A POST to the lane alone, with the Content-Length a browser declares (the lane reads no body without one). */
const lanePost = (path: string, body: unknown, cookie: string, headers: Record<string, string> = {}) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const length = String(Buffer.byteLength(text));
  return laneOnly.request(`${BASE}${path}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json', 'content-length': length, cookie, ...headers } });
};
const laneGet = (cookie?: string) => laneOnly.request(`${BASE}/api/auth/user`, { headers: cookie ? { cookie } : {} });
const pingsOf = async (riderId: string) => (await db.select().from(locationPings).where(eq(locationPings.riderId, riderId))).length;

describe('session check', () => {
  test('a remembered session is answered by the fast lane with the pipeline’s status, headers and body', async () => {
    await getWith(fast, '/api/auth/user', riderA.cookie); // resolved once through the pipeline, then remembered
    const lane = await laneGet(riderA.cookie);
    expect(lane.status).toBe(200);
    await same(await laneGet(riderA.cookie), await getWith(slow, '/api/auth/user', riderA.cookie));
    const user = (await lane.json()) as { email: string; role: string; roleData: { id: string } };
    expect(user).toMatchObject({ email: 'a@example.com', role: 'rider', roleData: { id: riderA.id } });
    expect(lane.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(lane.headers.get('cache-control')).toBe('no-store');
    expect(lane.headers.get('content-language')).toBe('en');
  });

  test('no cookie and an unknown token step aside; the app answers them as before', async () => {
    expect((await laneGet()).status).toBe(404);
    expect((await laneGet('kwt_session=abcdefghijklmnopqrstuvwxyz234567')).status).toBe(404);
    await same(await getWith(fast, '/api/auth/user', 'kwt_session=abcdefghijklmnopqrstuvwxyz234567'), await getWith(slow, '/api/auth/user', 'kwt_session=abcdefghijklmnopqrstuvwxyz234567'));
  });

  test('after sign-out the very next session check is refused', async () => {
    const cookie = await login(fast, 'b@example.com', TEST_PASSWORD);
    expect((await getWith(fast, '/api/auth/user', cookie)).status).toBe(200);
    expect((await laneGet(cookie)).status).toBe(200);
    expect((await postJson(fast, '/api/auth/logout', {}, { cookie })).status).toBe(200);
    expect((await laneGet(cookie)).status).toBe(404);
    const after = await getWith(fast, '/api/auth/user', cookie);
    expect(after.status).toBe(401);
  });

  test('a suspended user is refused at once, and a renamed one is answered with the new name', async () => {
    const user = await makeUser(db, { email: 'c@example.com', role: 'admin' });
    const cookie = await login(fast, 'c@example.com', TEST_PASSWORD);
    await getWith(fast, '/api/auth/user', cookie);
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id));
    expect(((await (await getWith(fast, '/api/auth/user', cookie)).json()) as { firstName: string }).firstName).toBe('Renamed');
    await db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await getWith(fast, '/api/auth/user', cookie)).status).toBe(401);
  });

  test('a change written by another process is seen within the recheck interval (250 ms)', async () => {
    await getWith(fast, '/api/auth/user', adminCookie);
    expect((await laneGet(adminCookie)).status).toBe(200);
    const other = await createDb({ url: `file:${file}` });
    await other.update(users).set({ locale: 'ar' }).where(eq(users.email, 'admin@example.com'));
    other.$client.close();
    await Bun.sleep(300);
    const res = await getWith(fast, '/api/auth/user', adminCookie);
    expect(((await res.json()) as { locale: string }).locale).toBe('ar');
    expect(res.headers.get('content-language')).toBe('ar');
  });

  test('a session due for renewal goes through the pipeline, which renews it and re-sends the cookie', async () => {
    const cookie = await login(fast, 'a@example.com', TEST_PASSWORD);
    await getWith(fast, '/api/auth/user', cookie);
    const id = sessionIdFromToken(cookie.split('=')[1]!);
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) }).where(eq(sessions.id, id));
    expect((await laneGet(cookie)).status).toBe(404);
    const res = await getWith(fast, '/api/auth/user', cookie);
    expect(res.status).toBe(200);
    expect(setCookieFor(res, 'kwt_session')?.split(';')[0]).toBe(cookie);
  });
});

describe('location ping', () => {
  const ping = (recordedAt: number) => ({ lat: 29.3759, lng: 47.9774, accuracy: 8, recordedAt });

  test('a rider’s own ping is stored by the fast lane and answered as the pipeline answers it', async () => {
    await getWith(fast, '/api/auth/user', riderA.cookie);
    const before = await pingsOf(riderA.id);
    const at = Date.now() - 5000;
    const lane = await lanePost(`/api/riders/${riderA.id}/location`, ping(at), riderA.cookie, { 'idempotency-key': 'fast-lane-1' });
    expect(lane.status).toBe(200);
    expect(await pingsOf(riderA.id)).toBe(before + 1);
    // The same ping replayed through the pipeline (same phone time) is the same ping: same answer, not stored twice.
    const replay = await postJson(slow, `/api/riders/${riderA.id}/location`, ping(at), { cookie: riderA.cookie, headers: { 'idempotency-key': 'fast-lane-1' } });
    const again = await lanePost(`/api/riders/${riderA.id}/location`, ping(at), riderA.cookie, { 'idempotency-key': 'fast-lane-1' });
    await same(again, replay);
    expect(await lane.json()).toEqual({ success: true, recordedAt: new Date(at).toISOString() });
    expect(await pingsOf(riderA.id)).toBe(before + 1);
  });

  test('a same-origin ping with an Origin header is taken; a foreign Origin is refused by the pipeline', async () => {
    const ok = await lanePost(`/api/riders/${riderA.id}/location`, ping(Date.now() - 1000), riderA.cookie, { origin: 'http://localhost' });
    expect(ok.status).toBe(200);
    const foreign = { origin: 'https://evil.example' };
    expect((await lanePost(`/api/riders/${riderA.id}/location`, ping(Date.now()), riderA.cookie, foreign)).status).toBe(404);
    const res = await postJson(fast, `/api/riders/${riderA.id}/location`, ping(Date.now()), { cookie: riderA.cookie, headers: foreign });
    expect(res.status).toBe(403);
  });

  test('a body without a Content-Length, or over 4 KB, is left unread to the pipeline (which applies its body limit)', async () => {
    const before = await pingsOf(riderA.id);
    const path = `/api/riders/${riderA.id}/location`;
    const body = JSON.stringify(ping(Date.now() - 2000));
    const chunked = await laneOnly.request(`${BASE}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json', cookie: riderA.cookie } });
    expect([chunked.status, await chunked.text()]).toEqual([404, 'stepped aside']);
    const padded = `${body}${' '.repeat(MAX_LANE_BODY + 1 - body.length)}`;
    expect((await lanePost(path, padded, riderA.cookie)).status).toBe(404);
    expect(await pingsOf(riderA.id)).toBe(before);
    // The pipeline takes the same padded ping (under its 1 MB limit).
    expect((await postJson(fast, path, padded, { cookie: riderA.cookie })).status).toBe(200);
    expect(await pingsOf(riderA.id)).toBe(before + 1);
  });

  test('another rider’s id, an admin, bad JSON and bad coordinates step aside and get the pipeline’s errors', async () => {
    const cases: [string, unknown, string][] = [
      [`/api/riders/${riderB.id}/location`, ping(Date.now()), riderA.cookie],
      [`/api/riders/${riderA.id}/location`, ping(Date.now()), adminCookie],
      [`/api/riders/${riderA.id}/location`, '{"lat": 29.3,', riderA.cookie],
      [`/api/riders/${riderA.id}/location`, '[1, 2]', riderA.cookie],
      [`/api/riders/${riderA.id}/location`, { lat: 91, lng: 47.9 }, riderA.cookie],
      [`/api/riders/${riderA.id}/location`, { lat: 29.3, lng: 47.9, recordedAt: -5 }, riderA.cookie],
    ];
    await getWith(fast, '/api/auth/user', adminCookie);
    const before = await pingsOf(riderA.id);
    for (const [path, body, cookie] of cases) {
      expect((await lanePost(path, body, cookie)).status).toBe(404);
      const a = await postJson(fast, path, body, { cookie });
      const b = await postJson(slow, path, body, { cookie });
      expect([400, 403]).toContain(a.status);
      await same(a, b);
    }
    expect(await pingsOf(riderA.id)).toBe(before);
  });
});

describe('as Bun routes in front of the app (serve.ts)', () => {
  test('answers the plain cases and hands the rest, body included, to the app', async () => {
    const { serveOptions } = await import('../serve');
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', ...serveOptions(db, testEnv()) });
    try {
      const url = `http://127.0.0.1:${server.port}`;
      const me = await fetch(`${url}/api/auth/user`, { headers: { cookie: riderA.cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { roleData: { id: string } }).roleData.id).toBe(riderA.id);
      expect((await fetch(`${url}/api/auth/user`)).status).toBe(401);
      const before = await pingsOf(riderA.id);
      const post = (body: string, cookie = riderA.cookie, id = riderA.id) =>
        fetch(`${url}/api/riders/${id}/location`, { method: 'POST', body, headers: { 'content-type': 'application/json', cookie } });
      expect((await post(JSON.stringify({ lat: 29.1, lng: 48.1 }))).status).toBe(200);
      const bad = await post('{"lat": 29.1');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { message: string } }).error.message).toBe('Malformed JSON body');
      const invalid = await post(JSON.stringify({ lat: 99, lng: 48.1 }));
      expect(invalid.status).toBe(400);
      expect(((await invalid.json()) as { error: { message: string } }).error.message).toBe('lat: lat must be between -90 and 90');
      expect((await post(JSON.stringify({ lat: 29.1, lng: 48.1 }), riderA.cookie, riderB.id)).status).toBe(403);
      expect(await pingsOf(riderA.id)).toBe(before + 1);
    } finally {
      server.stop(true);
    }
  });
});
