/**
 * The rider app's outbox headers folded into a JSON body: Idempotency-Key as `idempotencyKey` (a replay is
 * applied once), X-Recorded-At and X-Replay as `outbox` (the schemas that know it validate it; others drop it).
 * Only a body that is an object, and only when it carries an Idempotency-Key. The one folding of both paths:
 * the REST shims (shims.ts) and the fast lane (http/fast-lane.ts).
 */
export function withOutboxHeaders(body: unknown, req: { header(name: string): string | undefined }): unknown {
  const key = req.header('idempotency-key');
  return key && body && typeof body === 'object' ? { ...body, idempotencyKey: key, ...outboxOf(req) } : body;
}

function outboxOf(req: { header(name: string): string | undefined }): { outbox?: { recordedAt?: number; replay: boolean } } {
  const at = req.header('x-recorded-at');
  const replay = req.header('x-replay');
  if (at === undefined && replay === undefined) return {};
  const recordedAt = at !== undefined && /^\d{1,16}$/.test(at) ? Number(at) : undefined;
  return { outbox: { ...(recordedAt ? { recordedAt } : {}), replay: replay === '1' } };
}
