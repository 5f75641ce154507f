import type { Db } from '../../../db/client';
import { startHourly } from './hourly';
import { pruneIdempotencyKeys } from './idempotency';

/** One pruning job: deletes the rows of its table that have outlived their purpose as of `now`. */
export type HousekeepingJob = (db: Db, now: Date) => Promise<unknown>;

/**
 * Runs `housekeep` at start and every hour with the jobs the caller registers (the services own their
 * tables: src/server/index.ts passes e.g. identity's pruneLoginAttempts); without it idempotency_keys grows
 * with every keyed rider write and login_attempts with every sign-in. Returns a stop that waits for a pass in progress.
 */
export function startHousekeeping(db: Db, jobs: readonly HousekeepingJob[]): () => Promise<void> {
  return startHourly('housekeeping', () => housekeep(db, jobs));
}

/** One pass: expired idempotency keys (lib's own table), then each registered job in turn. */
export async function housekeep(db: Db, jobs: readonly HousekeepingJob[], now = new Date()): Promise<void> {
  await pruneIdempotencyKeys(db, now);
  for (const job of jobs) await job(db, now);
}
