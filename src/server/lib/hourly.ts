import { log } from '../log';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `job` now and then every hour (server start-up only, never in tests): a failed run is logged under
 * `name` and tried again the next hour. Returns a stop that waits for a run in progress (graceful shutdown).
 */
export function startHourly(name: string, job: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = job().catch((err) => log.error(`${name} failed`, err instanceof Error ? { err: err.message } : err));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
