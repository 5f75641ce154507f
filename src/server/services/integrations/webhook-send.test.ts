import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { webhookDeliveries } from '../../../../db/schema';
import { freshWorld, type World } from '../../../../test/world';
import { createWebhook, dispatchDue, emitCompanyEvent } from './webhooks';
import { pinnedLookup, postPinned } from './webhook-send';

/** A loopback receiver that records the Host header and body of each request. */
const got: { host: string | null; body: string }[] = [];
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(req) {
    got.push({ host: req.headers.get('host'), body: await req.text() });
    return new Response(null, { status: 204 });
  },
});
afterAll(() => server.stop(true));

describe('the POST connects to the checked address, never to a new answer for the name', () => {
  test('pinnedLookup answers the pinned address in both of node:net lookup forms', async () => {
    const lookup = pinnedLookup('93.184.215.14', 4);
    const one = await new Promise((done) => lookup('any.example.com', {}, (_e, address, family) => done([address, family])));
    expect(one).toEqual(['93.184.215.14', 4]);
    const all = await new Promise((done) => lookup('any.example.com', { all: true }, (_e, addresses) => done(addresses)));
    expect(all).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });

  test('a name that no resolver knows reaches the pinned address, with the name as Host', async () => {
    const url = new URL(`http://pinned.invalid:${server.port}/hook`);
    expect(await postPinned({ url, address: '127.0.0.1', family: 4 }, { 'content-type': 'application/json' }, '{"a":1}', 2_000)).toEqual({ status: 204 });
    expect(got.at(-1)).toEqual({ host: `pinned.invalid:${server.port}`, body: '{"a":1}' });
  });

  let db: Db;
  let w: World;
  beforeAll(async () => ({ db, w } = await freshWorld()));

  test('dispatch: the resolver answers the receiver first and an inside address second; the delivery goes to the first, resolved once', async () => {
    const answers = [['127.0.0.1'], ['10.1.2.3']];
    let lookups = 0;
    const resolve = async () => answers[Math.min(lookups++, 1)]!;
    // WEBHOOKS_ALLOW_PRIVATE (tests only) lets the loopback receiver in; 10.1.2.3 stays refused.
    const open = { allowPrivate: true, resolve: async () => ['127.0.0.1'] };
    const { endpoint } = await createWebhook(db, w.companyA.id, { url: `http://rebind.invalid:${server.port}/hook`, events: ['order.created'] }, open);
    await emitCompanyEvent(db, w.companyA.id, 'order.created', { n: 1 });
    const before = got.length;
    expect(await dispatchDue(db, { allowPrivate: true, resolve })).toBe(1);
    expect(lookups).toBe(1);
    expect(got.slice(before).map((r) => r.host)).toEqual([`rebind.invalid:${server.port}`]);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ status: 'success', attempts: 1, lastStatusCode: 204 });
  });
});
