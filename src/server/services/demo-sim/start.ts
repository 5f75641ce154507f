import type { Db } from '../../../../db/client';
import type { Env } from '../../env';
import { log } from '../../log';
import { createDemoSimulator, type DemoSimulator } from './simulator';

/** Whether this server runs the demo simulator: the demo is seeded, SIMULATE_DEMO is not false, and never in production. */
export const simulatorEnabled = (env: Pick<Env, 'NODE_ENV' | 'SEED_DEMO' | 'SIMULATE_DEMO'>) => env.NODE_ENV !== 'production' && env.SEED_DEMO && env.SIMULATE_DEMO;

/**
 * Starts the demo simulator (simulator.ts) with the server: a step every `intervalMs` on the real clock.
 * Returns the stop function the shutdown waits for (it lets a step in flight finish), or null when off.
 */
export function startDemoSimulator(
  db: Db,
  env: Pick<Env, 'NODE_ENV' | 'SEED_DEMO' | 'SIMULATE_DEMO'>,
  opts: { intervalMs?: number; clock?: () => Date; simulator?: DemoSimulator } = {},
): (() => Promise<void>) | null {
  if (!simulatorEnabled(env)) return null;
  const sim = opts.simulator ?? createDemoSimulator(db);
  const clock = opts.clock ?? (() => new Date());
  const intervalMs = opts.intervalMs ?? 15_000;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    running = sim
      .step(clock())
      .catch((err) => log.error('demo simulator step failed', err))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  log.info('Demo simulator on: seeded riders on duty move and deliver (SIMULATE_DEMO=false turns it off)');
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
