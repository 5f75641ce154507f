import type { Db } from '../../../../db/client';
import type { SheetsTarget } from '../../google/sheets-client';
import { DomainError } from '../../errors';
import { syncToSheets } from './sheets-sync';

/** After a failed sync (Google did not answer), try again after 1, 5 and 15 minutes. */
export const RETRY_SCHEDULE_MS = [60_000, 300_000, 900_000] as const;

let pending: ReturnType<typeof setTimeout> | undefined;

/** Whether a retry is waiting (for the lead's status view and tests). */
export function retryPending(): boolean {
  return pending !== undefined;
}

export function cancelSheetsRetry(): void {
  clearTimeout(pending);
  pending = undefined;
}

function scheduleRetry(db: Db, target: SheetsTarget, actorId: string | null, attempt: number, schedule: readonly number[]) {
  const delay = schedule[attempt];
  if (delay === undefined) return;
  cancelSheetsRetry();
  pending = setTimeout(() => {
    pending = undefined;
    syncToSheets(db, target, actorId).catch((err) => {
      if (isTransient(err)) scheduleRetry(db, target, actorId, attempt + 1, schedule);
    });
  }, delay);
  // A waiting retry never keeps the process alive on shutdown.
  (pending as { unref?: () => void }).unref?.();
}

const isTransient = (err: unknown) => err instanceof DomainError && err.code === 'BAD_GATEWAY';

/**
 * The spec's promise, kept: 'Failed to sync data - will retry automatically'.
 * A transient failure schedules retries in the background; the caller still gets the error.
 */
export async function syncWithRetry(db: Db, target: SheetsTarget | null, actorId: string | null, schedule: readonly number[] = RETRY_SCHEDULE_MS) {
  try {
    const result = await syncToSheets(db, target, actorId);
    cancelSheetsRetry();
    return result;
  } catch (err) {
    if (target && isTransient(err)) scheduleRetry(db, target, actorId, 0, schedule);
    throw err;
  }
}
