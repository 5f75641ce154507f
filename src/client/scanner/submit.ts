import type { SessionUser } from '../../shared/schemas/auth';
import { sendWrite, startOutbox } from '../outbox';
import { captureBody, type CaptureAuthor, type CaptureResult } from './capture';

export const CAPTURE_URL = '/api/ocr/submit';

export function authorOf(user: SessionUser): CaptureAuthor {
  return { riderId: user.roleData.id ?? '', riderName: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}

export type SubmitOutcome =
  /** On the server; captureId is the stored scan. */
  | { kind: 'sent'; key: string; captureId: string | null }
  /** Kept in the outbox until the network is back ('Data Recorded Locally...' is shown). */
  | { kind: 'queued'; key: string }
  /** The server refused it for good (e.g. not a real image). */
  | { kind: 'refused'; message: string }
  | { kind: 'unauthorized' };

/**
 * A confirmed scan goes through the rider outbox (IndexedDB, idempotency key), so a
 * photo taken with no signal is sent later, once. Its answer is kept so a later
 * write (duty start, proof of delivery) can refer to its captureId by the key.
 */
export async function submitCapture(capture: CaptureResult, user: SessionUser): Promise<SubmitOutcome> {
  await startOutbox(user.id);
  const outcome = await sendWrite({ method: 'POST', url: CAPTURE_URL, body: captureBody(capture, authorOf(user)), keepResult: true, meta: { type: capture.type } });
  switch (outcome.kind) {
    case 'sent': {
      const result = outcome.result as { captureId?: unknown } | null;
      return { kind: 'sent', key: outcome.key, captureId: typeof result?.captureId === 'string' ? result.captureId : null };
    }
    case 'queued':
      return { kind: 'queued', key: outcome.key };
    case 'dropped':
      return { kind: 'refused', message: outcome.message };
    default:
      return { kind: 'unauthorized' };
  }
}
