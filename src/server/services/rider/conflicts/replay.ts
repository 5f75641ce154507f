/**
 * What the outbox says about a write (headers X-Recorded-At and X-Replay, folded into the body by the REST
 * shims): when the phone recorded it, and whether the rider had already been told it was kept for later
 * (any attempt but the first one the rider waited for). A claim of the phone, trusted for nothing but the
 * choice between refusing a write the rider can no longer redo and applying it with a flag for the company.
 */
export interface ReplayInfo {
  recordedAt?: number;
  replay?: boolean;
}

/** A replayed write: the rider was not waiting for its answer, so a refusal can no longer be redone on the spot. */
export const isReplay = (info: ReplayInfo | undefined): boolean => info?.replay === true;

export const recordedDate = (info: ReplayInfo | undefined): Date | null => (info?.recordedAt ? new Date(info.recordedAt) : null);

