/**
 * The client's address from X-Forwarded-For behind a trusted proxy (TRUST_PROXY=true): the right-most entry,
 * the one our proxy appended (Fly's proxy, nginx's $proxy_add_x_forwarded_for). Entries to its left come
 * from the client and are whatever it chose to send: taking the first would let anyone pick the address its
 * rate limits count against, or lock out someone else's. One proxy in front is assumed (docs/deploy.md).
 */
export function forwardedClient(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const last = header.slice(header.lastIndexOf(',') + 1).trim();
  return last ? last.slice(0, 64) : undefined;
}
