import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema';
import { freshDb } from '../../../test/db';
import { makeWorld, type World } from '../../../test/world';
import { parseEnv } from '../env';
import { assertSafeWebhookUrl, blockedAddressReason } from './webhook-guard';
import { createWebhook, dispatchDue, emitCompanyEvent } from './webhooks';

const GUARD = { allowPrivate: false } as const;

async function refusal(url: string, resolve?: (host: string) => Promise<string[]>): Promise<string> {
  try {
    await assertSafeWebhookUrl(url, { ...GUARD, resolve });
  } catch (err) {
    expect(err).toMatchObject({ code: 'BAD_REQUEST', field: 'url' });
    return (err as Error).message;
  }
  throw new Error(`${url} was accepted`);
}

describe('SSRF guard (WEBHOOKS_ALLOW_PRIVATE off)', () => {
  test('refuses plain http and other schemes', async () => {
    expect(await refusal('http://hooks.example.com/kwt')).toBe('Webhook URLs must use https://');
    expect(await refusal('ftp://hooks.example.com/kwt')).toBe('Webhook URLs must start with https://');
    expect(await refusal('https://user:pw@hooks.example.com/')).toBe('Webhook URLs may not contain a user name or password');
  });

  const CASES: [string, string][] = [
    ['https://127.0.0.1/hook', 'Webhook URLs may not point to a loopback address (127.0.0.1 is 127.0.0.1)'],
    ['https://127.1/hook', 'Webhook URLs may not point to a loopback address (127.0.0.1 is 127.0.0.1)'],
    ['https://10.20.30.40/hook', 'Webhook URLs may not point to a private address (10.20.30.40 is 10.20.30.40)'],
    ['https://172.16.5.4/hook', 'Webhook URLs may not point to a private address (172.16.5.4 is 172.16.5.4)'],
    ['https://192.168.1.10:8443/hook', 'Webhook URLs may not point to a private address (192.168.1.10 is 192.168.1.10)'],
    ['https://169.254.169.254/latest/meta-data', 'Webhook URLs may not point to a link-local address (169.254.169.254 is 169.254.169.254)'],
    ['https://100.64.0.1/', 'Webhook URLs may not point to a carrier-grade NAT address (100.64.0.1 is 100.64.0.1)'],
    ['https://0.0.0.0/', 'Webhook URLs may not point to a "this network" address (0.0.0.0 is 0.0.0.0)'],
    ['https://224.0.0.1/', 'Webhook URLs may not point to a multicast address (224.0.0.1 is 224.0.0.1)'],
    ['https://[::1]/hook', 'Webhook URLs may not point to a loopback address (::1 is ::1)'],
    ['https://[fc00::1]/hook', 'Webhook URLs may not point to a unique-local address (fc00::1 is fc00::1)'],
    ['https://[fd00:abcd::2]/hook', 'Webhook URLs may not point to a unique-local address (fd00:abcd::2 is fd00:abcd::2)'],
    ['https://[fe80::1]/hook', 'Webhook URLs may not point to a link-local address (fe80::1 is fe80::1)'],
    ['https://[ff02::1]/hook', 'Webhook URLs may not point to a multicast address (ff02::1 is ff02::1)'],
    ['https://[::ffff:127.0.0.1]/hook', 'Webhook URLs may not point to a loopback address (::ffff:7f00:1 is ::ffff:7f00:1)'],
    ['https://[::ffff:169.254.169.254]/hook', 'Webhook URLs may not point to a link-local address (::ffff:a9fe:a9fe is ::ffff:a9fe:a9fe)'],
  ];
  for (const [url, message] of CASES) {
    test(`refuses ${url}`, async () => {
      expect(await refusal(url)).toBe(message);
    });
  }

  test('refuses a host name that resolves to loopback (localhost, through the system resolver)', async () => {
    expect(await refusal('https://localhost:8443/hook')).toMatch(/^Webhook URLs may not point to a loopback address \(localhost is (127\.0\.0\.1|::1)\)$/);
  });

  test('refuses a name when any one of its addresses is private, and a name that does not resolve', async () => {
    const mixed = async () => ['93.184.215.14', '10.0.0.5'];
    expect(await refusal('https://hooks.example.com/', mixed)).toBe('Webhook URLs may not point to a private address (hooks.example.com is 10.0.0.5)');
    const none = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('https://nowhere.invalid/', none)).toBe('The host nowhere.invalid could not be resolved');
  });

  test('accepts public https targets', async () => {
    const pub = async () => ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'];
    expect((await assertSafeWebhookUrl('https://hooks.example.com/kwt?x=1', { ...GUARD, resolve: pub })).href).toBe('https://hooks.example.com/kwt?x=1');
    expect((await assertSafeWebhookUrl('https://203.0.113.10/hook', GUARD)).hostname).toBe('203.0.113.10');
    expect((await assertSafeWebhookUrl('https://[2606:4700::1111]/hook', GUARD)).hostname).toBe('[2606:4700::1111]');
  });

  test('IPv6 forms that embed an IPv4 address are judged by that address', () => {
    expect(blockedAddressReason('64:ff9b::a00:1')).toBe('a private address');
    expect(blockedAddressReason('2002:7f00:1::')).toBe('a loopback address');
    expect(blockedAddressReason('::a9fe:a9fe')).toBe('a link-local address');
    expect(blockedAddressReason('64:ff9b::808:808')).toBeNull();
  });

  test('with WEBHOOKS_ALLOW_PRIVATE on, loopback and http are allowed (tests and development only)', async () => {
    expect((await assertSafeWebhookUrl('http://127.0.0.1:4000/hook', { allowPrivate: true })).port).toBe('4000');
    await expect(assertSafeWebhookUrl('file:///etc/passwd', { allowPrivate: true })).rejects.toThrow('Webhook URLs must start with https://');
  });
});

describe('the guard at registration and at every delivery', () => {
  let db: Db;
  let w: World;
  beforeAll(async () => {
    db = await freshDb();
    w = await makeWorld(db);
  });

  test('registration refuses 127.0.0.1 and localhost with the guard on', async () => {
    await expect(createWebhook(db, w.companyA.id, { url: 'https://127.0.0.1/hook', events: ['order.created'] }, GUARD)).rejects.toThrow(/loopback/);
    await expect(createWebhook(db, w.companyA.id, { url: 'https://localhost/hook', events: ['order.created'] }, GUARD)).rejects.toThrow(/loopback/);
  });

  test('DNS rebinding: a name public at registration that later resolves to 127.0.0.1 is refused at delivery', async () => {
    let answer = ['93.184.215.14'];
    const resolve = async () => answer;
    const { endpoint } = await createWebhook(db, w.companyA.id, { url: 'https://rebind.example.com/hook', events: ['order.created'] }, { ...GUARD, resolve });
    await emitCompanyEvent(db, w.companyA.id, 'order.created', {});
    answer = ['127.0.0.1'];
    expect(await dispatchDue(db, { ...GUARD, resolve })).toBe(1);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null, lastError: 'Webhook URLs may not point to a loopback address (rebind.example.com is 127.0.0.1)' });
  });
});

describe('WEBHOOKS_ALLOW_PRIVATE setting', () => {
  test('defaults to false, may be true outside production, and stops a production start', () => {
    expect(parseEnv({}).WEBHOOKS_ALLOW_PRIVATE).toBe(false);
    expect(parseEnv({ NODE_ENV: 'test', WEBHOOKS_ALLOW_PRIVATE: 'true' }).WEBHOOKS_ALLOW_PRIVATE).toBe(true);
    expect(() => parseEnv({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'true' })).toThrow('WEBHOOKS_ALLOW_PRIVATE: must not be true in production');
    expect(() => parseEnv({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow('WEBHOOKS_ALLOW_PRIVATE');
  });
});
