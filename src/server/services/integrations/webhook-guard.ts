import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { invalid } from '../../errors';
import { t, type MessageKey } from '../../../shared/i18n';
import { addressReason, isLoopback } from './webhook-address';
import { msg } from '../../../shared/i18n/message';

/**
 * The server-side request forgery guard for webhook targets. Run at registration and again before each
 * delivery; the delivery then connects to the very address checked here (webhook-send.ts), so a name
 * that answers differently the next time (DNS rebinding) never gets a second say.
 * See docs/decisions/001-webhooks.md and 010-webhook-targets-batches-exports.md.
 */

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface GuardOptions {
  /**
   * WEBHOOKS_ALLOW_PRIVATE: loopback receivers (127/8, ::1), plain http and any port, for the tests' loopback
   * receiver and local development. Refused at start with NODE_ENV=production (env.ts). Never opens any other
   * inside range: no private, link-local (cloud metadata) or unique-local address.
   */
  allowPrivate: boolean;
  /** NODE_ENV is not production: port 80 (plain http on its own port) is allowed too. */
  development?: boolean;
  resolve?: Resolver;
}

/** The checked target: the URL, and the address the delivery must connect to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** The guard as the settings say: WEBHOOKS_ALLOW_PRIVATE, and port 80 outside production. */
export function guardFromEnv(env: { NODE_ENV: string; WEBHOOKS_ALLOW_PRIVATE: boolean }): GuardOptions {
  return { allowPrivate: env.WEBHOOKS_ALLOW_PRIVATE, development: env.NODE_ENV !== 'production' };
}

const PORTS = [443, 8443];
const DEVELOPMENT_PORTS = [80, 443, 8443];

/** Why an address may not be a webhook target ('a loopback address', in the current language), or null when it is public. */
export function blockedAddressReason(ip: string): string | null {
  const reason = addressReason(ip);
  return reason ? t(`errors.webhookReason.${reason}` satisfies MessageKey) : null;
}

function parseUrl(raw: string, opts: GuardOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(msg('errors.urlFull'), 'url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(msg('errors.webhookUrlScheme'), 'url');
  if (url.username || url.password) throw invalid(msg('errors.webhookUrlCredentials'), 'url');
  if (opts.allowPrivate) return url;
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (url.protocol !== 'https:' && !(opts.development && port === 80)) throw invalid(msg('errors.webhookUrlHttps'), 'url');
  const ports = opts.development ? DEVELOPMENT_PORTS : PORTS;
  if (!ports.includes(port)) throw invalid(msg('errors.webhookUrlPort', { ports: ports.join(', ') }), 'url');
  return url;
}

/**
 * Checks a webhook URL and resolves its host once; throws a BAD_REQUEST naming the problem. Every address
 * must pass (one inside address refuses the name); the first is the one to connect to.
 */
export async function checkWebhookTarget(raw: string, opts: GuardOptions): Promise<WebhookTarget> {
  const url = parseUrl(raw, opts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (opts.resolve ?? systemResolver)(host);
    } catch {
      throw invalid(msg('errors.webhookHostUnresolved', { host }), 'url');
    }
    if (addresses.length === 0) throw invalid(msg('errors.webhookHostUnresolved', { host }), 'url');
  }
  for (const address of addresses) {
    if (opts.allowPrivate && isLoopback(address)) continue;
    const reason = addressReason(address);
    if (reason) throw invalid(msg('errors.webhookPrivate', { reason: msg(`errors.webhookReason.${reason}`), host, address }), 'url');
  }
  const address = addresses[0]!;
  return { url, address, family: isIP(address) === 6 ? 6 : 4 };
}

/** The URL of a webhook target that passes checkWebhookTarget (for registration). */
export async function assertSafeWebhookUrl(raw: string, opts: GuardOptions): Promise<URL> {
  return (await checkWebhookTarget(raw, opts)).url;
}
