import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { createDb, type Db } from '../../../db/client';
import { locationPings, users } from '../../../db/schema';
import { freshDbFile } from '../../../test/db';
import { makeCompany, makeRider, TEST_PASSWORD } from '../../../test/factories';
import { BASE, getWith, laneApps, login } from '../../../test/app';
import { ROLE_PERMISSIONS, type Permission, type Reach, type Role } from '../../shared/permissions';
import { createApp } from '../app';

/**
 * One guard path (issue 24, item 8): the fast lane asks the pipeline's own session, permission, origin, input
 * and language functions. Each row changes what one of those functions decides, and both paths must then
 * refuse the ping alike: the lane steps aside without storing it, and the app with its lane answers exactly
 * what the app without it answers.
 */
let db: Db;
let fast: ReturnType<typeof createApp>;
let slow: ReturnType<typeof createApp>;
let laneOnly: Hono;
let riderA: { id: string; cookie: string };
let riderB: { id: string };
let company: Awaited<ReturnType<typeof makeCompany>>;

beforeAll(async () => {
  db = await createDb({ url: `file:${await freshDbFile()}` });
  ({ fast, slow, laneOnly } = laneApps(db, (app, lane) => app.post('/api/riders/:id/location', lane.location)));
  company = await makeCompany(db);
  const a = await makeRider(db, company, { userOver: { email: 'guard-a@example.com' } });
  const b = await makeRider(db, company, { userOver: { email: 'guard-b@example.com' } });
  riderA = { id: a.rider.id, cookie: await login(fast, 'guard-a@example.com', TEST_PASSWORD) };
  riderB = { id: b.rider.id };
});

afterAll(() => db.$client.close());

const headersOf = (res: Response) => [...res.headers.entries()].filter(([k]) => k !== 'date').sort(([x], [y]) => x.localeCompare(y));
const pingsOf = async (riderId: string) => (await db.select().from(locationPings).where(eq(locationPings.riderId, riderId))).length;

interface Ping {
  riderId: string;
  cookie: string;
  body: string;
  headers?: Record<string, string>;
}
/** The ping as the rider app sends it: with its Content-Length, so the lane reads it. */
const send = (target: { request: Hono['request'] }, p: Ping) =>
  Promise.resolve(
    target.request(`${BASE}/api/riders/${p.riderId}/location`, {
      method: 'POST',
      body: p.body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(p.body)), cookie: p.cookie, ...p.headers },
    }),
  );
const fix = (extra: Record<string, unknown> = {}) => JSON.stringify({ lat: 29.3759, lng: 47.9774, recordedAt: Date.now() - 1000, ...extra });
/** A session the lane can answer for: resolved once by the pipeline, then remembered (services/identity/session-cache.ts). */
const remembered = async (cookie: string) => expect((await getWith(fast, '/api/auth/user', cookie)).status).toBe(200);
const nest = (levels: number): unknown => (levels === 0 ? 1 : [nest(levels - 1)]);

interface Row {
  name: string;
  /** Changes what one shared guard decides, and returns the ping and how to undo the change. */
  arrange: () => Promise<{ ping: Ping; undo?: () => Promise<void> | void }>;
  status: number;
  message: string;
}

const rows: Row[] = [
  {
    name: 'a foreign Origin (the origin check)',
    arrange: async () => ({ ping: { riderId: riderA.id, cookie: riderA.cookie, body: fix(), headers: { origin: 'https://evil.example' } } }),
    status: 403,
    message: 'Cross-origin request refused',
  },
  {
    name: 'a rider suspended since the session was remembered (the session lookup)',
    arrange: async () => {
      const c = await makeRider(db, company, { userOver: { email: 'guard-c@example.com' } });
      const cookie = await login(fast, c.user!.email, TEST_PASSWORD);
      await remembered(cookie);
      await db.update(users).set({ disabled: true }).where(eq(users.id, c.user!.id));
      return { ping: { riderId: c.rider.id, cookie, body: fix() } };
    },
    status: 401,
    message: 'You need to sign in',
  },
  {
    name: 'a rider’s role without track-location in the permissions table (the permission check)',
    arrange: async () => {
      const table = ROLE_PERMISSIONS as Record<Role, Partial<Record<Permission, Reach>>>;
      const before = table.rider;
      table.rider = Object.fromEntries(Object.entries(before).filter(([p]) => p !== 'track-location'));
      return { ping: { riderId: riderA.id, cookie: riderA.cookie, body: fix() }, undo: () => void (table.rider = before) };
    },
    status: 403,
    message: 'Access denied: Location tracking requires company or admin privileges',
  },
  {
    name: 'another rider’s id (the own-rider check)',
    arrange: async () => ({ ping: { riderId: riderB.id, cookie: riderA.cookie, body: fix() } }),
    status: 403,
    message: 'Access denied: you may only act for your own rider account',
  },
  {
    name: 'a control character in a field the schema drops (the hostile-input check)',
    arrange: async () => ({ ping: { riderId: riderA.id, cookie: riderA.cookie, body: fix({ note: 'a\u0000b' }) } }),
    status: 400,
    message: 'Text cannot contain control characters or broken Unicode',
  },
  {
    name: 'nesting past 64 levels in a field the schema drops (the hostile-input check)',
    arrange: async () => ({ ping: { riderId: riderA.id, cookie: riderA.cookie, body: fix({ deep: nest(70) }) } }),
    status: 400,
    message: 'The input is nested more than 64 levels deep',
  },
];

describe('one guard path: what the pipeline refuses, the fast lane does not take', () => {
  test('the plain ping is the lane’s (so every row below is refused by a guard, not by the lane being off)', async () => {
    await remembered(riderA.cookie);
    const res = await send(laneOnly, { riderId: riderA.id, cookie: riderA.cookie, body: fix() });
    expect(res.status).toBe(200);
  });

  for (const row of rows) {
    test(row.name, async () => {
      await remembered(riderA.cookie);
      const { ping, undo } = await row.arrange();
      try {
        const before = await pingsOf(ping.riderId);
        const lane = await send(laneOnly, ping);
        expect([lane.status, await lane.text()]).toEqual([404, 'stepped aside']);
        const withLane = await send(fast, ping);
        const without = await send(slow, ping);
        expect(withLane.status).toBe(row.status);
        expect(headersOf(withLane)).toEqual(headersOf(without));
        const body = await withLane.text();
        expect(body).toBe(await without.text());
        expect((JSON.parse(body) as { error: { message: string } }).error.message).toBe(row.message);
        expect(await pingsOf(ping.riderId)).toBe(before);
      } finally {
        await undo?.();
      }
    });
  }
});
