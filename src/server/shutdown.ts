import type { Server } from 'bun';
import type { Db } from '../../db/client';
import { markDraining } from './http/health';
import { flushLog, log } from './log';
import { endChangeStreams } from './lib/events';
import { pingWriter } from './services/location';
import { stopWebhookDispatcher } from './services/integrations';

export interface ShutdownDeps {
  server: Server<undefined>;
  db: Db;
  /** How long requests in flight may take to finish before their connections are closed. */
  timeoutMs: number;
  /** Background work to stop and wait for (the document reminders' timer). */
  stopBackground: (() => Promise<void>)[];
}

/**
 * A graceful stop (SIGTERM from the platform, SIGINT from a terminal): /readyz turns 503, the listener closes
 * (new connections are refused, idle ones closed), live views end, requests in flight finish (up to
 * `timeoutMs`, then their connections are cut), background loops stop, the location ping writer commits what
 * it holds, the database closes, exit 0. Every answer a client received was committed before it was sent.
 */
export async function shutdown(deps: ShutdownDeps, signal: string): Promise<void> {
  const started = performance.now();
  log.info('shutting down', { signal, timeoutMs: deps.timeoutMs });
  markDraining();
  endChangeStreams();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drained = await Promise.race([
    deps.server.stop(false).then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deps.timeoutMs))),
  ]);
  clearTimeout(timer);
  if (!drained) {
    log.warn('requests still in flight at the shutdown deadline: closing their connections', { pending: deps.server.pendingRequests });
    await deps.server.stop(true);
  }
  await Promise.all([stopWebhookDispatcher(), ...deps.stopBackground.map((stop) => stop())]);
  await pingWriter(deps.db).settled();
  deps.db.$client.close();
  log.info('stopped', { signal, ms: Math.round(performance.now() - started) });
  flushLog();
}

/** SIGTERM and SIGINT start one shutdown; a second signal cuts the connections still open. */
export function onStopSignals(deps: ShutdownDeps): void {
  let stopping: Promise<void> | null = null;
  const handle = (signal: string) => {
    if (stopping) {
      log.warn('second stop signal: closing open connections now', { signal });
      void deps.server.stop(true);
      return;
    }
    stopping = shutdown(deps, signal).then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', err);
        flushLog();
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
}
