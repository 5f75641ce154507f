import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-guard';

/**
 * One POST to a checked webhook target, connected to the address the guard checked: the socket's lookup
 * answers that address whatever the name resolves to now, while the URL's name stays the Host header and
 * the TLS server name (SNI and certificate check). No redirect is followed (node:http never follows one).
 */

export interface SendResult {
  status: number;
}

/** A lookup that answers `address` for any name: node:http's `lookup` option, so nothing resolves twice. */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

export class WebhookTimeout extends Error {
  override name = 'TimeoutError';
}

/** POST `body` with `headers` to `target`, giving up after `timeoutMs`; resolves with the status (the answer's body is dropped). */
export function postPinned(target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target.address, target.family),
        // One connection per delivery: a kept-alive socket from the pool could lead to an address checked earlier.
        agent: false,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0 });
        });
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(() => req.destroy(new WebhookTimeout(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
