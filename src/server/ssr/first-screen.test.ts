import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allowConsoleError } from '../../../test/console';
import { orders } from '../../../db/schema';
import { callerFor, testEnv } from '../../../test/app';
import { makeOrder } from '../../../test/factories';
import { freshWorld } from '../../../test/world';
import { RIDER_FIRST_SCREEN_QUERIES } from '../../shared/rider-first-screen';
import { DAY_MS } from '../../shared/time';
import { loadSessionUser } from '../services/identity';
import { actorFor } from '../services/access';
import type { AppContext } from '../trpc/context';
import { riderFirstScreenState, riderTimeZone, stateScriptText } from './first-screen-state';
import { firstScreenRenderer } from './renderer';

const { db, w } = await freshWorld();
const renderer = firstScreenRenderer({ timeoutMs: 60_000 });
/**
 * 12:05 UTC (15:05 in Kuwait, 16:05 in Dubai) on the last day that time has passed: the duty goes through
 * the rider's own dutyStart, which judges at the real clock and refuses a start more than 24 hours old.
 */
const STARTED = (() => {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12, 5);
  return today <= now.getTime() ? today : today - DAY_MS;
})();
const salmiya = { country: 'KW' as const, governorate: 'hawalli', area: 'salmiya', block: '10', street: '5', building: '12', paci: '12345678' };

async function riderContext(userId: string): Promise<AppContext> {
  const user = await loadSessionUser(db, userId);
  return { db, config: testEnv(), user, actor: user ? await actorFor(db, user) : null, sessionId: null, ip: '203.0.113.9', resHeaders: new Headers(), secureCookies: false };
}

beforeAll(async () => {
  await (await callerFor(db, w.riderA.user.id)).rider.dutyStart({ startOdometerKm: 40_000, at: STARTED });
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'assigned', customerName: 'Noura', deliveryAddressParts: salmiya });
});
afterAll(() => renderer.stop());

describe("the rider app's first screen, answered by the server", () => {
  test('every query the screen asks for, with the key the app uses, answered as the rider', async () => {
    const state = await riderFirstScreenState(await riderContext(w.riderA.user.id));
    const keys = state.map(([key]) => JSON.stringify(key));
    expect(keys.sort()).toEqual(
      RIDER_FIRST_SCREEN_QUERIES.map((q) => JSON.stringify([q.path, 'input' in q ? { input: q.input, type: 'query' } : { type: 'query' }])).sort(),
    );
    const answer = (path: string) => state.find(([key]) => JSON.stringify(key[0]) === path)?.[1] as Record<string, unknown>;
    expect(answer('["auth","me"]')).toMatchObject({ id: w.riderA.user.id, role: 'rider' });
    expect(answer('["rider","duty"]')).toMatchObject({ startOdometer: 40_000 });
    const [order] = answer('["rider","orders"]') as unknown as { customerName: string; deliveryPlace: unknown }[];
    expect(order).toMatchObject({ customerName: 'Noura', deliveryPlace: { en: { area: 'Salmiya', division: 'Hawalli' }, ar: { area: 'السالمية' } } });
    expect(riderTimeZone(state)).toBe('Asia/Kuwait');
  });

  test("another rider's answers are their own (the UAE rider's zone is Dubai's)", async () => {
    const state = await riderFirstScreenState(await riderContext(w.riderB.user.id));
    expect(riderTimeZone(state)).toBe('Asia/Dubai');
    const orderList = state.find(([key]) => JSON.stringify(key[0]) === '["rider","orders"]')?.[1];
    expect(orderList).toEqual([]);
  });

  test('the page carries the answers as data that cannot end its <script> early', () => {
    const text = stateScriptText([[['x'], { note: '</script><script>alert(1)</script>' }]]);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual([[['x'], { note: '</script><script>alert(1)</script>' }]]);
  });

  test("rendered on the worker: the rider's screen with its data, times in the phone's zone, nothing left unanswered", async () => {
    const state = await riderFirstScreenState(await riderContext(w.riderA.user.id));
    const kuwait = await renderer.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' });
    expect(kuwait).not.toBeNull();
    const text = kuwait!.html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ');
    expect(kuwait!.html).toContain('data-testid="rider-app"');
    expect(text).toContain('Rider App');
    expect(text).toContain('Started 15:05 at 40,000 km');
    expect(text).toContain('Noura');
    expect(text).toContain('Salmiya');
    expect(kuwait!.unanswered).toEqual([]);
    const dubai = await renderer.render(state, { timeZone: 'Asia/Dubai', locale: 'en' });
    expect(dubai!.html.replace(/<!-- -->/g, '')).toContain('Started 16:05 at 40,000 km');
  });

  test('in Arabic when the app will start in Arabic, and back in English for the next page', async () => {
    const state = await riderFirstScreenState(await riderContext(w.riderA.user.id));
    const arabic = await renderer.render(state, { timeZone: 'Asia/Kuwait', locale: 'ar' });
    const text = arabic!.html.replace(/<!-- -->/g, '');
    expect(text).toContain('تطبيق المندوب');
    expect(text).toContain('السالمية');
    expect(text).not.toContain('Rider App');
    const english = await renderer.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' });
    expect(english!.html).toContain('Rider App');
  });
});

test('orders without structured addresses carry no place names', async () => {
  const rows = await db.select({ id: orders.id }).from(orders);
  expect(rows.length).toBeGreaterThan(0);
  await makeOrder(db, w.companyA, { riderId: w.riderA.id, status: 'picked_up', customerName: 'Free text' });
  const list = await (await callerFor(db, w.riderA.user.id)).rider.orders();
  const free = list.find((o) => o.customerName === 'Free text')!;
  expect(free.deliveryPlace).toBeNull();
  expect(free.pickupPlace).toBeNull();
});

test('a burst past the queue limit goes without a rendering at once, and the queue drains', async () => {
  const small = firstScreenRenderer({ timeoutMs: 60_000, maxWaiting: 1 });
  try {
    const state = await riderFirstScreenState(await riderContext(w.riderA.user.id));
    const first = small.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' });
    expect(await small.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' })).toBeNull();
    expect((await first)?.html).toContain('data-testid="rider-app"');
    expect((await small.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' }))?.html).toContain('data-testid="rider-app"');
  } finally {
    small.stop();
  }
});

test('a worker that exits: the pages wait no longer, the failure is logged, and no new worker for a while', async () => {
  const errors = allowConsoleError();
  const dir = mkdtempSync(join(tmpdir(), 'kwt-worker-'));
  writeFileSync(join(dir, 'exits.ts'), 'postMessage({ ready: true }); setTimeout(() => process.exit(0), 20);');
  const dying = firstScreenRenderer({ timeoutMs: 60_000, script: pathToFileURL(join(dir, 'exits.ts')) });
  try {
    const state = await riderFirstScreenState(await riderContext(w.riderA.user.id));
    const t0 = performance.now();
    expect(await dying.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' })).toBeNull();
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(errors.map((e) => String(e[0])).join('\n')).toContain('first screen renderer stopped');
    // Within the back-off: no new worker, no wait.
    const t1 = performance.now();
    expect(await dying.render(state, { timeZone: 'Asia/Kuwait', locale: 'en' })).toBeNull();
    // Immediate (a new worker takes seconds to start); the margin is for a loaded CI machine's pauses.
    expect(performance.now() - t1).toBeLessThan(250);
  } finally {
    dying.stop();
  }
});
