import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { webhookDeliveries } from '../../../../db/schema';
import { freshWorld, type World } from '../../../../test/world';
import { parseEnv } from '../../env';
import { assertSafeWebhookUrl, blockedAddressReason, checkWebhookTarget, type WebhookTarget } from './webhook-guard';
import { pinnedLookup } from './webhook-send';
import { createWebhook, dispatchDue, emitCompanyEvent } from './webhooks';
import { readStoredMessage } from '../../../shared/i18n/message';

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

  test('accepts public https targets on 443 and 8443, and pins the first address the name resolved to', async () => {
    const pub = async () => ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'];
    const target = await checkWebhookTarget('https://hooks.example.com/kwt?x=1', { ...GUARD, resolve: pub });
    expect(target).toEqual({ url: new URL('https://hooks.example.com/kwt?x=1'), address: '93.184.215.14', family: 4 });
    expect((await assertSafeWebhookUrl('https://hooks.example.com:8443/kwt', { ...GUARD, resolve: pub })).port).toBe('8443');
    expect((await assertSafeWebhookUrl('https://93.184.215.14:443/hook', GUARD)).hostname).toBe('93.184.215.14');
    expect(await checkWebhookTarget('https://[2606:4700::1111]/hook', GUARD)).toMatchObject({ address: '2606:4700::1111', family: 6 });
  });

  test('ports: only 443 and 8443; 80 (plain http on its own port) too outside production', async () => {
    const pub = async () => ['93.184.215.14'];
    for (const port of [22, 25, 80, 3000, 6379, 8080, 9200]) {
      expect(await refusal(`https://hooks.example.com:${port}/`, pub)).toBe('Webhook URLs may only use ports 443, 8443');
    }
    const dev = { ...GUARD, development: true, resolve: pub };
    expect((await assertSafeWebhookUrl('http://hooks.example.com/kwt', dev)).href).toBe('http://hooks.example.com/kwt');
    expect((await assertSafeWebhookUrl('https://hooks.example.com:80/kwt', dev)).port).toBe('80');
    await expect(assertSafeWebhookUrl('http://hooks.example.com:8080/kwt', dev)).rejects.toThrow('Webhook URLs must use https://');
    await expect(assertSafeWebhookUrl('https://hooks.example.com:8080/kwt', dev)).rejects.toThrow('Webhook URLs may only use ports 80, 443, 8443');
    await expect(assertSafeWebhookUrl('http://10.0.0.1/kwt', dev)).rejects.toThrow('Webhook URLs may not point to a private address (10.0.0.1 is 10.0.0.1)');
  });

  test('with WEBHOOKS_ALLOW_PRIVATE on, loopback receivers on any port over http (tests and development only), and nothing else inside', async () => {
    expect((await assertSafeWebhookUrl('http://127.0.0.1:4000/hook', { allowPrivate: true })).port).toBe('4000');
    expect(await checkWebhookTarget('http://localhost:4000/hook', { allowPrivate: true, resolve: async () => ['127.0.0.1', '::1'] })).toMatchObject({ address: '127.0.0.1' });
    await expect(assertSafeWebhookUrl('file:///etc/passwd', { allowPrivate: true })).rejects.toThrow('Webhook URLs must start with https://');
    await expect(assertSafeWebhookUrl('http://169.254.169.254/latest/meta-data', { allowPrivate: true })).rejects.toThrow('Webhook URLs may not point to a link-local address');
    await expect(assertSafeWebhookUrl('http://10.0.0.1:4000/', { allowPrivate: true })).rejects.toThrow('Webhook URLs may not point to a private address');
    await expect(assertSafeWebhookUrl('http://[2002:7f00:1::]:4000/', { allowPrivate: true })).rejects.toThrow('Webhook URLs may not point to a loopback address');
  });
});

/** Every range ipaddr.js names, and the IPv6 forms that carry an IPv4 address, with the reason given (null: allowed). */
const RANGES: [address: string, reason: string | null][] = [
  // IPv4
  ['0.0.0.0', 'a "this network" address'],
  ['0.1.2.3', 'a "this network" address'],
  ['10.20.30.40', 'a private address'],
  ['172.16.5.4', 'a private address'],
  ['172.31.255.255', 'a private address'],
  ['192.168.1.10', 'a private address'],
  ['100.64.0.1', 'a carrier-grade NAT address'],
  ['100.127.255.254', 'a carrier-grade NAT address'],
  ['127.0.0.1', 'a loopback address'],
  ['127.255.255.254', 'a loopback address'],
  ['169.254.169.254', 'a link-local address'],
  ['192.0.0.8', 'a reserved address'],
  ['192.0.2.1', 'a reserved address'],
  ['192.88.99.1', 'a reserved address'],
  ['198.18.0.1', 'a reserved address'],
  ['198.51.100.7', 'a reserved address'],
  ['203.0.113.10', 'a reserved address'],
  ['240.0.0.1', 'a reserved address'],
  ['224.0.0.1', 'a multicast address'],
  ['239.255.255.250', 'a multicast address'],
  ['255.255.255.255', 'a broadcast address'],
  ['192.175.48.1', 'a special-purpose address'],
  ['192.52.193.1', 'a special-purpose address'],
  ['8.8.8.8', null],
  ['93.184.215.14', null],
  ['100.128.0.1', null],
  // IPv6
  ['::', 'an unspecified address'],
  ['::1', 'a loopback address'],
  ['fe80::1', 'a link-local address'],
  ['fec0::1', 'a site-local address'],
  ['fc00::1', 'a unique-local address'],
  ['fd00:abcd::2', 'a unique-local address'],
  ['ff02::1', 'a multicast address'],
  ['100::1', 'a discard address'],
  ['2001:db8::1', 'a reserved address'],
  ['3fff::1', 'a reserved address'],
  ['2001:2::1', 'a special-purpose address'],
  ['2001:3::1', 'a special-purpose address'],
  ['2001:4:112::1', 'a special-purpose address'],
  ['2001:20::1', 'a special-purpose address'],
  ['5f00::1', 'a special-purpose address'],
  ['4000::1', 'a reserved address'],
  ['::a9fe:a9fe', 'a reserved address'],
  ['::808:808', 'a reserved address'],
  ['2606:4700::1111', null],
  ['2a00:1450:4001::1', null],
  // IPv4-mapped (::ffff:0:0/96): the IPv4 address decides
  ['::ffff:127.0.0.1', 'a loopback address'],
  ['::ffff:169.254.169.254', 'a link-local address'],
  ['::ffff:10.0.0.1', 'a private address'],
  ['::ffff:8.8.8.8', null],
  // NAT64, well-known prefix 64:ff9b::/96: the IPv4 address decides
  ['64:ff9b::a00:1', 'a private address'],
  ['64:ff9b::7f00:1', 'a loopback address'],
  ['64:ff9b::808:808', null],
  // NAT64 local-use 64:ff9b:1::/48 and SIIT ::ffff:0:0:0/96: the operator's own translators
  ['64:ff9b:1::a00:1', 'an address translated by a local NAT64 or SIIT gateway'],
  ['64:ff9b:1::808:808', 'an address translated by a local NAT64 or SIIT gateway'],
  ['::ffff:0:a00:1', 'an address translated by a local NAT64 or SIIT gateway'],
  ['::ffff:0:808:808', 'an address translated by a local NAT64 or SIIT gateway'],
  // 6to4 (2002::/16) and Teredo (2001::/32): an inside IPv4 names its range, any other is a tunnel
  ['2002:7f00:1::', 'a loopback address'],
  ['2002:a00:1::1', 'a private address'],
  ['2002:808:808::1', 'a 6to4 or Teredo tunnel address'],
  ['2001:0:7f00:1::1', 'a loopback address'],
  ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'a private address'],
  ['2001:0:4136:e378::f7f7:f7f7', 'a 6to4 or Teredo tunnel address'],
  // not an address at all
  ['hooks.example.com', 'not an IP address'],
];

describe('every range, one address each (ipaddr.js classification)', () => {
  for (const [address, reason] of RANGES) {
    test(`${address}: ${reason ?? 'allowed'}`, () => {
      expect(blockedAddressReason(address)).toBe(reason);
    });
  }

  test('a refused range is refused at registration too, named in the message', async () => {
    expect(await refusal('https://[64:ff9b:1::a00:1]/hook')).toBe('Webhook URLs may not point to an address translated by a local NAT64 or SIIT gateway (64:ff9b:1::a00:1 is 64:ff9b:1::a00:1)');
    expect(await refusal('https://teredo.example.com/', async () => ['2001:0:4136:e378::f7f7:f7f7'])).toBe('Webhook URLs may not point to a 6to4 or Teredo tunnel address (teredo.example.com is 2001:0:4136:e378::f7f7:f7f7)');
  });
});

describe('the guard at registration and at every delivery', () => {
  let db: Db;
  let w: World;
  beforeAll(async () => ({ db, w } = await freshWorld()));

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
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(readStoredMessage(row!.lastError!, 'en')).toBe('Webhook URLs may not point to a loopback address (rebind.example.com is 127.0.0.1)');
  });

  test('DNS rebinding within one attempt: the name is resolved once, and the POST connects to that checked (first) answer', async () => {
    const answers = [['93.184.215.14'], ['127.0.0.1']];
    let lookups = 0;
    const resolve = async () => answers[Math.min(lookups++, 1)]!;
    const connections: { address: string; host: string; sni: string }[] = [];
    const { endpoint } = await createWebhook(db, w.companyB.id, { url: 'https://swap.example.com/hook', events: ['order.created'] }, { ...GUARD, resolve: async () => ['93.184.215.14'] });
    await emitCompanyEvent(db, w.companyB.id, 'order.created', {});
    const post = async (target: WebhookTarget) => {
      // What node:https would connect to: the pinned lookup's answer for the URL's name, whatever DNS says now.
      const viaLookup = await new Promise<string>((done) => pinnedLookup(target.address, target.family)(target.url.hostname, {}, (_e, address) => done(address as string)));
      connections.push({ address: viaLookup, host: target.url.host, sni: target.url.hostname });
      return { status: 204 };
    };
    expect(await dispatchDue(db, { ...GUARD, resolve, post })).toBe(1);
    expect(lookups).toBe(1);
    expect(connections).toEqual([{ address: '93.184.215.14', host: 'swap.example.com', sni: 'swap.example.com' }]);
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(row).toMatchObject({ status: 'success', attempts: 1, lastStatusCode: 204 });
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
