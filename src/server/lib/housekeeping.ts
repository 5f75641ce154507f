import type { Db } from '../../../db/client';
import { startHourly } from './hourly';
import { pruneIdempotencyKeys } from './idempotency';
import { pruneLoginAttempts } from '../services/identity';

/**
 * Runs `housekeep` at start and every hour; without it idempotency_keys grows with every keyed rider write and
 * login_attempts with every sign-in. Returns a stop that waits for a pass in progress.
 */
export function startHousekeeping(db: Db): () => Promise<void> {
  return startHourly('housekeeping', () => housekeep(db));
}

/** One pass: rows that have outlived their purpose (expired idempotency keys, sign-in attempts outside the window). */
export async function housekeep(db: Db, now = new Date()): Promise<void> {
  await pruneIdempotencyKeys(db, now);
  await pruneLoginAttempts(db, now);
}

