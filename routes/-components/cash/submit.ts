import { sendWrite, startOutbox } from '../../../src/client/outbox';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import type { HandoverChannel } from '../../../src/shared/cash/ledger-types';
import { withCapture, type CaptureRef } from '../app/actions';
import { rememberFromAnswer } from './codes';

export type SubmitAnswer = RouterOutputs['rider']['submitCash'];
export type HandoverSubmit = { kind: 'sent'; answer: SubmitAnswer } | { kind: 'queued' } | { kind: 'refused'; message: string } | { kind: 'unauthorized' };

/**
 * Submit Cash through the rider outbox (Idempotency-Key, kept while offline) on the spec's path, with
 * the channel and the scanned slip. The answer's one-time code is remembered for the hand-over panel.
 */
export async function submitHandover(w: { userId: string; riderId: string; amount: number; channel: HandoverChannel; slip: CaptureRef }): Promise<HandoverSubmit> {
  await startOutbox(w.userId);
  const c = withCapture(w.slip, 'slipCaptureId');
  const o = await sendWrite({
    method: 'POST',
    url: `/api/riders/${encodeURIComponent(w.riderId)}/cash/submit`,
    // The spec's body is { amount }; a hand-over is the default channel, so only a bank deposit says so.
    body: { amount: w.amount, ...(w.channel === 'bank_deposit' ? { channel: w.channel } : {}), ...c.body },
    // 'cash': the app's overlay moves the amount from on hand to pending until the server answers.
    meta: { kind: 'cash' },
    // The answer carries the one-time code, which the server keeps only as a hash: kept with the entry, so a code
    // sent by the service worker's replay while the app was closed is still shown when the app opens (RiderHandovers).
    keepResult: true,
    ...c.extra,
  });
  if (o.kind === 'sent') {
    rememberFromAnswer(o.result);
    return { kind: 'sent', answer: o.result as SubmitAnswer };
  }
  if (o.kind === 'dropped') return { kind: 'refused', message: o.message };
  return { kind: o.kind };
}

/** A cash submit that waited in the outbox and was sent later. */
export const isCashSubmit = (url: string) => /\/api\/riders\/[^/]+\/cash\/submit$/.test(url);
