import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '../errors';
import { t, type MessageKey } from '../../shared/i18n';

/**
 * The server-side request forgery guard for webhook targets: https only, and
 * every address the host resolves to must be public. Run at registration and
 * again before each delivery, so a name that later resolves inward (DNS
 * rebinding) is refused then too. See docs/decisions/001-webhooks.md.
 */

/** Why a range is refused: an `errors.webhookReason.*` key ('a loopback address', 'عنوان استرجاع'). */
type Reason = 'thisNetwork' | 'private' | 'cgnat' | 'loopback' | 'linkLocal' | 'reserved' | 'multicast' | 'unspecified' | 'siteLocal' | 'uniqueLocal' | 'discard' | 'notIp';
type Range = readonly [prefix: number[], bits: number, reason: Reason];

const V4: Range[] = [
  [[0, 0, 0, 0], 8, 'thisNetwork'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'cgnat'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'linkLocal'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

const V6: Range[] = [
  [[], 128, 'unspecified'],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'],
  [[0xfe, 0x80], 10, 'linkLocal'],
  [[0xfe, 0xc0], 10, 'siteLocal'],
  [[0xfc], 7, 'uniqueLocal'],
  [[0xff], 8, 'multicast'],
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'discard'],
];

/** IPv6 forms that carry an IPv4 address: mapped, compatible, NAT64, 6to4. Where its four bytes sit. */
const EMBEDDED_V4: readonly [prefix: number[], bits: number, at: number][] = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96, 12],
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96, 12],
  [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96, 12],
  [[0x20, 0x02], 16, 2],
];

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const byte = i >> 3;
    const mask = 0x80 >> (i & 7);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** An IPv6 text (already valid per isIP) as 16 bytes. */
function v6Bytes(ip: string): number[] {
  let text = ip.split('%')[0]!;
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  for (const g of groups) {
    const n = parseInt(g || '0', 16);
    tail.push(n >> 8, n & 0xff);
  }
  return tail;
}

/** Why an address may not be a webhook target ('a loopback address', in the current language), or null when it is public. */
export function blockedAddressReason(ip: string): string | null {
  const reason = blockedReason(ip);
  return reason ? t(`errors.webhookReason.${reason}` satisfies MessageKey) : null;
}

function blockedReason(ip: string): Reason | null {
  const family = isIP(ip);
  if (family === 4) {
    const bytes = v4Bytes(ip);
    return V4.find(([p, bits]) => inRange(bytes, p, bits))?.[2] ?? null;
  }
  if (family === 6) {
    const bytes = v6Bytes(ip);
    const own = V6.find(([p, bits]) => inRange(bytes, p, bits));
    if (own) return own[2];
    for (const [p, bits, at] of EMBEDDED_V4) {
      if (inRange(bytes, p, bits)) {
        const v4 = bytes.slice(at, at + 4).join('.');
        const reason = blockedReason(v4);
        if (reason) return reason;
      }
    }
    return null;
  }
  return 'notIp';
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface GuardOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: tests and local development only; refused in production by env.ts. */
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * Checks a webhook URL; throws a BAD_REQUEST naming the problem. With
 * allowPrivate only the scheme is checked (http or https, no credentials).
 */
export async function assertSafeWebhookUrl(raw: string, opts: GuardOptions): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(t('errors.urlFull'), 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(t('errors.webhookUrlScheme'), 'url');
  if (url.username || url.password) throw invalid(t('errors.webhookUrlCredentials'), 'url');
  if (opts.allowPrivate) return url;
  if (url.protocol !== 'https:') throw invalid(t('errors.webhookUrlHttps'), 'url');

  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      throw invalid(t('errors.webhookHostUnresolved', { host }), 'url');
    }
    if (addresses.length === 0) throw invalid(t('errors.webhookHostUnresolved', { host }), 'url');
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) throw invalid(t('errors.webhookPrivate', { reason, host, address }), 'url');
  }
  return url;
}
