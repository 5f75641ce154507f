import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * Which addresses a webhook may reach, by ipaddr.js's range classification (the IANA special-purpose
 * registries): only 'unicast' passes, and an IPv6 address only inside global unicast 2000::/3. Forms
 * that carry an IPv4 address are judged by that address. See docs/decisions/010-webhook-targets-batches-exports.md.
 */

/** Why a range is refused: an `errors.webhookReason.*` key ('a loopback address', 'عنوان استرجاع'). */
export type Reason =
  | 'thisNetwork'
  | 'private'
  | 'cgnat'
  | 'loopback'
  | 'linkLocal'
  | 'reserved'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'siteLocal'
  | 'uniqueLocal'
  | 'discard'
  | 'translated'
  | 'tunnel'
  | 'special'
  | 'notIp';

const V4_REASONS: Record<string, Reason> = {
  unspecified: 'thisNetwork',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'linkLocal',
  loopback: 'loopback',
  carrierGradeNat: 'cgnat',
  private: 'private',
  reserved: 'reserved',
};

const V6_REASONS: Record<string, Reason> = {
  unspecified: 'unspecified',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'uniqueLocal',
  deprecatedSiteLocal: 'siteLocal',
  discard: 'discard',
  reserved: 'reserved',
  // The translators of the operator's own network: where they lead is theirs to say, so never.
  rfc6145: 'translated',
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix (RFC 6052): the public IPv4 internet, the address in the last 32 bits. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function v4Reason(address: ipaddr.IPv4): Reason | null {
  const range = address.range();
  return range === 'unicast' ? null : (V4_REASONS[range] ?? 'special');
}

/** The IPv4 address in 16-bit groups `hi` and `lo` of an IPv6 address, XORed with `mask`. */
function v4At(v6: ipaddr.IPv6, hi: number, lo: number, mask = 0): ipaddr.IPv4 {
  const [a, b] = [v6.parts[hi]! ^ mask, v6.parts[lo]! ^ mask];
  return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
}

function v6Reason(address: ipaddr.IPv6): Reason | null {
  const range = address.range();
  if (range === 'ipv4Mapped') return v4Reason(address.toIPv4Address());
  if (range === 'rfc6052') return address.match(NAT64_WELL_KNOWN) ? v4Reason(v4At(address, 6, 7)) : 'translated';
  // 6to4 carries its IPv4 in groups 1-2; Teredo its server in 2-3 and its client, inverted, in 6-7.
  if (range === '6to4') return v4Reason(v4At(address, 1, 2)) ?? 'tunnel';
  if (range === 'teredo') return v4Reason(v4At(address, 2, 3)) ?? v4Reason(v4At(address, 6, 7, 0xffff)) ?? 'tunnel';
  if (range === 'unicast') return address.match(GLOBAL_UNICAST) ? null : 'reserved';
  return V6_REASONS[range] ?? 'special';
}

/** Why `ip` may not be a webhook target (a Reason), or null when it is a public unicast address. */
export function addressReason(ip: string): Reason | null {
  const text = ip.split('%')[0]!;
  if (!isIP(text)) return 'notIp';
  const address = ipaddr.parse(text);
  return address.kind() === 'ipv4' ? v4Reason(address as ipaddr.IPv4) : v6Reason(address as ipaddr.IPv6);
}

/** A loopback address (127/8, ::1, or 127/8 as ::ffff:127.x.y.z): the only kind WEBHOOKS_ALLOW_PRIVATE lets through. */
export function isLoopback(ip: string): boolean {
  const text = ip.split('%')[0]!;
  if (!isIP(text)) return false;
  const address = ipaddr.process(text);
  return address.range() === 'loopback';
}
