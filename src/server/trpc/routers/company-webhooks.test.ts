import { beforeAll, describe, expect, test } from 'bun:test';
import { freshWorldCallers, callerFor, testEnv } from '../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../test/expect';
import { dispatchDue } from '../../services/integrations';

const { db, w, callers: { managerA: a, managerB: b } } = await freshWorldCallers();
let aId: string;

beforeAll(async () => {
  const created = await a.company.webhookCreate({ url: 'https://93.184.215.14/kwt', events: ['order.delivered', 'order.created', 'order.created'] });
  aId = created.endpoint.id;
  await a.company.webhookTest({ id: aId });
});

describe('company webhooks through tRPC', () => {
  test('the secret is in the create answer only; events are kept once, in catalogue order', async () => {
    const list = await a.company.webhookList();
    expect(list).toHaveLength(1);
    expect(Object.keys(list[0]!).sort()).toEqual(['active', 'createdAt', 'events', 'id', 'url']);
    expect(list[0]!.events).toEqual(['order.created', 'order.delivered']);
    expect(JSON.stringify(list)).not.toMatch(/[0-9a-f]{64}/);
  });

  test('input is checked: a URL, at least one known event; a duplicate URL is a conflict', async () => {
    const badUrl = await expectTRPCError(a.company.webhookCreate({ url: 'not a url', events: ['order.created'] }), 'BAD_REQUEST');
    expect(firstIssue(badUrl)).toBe('url: Enter a full URL starting with https://');
    const noEvents = await expectTRPCError(a.company.webhookCreate({ url: 'https://93.184.215.15/', events: [] }), 'BAD_REQUEST');
    expect(firstIssue(noEvents)).toBe('events: Choose at least one event');
    await expectTRPCError(a.company.webhookCreate({ url: 'https://93.184.215.15/', events: ['order.eaten' as never] }), 'BAD_REQUEST');
    await expectTRPCError(a.company.webhookCreate({ url: 'https://93.184.215.14/kwt', events: ['order.created'] }), 'CONFLICT', 'This URL is already registered');
  });

  test('the guard follows the config: loopback refused by default, allowed with WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    await expectTRPCError(a.company.webhookCreate({ url: 'http://127.0.0.1:9/hook', events: ['order.created'] }), 'BAD_REQUEST', 'Webhook URLs must use https://');
    const open = await callerFor(db, w.managerA.id, testEnv({ WEBHOOKS_ALLOW_PRIVATE: 'true' }));
    const { endpoint } = await open.company.webhookCreate({ url: 'http://127.0.0.1:9/hook', events: ['order.created'] });
    await open.company.webhookDelete({ id: endpoint.id });
  });

  test('tenant wall: company B cannot see, change, test, delete or read the deliveries of A’s endpoint', async () => {
    expect(await b.company.webhookList()).toEqual([]);
    expect(await b.company.webhookDeliveries()).toEqual([]);
    const nf = 'Webhook endpoint not found';
    await expectTRPCError(b.company.webhookDeliveries({ endpointId: aId }), 'NOT_FOUND', nf);
    await expectTRPCError(b.company.webhookSetActive({ id: aId, active: false }), 'NOT_FOUND', nf);
    await expectTRPCError(b.company.webhookTest({ id: aId }), 'NOT_FOUND', nf);
    await expectTRPCError(b.company.webhookDelete({ id: aId }), 'NOT_FOUND', nf);
    expect((await a.company.webhookList())[0]).toMatchObject({ id: aId, active: true });
    expect((await a.company.webhookDeliveries({ endpointId: aId })).length).toBeGreaterThan(0);
  });

  test('the delivery log shows the test ping; a ping is tried once', async () => {
    // A public address: the test never sends to the internet, its POST is refused in place (webhook-send.ts is tested on loopback).
    const post = async () => {
      throw new Error('connect ECONNREFUSED 93.184.215.14:443');
    };
    await dispatchDue(db, { allowPrivate: false, timeoutMs: 200, post });
    const [ping] = await a.company.webhookDeliveries({ endpointId: aId });
    expect(ping).toMatchObject({ event: 'ping', status: 'failed', attempts: 1, nextAttemptAt: null, url: 'https://93.184.215.14/kwt' });
    expect(ping!.lastError).toBe('Request failed: connect ECONNREFUSED 93.184.215.14:443');
  });

  test('disable, refuse a test while disabled, enable, delete', async () => {
    await a.company.webhookSetActive({ id: aId, active: false });
    await expectTRPCError(a.company.webhookTest({ id: aId }), 'BAD_REQUEST', 'Enable this endpoint before sending a test');
    await a.company.webhookSetActive({ id: aId, active: true });
    await a.company.webhookDelete({ id: aId });
    expect(await a.company.webhookList()).toEqual([]);
    expect(await a.company.webhookDeliveries()).toEqual([]);
  });
});
