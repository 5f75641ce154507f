/**
 * The device's storage for this site (issue 20, item 7): nearly full when more than 90 % of the quota is used or
 * less than 15 MB is left (a proof photo waiting in the outbox is 0.1–0.5 MB; a day's photos fit in that).
 */
export const NEARLY_FULL_RATIO = 0.9;
export const MIN_FREE_BYTES = 15 * 1024 * 1024;

export function nearlyFull({ usage, quota }: { usage?: number; quota?: number }): boolean {
  if (!quota || usage === undefined) return false;
  return usage / quota > NEARLY_FULL_RATIO || quota - usage < MIN_FREE_BYTES;
}

/** False where the browser cannot say (no StorageManager): the warning is a help, not a gate. */
export async function storageNearlyFull(): Promise<boolean> {
  try {
    if (!navigator.storage?.estimate) return false;
    return nearlyFull(await navigator.storage.estimate());
  } catch {
    return false;
  }
}

/** A write refused for lack of space: IndexedDB's QuotaExceededError (Safari may wrap it in the transaction's error). */
export function isQuotaError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { name, cause } = err as { name?: unknown; cause?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || (cause !== undefined && cause !== err && isQuotaError(cause));
}

/** Thrown to the caller of a write that could not be kept on the device: it was not saved. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('Not saved: the device storage is full', { cause });
    this.name = 'StorageFullError';
  }
}
