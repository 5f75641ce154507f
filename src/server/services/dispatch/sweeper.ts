import type { Db } from '../../../../db/client';
import { log } from '../../log';
import { expireOffers } from './answers';
import { retryOwedDispatches } from './dispatch-due';

/** How often the server sweeps offers: a time-out moves its order on within this much of its time. */
export const SWEEP_MS = 5_000;

/** One pass: offers past their time expire (their orders move on), then dispatches left owing are tried again; either failing leaves the other to run. */
async function sweep(db: Db) {
  const steps = [() => expireOffers(db), () => retryOwedDispatches(db)];
  for (const step of steps) {
    await step().catch((err: unknown) => log.error('dispatch sweeper failed', err instanceof Error ? { err: err.message } : { err: String(err) }));
  }
}

/**
 * Runs the offer sweeper (`sweep`) every SWEEP_MS from server start-up (never in tests, which call it with their
 * own clock). A pass never overlaps the previous one. Returns a stop that waits for a pass in progress.
 */
export function startDispatchSweeper(db: Db, every = SWEEP_MS): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = sweep(db).finally(() => {
        busy = false;
      });
  }, every);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
