import type { Db } from '../../../../../db/client';
import { once } from '../../../lib/idempotency';
import { FlaggedRefusal, fileFlag, type FlagContext } from './flags';
import type { ReplayInfo } from './replay';

/**
 * `once` for a rider write that may meet a changed server: the write with its flags (filed in its own
 * transaction) applies once per key; a refusal the company must see is filed after the rollback, once per key.
 */
export async function onceFlagged<T>(
  db: Db,
  user: { userId: string; riderId: string },
  scope: string,
  input: { idempotencyKey?: string; outbox?: ReplayInfo },
  run: (tx: Db, flags: FlagContext) => Promise<T>,
): Promise<T> {
  const ctx: FlagContext = { riderId: user.riderId, idempotencyKey: input.idempotencyKey, replay: input.outbox };
  try {
    return await once(db, user.userId, scope, input.idempotencyKey, (tx) => run(tx, ctx));
  } catch (err) {
    if (err instanceof FlaggedRefusal) await fileFlag(db, ctx, err.flag);
    throw err;
  }
}
