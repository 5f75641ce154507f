import { createHmac } from 'node:crypto';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../../../db/schema';
import { t } from '../../../shared/i18n';
import { runInLocale } from '../../lib/request-locale';
import { checkWebhookTarget, type Resolver, type WebhookTarget } from './webhook-guard';
import { postPinned, type SendResult } from './webhook-send';
import { afterWrites } from '../../../../db/serialize';
import { log } from '../../log';

/** Waits after the 1st…5th failed attempt; the 6th failure is final. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DELIVERY_TIMEOUT_MS = 10_000;
const BATCH = 25;

export interface DispatchOptions {
  allowPrivate: boolean;
  /** NODE_ENV is not production: plain http on port 80 is allowed (webhook-guard.ts). */
  development?: boolean;
  /** The clock, injectable so tests can step past a retry delay. */
  now?: Date;
  timeoutMs?: number;
  resolve?: Resolver;
  /** The POST to the checked address (webhook-send.ts); tests put a recorder here to see where it connects. */
  post?: (target: WebhookTarget, headers: Record<string, string>, body: string, timeoutMs: number) => Promise<SendResult>;
}

/** `sha256=` + hex HMAC-SHA256 of "<timestamp>.<body>", keyed with the endpoint's secret as text. */
export function signPayload(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type Due = {
  id: string;
  event: string;
  payload: unknown;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
  active: boolean;
};

type Outcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

async function send(d: Due, opts: DispatchOptions, now: Date): Promise<Outcome> {
  let target: WebhookTarget;
  try {
    // Checked again on every attempt: the name may resolve elsewhere since registration. The POST then goes to
    // the address checked here, never to a fresh answer for the name.
    target = await checkWebhookTarget(d.url, { allowPrivate: opts.allowPrivate, development: opts.development, resolve: opts.resolve });
  } catch (err) {
    return { ok: false, statusCode: null, error: (err as Error).message };
  }
  const body = JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), data: d.payload });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const timeoutMs = opts.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'KWT-Delivery-Webhooks/1',
    'x-kwt-event': d.event,
    'x-kwt-delivery': d.id,
    'x-kwt-timestamp': timestamp,
    'x-kwt-signature': signPayload(d.secret, timestamp, body),
  };
  try {
    // A redirect could lead anywhere, past the guard: never followed (a 3xx is a failed attempt).
    const { status } = await (opts.post ?? postPinned)(target, headers, body, timeoutMs);
    if (status >= 200 && status < 300) return { ok: true, statusCode: status };
    const error = status >= 300 && status < 400 ? t('errors.webhookRedirect', { status }) : `HTTP ${status}`;
    return { ok: false, statusCode: status, error };
  } catch (err) {
    const e = err as Error;
    const error = e.name === 'TimeoutError' ? t('errors.webhookTimeout', { ms: timeoutMs }) : t('errors.webhookRequestFailed', { detail: e.message }).slice(0, 300);
    return { ok: false, statusCode: null, error };
  }
}

/** Try one claimed delivery and record the outcome on its row. */
async function attempt(db: Db, d: Due, opts: DispatchOptions, now: Date): Promise<void> {
  const attempts = d.attempts + 1;
  // The error is stored in English, whoever's request woke the dispatcher; the log shows it in the reader's language.
  const outcome: Outcome = d.active ? await runInLocale('en', () => send(d, opts, now)) : { ok: false, statusCode: null, error: runInLocale('en', () => t('errors.webhookDisabled')) };
  const finished = new Date(Math.max(Date.now(), now.getTime()));
  if (outcome.ok) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'success', attempts, lastStatusCode: outcome.statusCode, lastError: null, nextAttemptAt: null, deliveredAt: finished })
      .where(eq(webhookDeliveries.id, d.id));
    return;
  }
  // A test ping is tried once; a disabled endpoint gets nothing more.
  const max = d.event === 'ping' || !d.active ? 1 : MAX_ATTEMPTS;
  const delay = RETRY_DELAYS_MS[attempts - 1];
  const final = attempts >= max || delay === undefined;
  await db
    .update(webhookDeliveries)
    .set({
      status: final ? 'failed' : 'pending',
      attempts,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: final ? null : new Date(now.getTime() + delay),
    })
    .where(eq(webhookDeliveries.id, d.id));
}

/**
 * Send every delivery that is due at `now`. Each row is claimed first (its
 * next attempt pushed past the timeout) so two runs never send it twice.
 * Returns how many were attempted.
 */
export async function dispatchDue(db: Db, opts: DispatchOptions): Promise<number> {
  const now = opts.now ?? new Date();
  const due = await db
    .select({
      id: webhookDeliveries.id,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      active: webhookEndpoints.active,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(BATCH);
  const lease = new Date(now.getTime() + (opts.timeoutMs ?? DELIVERY_TIMEOUT_MS) + 60_000);
  const claimed: Due[] = [];
  for (const d of due) {
    const won = await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: lease })
      .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.nextAttemptAt, d.nextAttemptAt!)))
      .returning({ id: webhookDeliveries.id });
    if (won.length) claimed.push(d);
  }
  await Promise.all(claimed.map((d) => attempt(db, d, opts, now)));
  return claimed.length;
}

/** The background loop: one per process, started by src/server/index.ts. */
let loop: { timer: ReturnType<typeof setInterval>; db: Db; opts: DispatchOptions; running: Promise<void> | null; again: boolean } | null = null;

function runLoop(): void {
  const l = loop;
  if (!l) return;
  if (l.running) {
    l.again = true;
    return;
  }
  l.running = dispatchDue(l.db, { ...l.opts, now: undefined })
    .then(() => undefined)
    .catch((err) => log.error('webhook dispatch failed', err))
    .finally(() => {
      l.running = null;
      if (l.again && loop === l) {
        l.again = false;
        runLoop();
      }
    });
}

export function startWebhookDispatcher(db: Db, opts: DispatchOptions & { intervalMs?: number }): () => Promise<void> {
  void stopWebhookDispatcher();
  const timer = setInterval(runLoop, opts.intervalMs ?? 5_000);
  // The loop never keeps the process alive on its own.
  (timer as { unref?: () => void }).unref?.();
  loop = { timer, db, opts, running: null, again: false };
  runLoop();
  return stopWebhookDispatcher;
}

/** Stop the loop and wait for a run in progress to finish. */
export async function stopWebhookDispatcher(): Promise<void> {
  const l = loop;
  loop = null;
  if (!l) return;
  clearInterval(l.timer);
  await l.running;
}

/**
 * New deliveries were recorded: send them now rather than at the next tick, once the write that
 * recorded them has committed (a kick from inside a transaction would run before its rows exist).
 */
export function kickWebhookDispatcher(): void {
  if (loop) afterWrites(runLoop);
}
